"""Landlock and seccomp through raw syscalls (ctypes): no compiled dependency, nothing to install.

Stdlib only: this module is loaded inside the sandbox by ``_confine.py`` before any untrusted code
runs, and on the host by ``doctor`` to report what the kernel offers.
"""

from __future__ import annotations

import ctypes
import os
import stat
import struct

_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long
_libc.prctl.restype = ctypes.c_int

PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2

# --- Landlock (include/uapi/linux/landlock.h) -------------------------------------------------------
_SYS_LANDLOCK_CREATE_RULESET = 444
_SYS_LANDLOCK_ADD_RULE = 445
_SYS_LANDLOCK_RESTRICT_SELF = 446
_LANDLOCK_CREATE_RULESET_VERSION = 1
_LANDLOCK_RULE_PATH_BENEATH = 1

FS_EXECUTE = 1 << 0
FS_WRITE_FILE = 1 << 1
FS_READ_FILE = 1 << 2
FS_READ_DIR = 1 << 3
FS_REMOVE_DIR = 1 << 4
FS_REMOVE_FILE = 1 << 5
FS_MAKE_CHAR = 1 << 6
FS_MAKE_DIR = 1 << 7
FS_MAKE_REG = 1 << 8
FS_MAKE_SOCK = 1 << 9
FS_MAKE_FIFO = 1 << 10
FS_MAKE_BLOCK = 1 << 11
FS_MAKE_SYM = 1 << 12
FS_REFER = 1 << 13  # ABI 2
FS_TRUNCATE = 1 << 14  # ABI 3
FS_IOCTL_DEV = 1 << 15  # ABI 5
_FILE_ONLY = FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_TRUNCATE | FS_IOCTL_DEV
READ = FS_READ_FILE | FS_READ_DIR
WRITE = (
    READ
    | FS_WRITE_FILE
    | FS_REMOVE_DIR
    | FS_REMOVE_FILE
    | FS_MAKE_DIR
    | FS_MAKE_REG
    | FS_MAKE_SYM
    | FS_MAKE_FIFO
    | FS_MAKE_SOCK
    | FS_REFER
    | FS_TRUNCATE
)
DEVICE = READ | FS_WRITE_FILE | FS_IOCTL_DEV
LIST = FS_READ_DIR  # a data directory: its entries can be listed, its files need their own rule
_NET_BIND_TCP = 1 << 0  # ABI 4
_NET_CONNECT_TCP = 1 << 1
_SCOPE_ABSTRACT_UNIX = 1 << 0  # ABI 6
_SCOPE_SIGNAL = 1 << 1


class KernelFeatureError(OSError):
    """A kernel feature the sandbox asked for is missing or refused."""


def _raise(what: str) -> None:
    err = ctypes.get_errno()
    raise KernelFeatureError(err, f"{what}: {os.strerror(err)}")


def landlock_abi() -> int:
    """The Landlock ABI version the kernel offers; 0 when Landlock is missing or disabled."""
    version = _libc.syscall(
        _SYS_LANDLOCK_CREATE_RULESET, None, ctypes.c_size_t(0), _LANDLOCK_CREATE_RULESET_VERSION
    )
    return max(int(version), 0)


def _handled_fs(abi: int) -> int:
    handled = (1 << 13) - 1
    if abi >= 2:
        handled |= FS_REFER
    if abi >= 3:
        handled |= FS_TRUNCATE
    if abi >= 5:
        handled |= FS_IOCTL_DEV
    return handled


def _ruleset_attr(abi: int) -> bytes:
    handled = _handled_fs(abi)
    if abi >= 6:
        return struct.pack(
            "QQQ", handled, _NET_BIND_TCP | _NET_CONNECT_TCP, _SCOPE_ABSTRACT_UNIX | _SCOPE_SIGNAL
        )
    if abi >= 4:
        return struct.pack("QQ", handled, _NET_BIND_TCP | _NET_CONNECT_TCP)
    return struct.pack("Q", handled)


def _add_rule(ruleset: int, path: str, access: int, handled: int) -> None:
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # a path that does not exist grants nothing
    try:
        allowed = access & handled
        if not stat.S_ISDIR(os.fstat(fd).st_mode):
            allowed &= _FILE_ONLY
        rule = ctypes.create_string_buffer(struct.pack("=Qi", allowed, fd), 12)
        if _libc.syscall(_SYS_LANDLOCK_ADD_RULE, ruleset, _LANDLOCK_RULE_PATH_BENEATH, rule, 0) < 0:
            _raise(f"landlock_add_rule({path!r})")
    finally:
        os.close(fd)


def apply_landlock(rules: list[tuple[str, int]]) -> int:
    """Restrict this process (and its future children) to ``rules``: (path, access bits) pairs.

    Everything not granted is denied: execution, reads and writes outside the listed paths, TCP bind
    and connect (ABI 4+), abstract unix sockets and signals outside the domain (ABI 6+). Paths that do
    not exist are skipped. Returns the ABI used.
    """
    abi = landlock_abi()
    if abi < 1:
        raise KernelFeatureError(0, "Landlock is not available in this kernel")
    attr = _ruleset_attr(abi)
    buf = ctypes.create_string_buffer(attr, len(attr))
    ruleset = _libc.syscall(_SYS_LANDLOCK_CREATE_RULESET, buf, ctypes.c_size_t(len(attr)), 0)
    if ruleset < 0:
        _raise("landlock_create_ruleset")
    try:
        for path, access in rules:
            _add_rule(ruleset, path, access, _handled_fs(abi))
        if _libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            _raise("prctl(PR_SET_NO_NEW_PRIVS)")
        if _libc.syscall(_SYS_LANDLOCK_RESTRICT_SELF, ruleset, 0) < 0:
            _raise("landlock_restrict_self")
    finally:
        os.close(ruleset)
    return abi


# --- seccomp-bpf -------------------------------------------------------------------------------------
_AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}
# Syscalls no data tool needs and sandbox escapes love: exec, debugging, namespaces, mounts, kernel
# keyrings, eBPF, io_uring, handle-based opens, module loading, clocks.
_DENIED = {
    "x86_64": {
        "execve": 59,
        "execveat": 322,
        "ptrace": 101,
        "process_vm_readv": 310,
        "process_vm_writev": 311,
        "mount": 165,
        "umount2": 166,
        "pivot_root": 155,
        "chroot": 161,
        "unshare": 272,
        "setns": 308,
        "keyctl": 250,
        "add_key": 248,
        "request_key": 249,
        "bpf": 321,
        "perf_event_open": 298,
        "userfaultfd": 323,
        "kexec_load": 246,
        "kexec_file_load": 320,
        "init_module": 175,
        "finit_module": 313,
        "delete_module": 176,
        "reboot": 169,
        "swapon": 167,
        "swapoff": 168,
        "acct": 163,
        "io_uring_setup": 425,
        "io_uring_enter": 426,
        "io_uring_register": 427,
        "open_by_handle_at": 304,
        "name_to_handle_at": 303,
        "open_tree": 428,
        "move_mount": 429,
        "fsopen": 430,
        "fsconfig": 431,
        "fsmount": 432,
        "fspick": 433,
        "mount_setattr": 442,
        "pidfd_getfd": 438,
        "settimeofday": 164,
        "clock_settime": 227,
        "adjtimex": 159,
        "sethostname": 170,
        "setdomainname": 171,
        "iopl": 172,
        "ioperm": 173,
        "quotactl": 179,
        "vhangup": 153,
        "personality": 135,
        # Metadata of files the uid owns (modes, owners, times, xattrs): no data tool changes them.
        "chmod": 90,
        "fchmod": 91,
        "fchmodat": 268,
        "fchmodat2": 452,
        "chown": 92,
        "fchown": 93,
        "lchown": 94,
        "fchownat": 260,
        "utime": 132,
        "utimes": 235,
        "futimesat": 261,
        "utimensat": 280,
        "setxattr": 188,
        "lsetxattr": 189,
        "fsetxattr": 190,
        "getxattr": 191,
        "lgetxattr": 192,
        "fgetxattr": 193,
        "listxattr": 194,
        "llistxattr": 195,
        "flistxattr": 196,
        "removexattr": 197,
        "lremovexattr": 198,
        "fremovexattr": 199,
        "setxattrat": 463,
        "getxattrat": 464,
        "listxattrat": 465,
        "removexattrat": 466,
        # Tools need no socket at all (the supervisor talks over a pipe). socketpair stays: it makes an
        # anonymous connected pair that reaches nothing outside, and asyncio's self-pipe needs it (a
        # converted library is served by an MCP server inside the sandbox).
        "socket": 41,
        # Other processes' memory placement and identity comparison.
        "migrate_pages": 256,
        "move_pages": 279,
        "kcmp": 312,
        "process_madvise": 440,
    },
    "aarch64": {
        "execve": 221,
        "execveat": 281,
        "ptrace": 117,
        "process_vm_readv": 270,
        "process_vm_writev": 271,
        "mount": 40,
        "umount2": 39,
        "pivot_root": 41,
        "chroot": 51,
        "unshare": 97,
        "setns": 268,
        "keyctl": 219,
        "add_key": 217,
        "request_key": 218,
        "bpf": 280,
        "perf_event_open": 241,
        "userfaultfd": 282,
        "kexec_load": 104,
        "kexec_file_load": 294,
        "init_module": 105,
        "finit_module": 273,
        "delete_module": 106,
        "reboot": 142,
        "swapon": 224,
        "swapoff": 225,
        "acct": 89,
        "io_uring_setup": 425,
        "io_uring_enter": 426,
        "io_uring_register": 427,
        "open_by_handle_at": 265,
        "name_to_handle_at": 264,
        "open_tree": 428,
        "move_mount": 429,
        "fsopen": 430,
        "fsconfig": 431,
        "fsmount": 432,
        "fspick": 433,
        "mount_setattr": 442,
        "pidfd_getfd": 438,
        "settimeofday": 170,
        "clock_settime": 112,
        "adjtimex": 171,
        "sethostname": 161,
        "setdomainname": 162,
        "personality": 92,
        "fchmod": 52,
        "fchmodat": 53,
        "fchmodat2": 452,
        "fchownat": 54,
        "fchown": 55,
        "utimensat": 88,
        "setxattr": 5,
        "lsetxattr": 6,
        "fsetxattr": 7,
        "getxattr": 8,
        "lgetxattr": 9,
        "fgetxattr": 10,
        "listxattr": 11,
        "llistxattr": 12,
        "flistxattr": 13,
        "removexattr": 14,
        "lremovexattr": 15,
        "fremovexattr": 16,
        "setxattrat": 463,
        "getxattrat": 464,
        "listxattrat": 465,
        "removexattrat": 466,
        "socket": 198,
        "migrate_pages": 238,
        "move_pages": 239,
        "kcmp": 272,
        "process_madvise": 440,
    },
}
# Scheduling, priority and limits: allowed on the calling process only (pid / who argument 0), so
# sandboxed code cannot slow the trusted supervisor or change its limits.
_SELF_ONLY = {
    "x86_64": {
        "sched_setaffinity": 203,
        "sched_setparam": 142,
        "sched_setscheduler": 144,
        "sched_setattr": 314,
        "prlimit64": 302,
    },
    "aarch64": {
        "sched_setaffinity": 122,
        "sched_setparam": 118,
        "sched_setscheduler": 119,
        "sched_setattr": 274,
        "prlimit64": 261,
    },
}
# (which, who) calls: allowed only as (PRIO_PROCESS / IOPRIO_WHO_PROCESS, 0), i.e. the caller itself.
_WHICH_WHO_SELF = {
    "x86_64": {"setpriority": (141, 0), "ioprio_set": (251, 1)},
    "aarch64": {"setpriority": (140, 0), "ioprio_set": (30, 1)},
}
# Leaving the process group: a call forked from the warm template (``_template.py``) must stay in the
# group the template kills when the call ends.
_PROCESS_GROUP = {
    "x86_64": {"setsid": 112, "setpgid": 109},
    "aarch64": {"setsid": 157, "setpgid": 154},
}
_CLONE = {"x86_64": 56, "aarch64": 220}
_CLONE3 = 435
# clone flags refused: every new namespace, and CLONE_PARENT (a child handed to the supervisor above,
# outside the caller's reach and, in a warm template, outside the call it belongs to).
_CLONE_DENIED = (
    0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000 | 0x00008000
)
_X32_BIT = 0x40000000

_LD_W_ABS = 0x20
_JEQ_K = 0x15
_JGE_K = 0x35
_JSET_K = 0x45
_RET_K = 0x06
_RET_ALLOW = 0x7FFF0000
_RET_KILL_PROCESS = 0x80000000
_RET_ERRNO = 0x00050000
_EPERM = 1
_ENOSYS = 38
_OFF_NR = 0
_OFF_ARCH = 4
_OFF_ARG0 = 16  # low 32 bits of args[0] on little-endian machines (pid_t and int are 32-bit)
_OFF_ARG1 = 24


def machine() -> str:
    """The machine name (``platform.machine()``, without loading ``platform`` into the sandbox)."""
    return os.uname().machine


def seccomp_arch() -> str | None:
    """The machine name when this module has a syscall table for it, else None."""
    name = machine()
    return name if name in _AUDIT_ARCH else None


def _ins(code: int, k: int, jt: int = 0, jf: int = 0) -> bytes:
    return struct.pack("=HBBI", code, jt, jf, k)


def seccomp_program(arch: str, *, keep_process_group: bool = False) -> bytes:
    """The BPF filter: deny the syscalls above with EPERM, other processes' scheduling, new namespaces
    and CLONE_PARENT.

    With ``keep_process_group`` ``setsid`` and ``setpgid`` are denied too.

    ``clone3`` answers ENOSYS (its flags sit behind a pointer BPF cannot read), so libc falls back to
    ``clone``, whose flags are checked. Foreign architectures and x32 calls kill the process.
    """
    eperm = _RET_ERRNO | _EPERM
    prog = [
        _ins(_LD_W_ABS, _OFF_ARCH),
        _ins(_JEQ_K, _AUDIT_ARCH[arch], 1, 0),
        _ins(_RET_K, _RET_KILL_PROCESS),
    ]
    prog.append(_ins(_LD_W_ABS, _OFF_NR))
    if arch == "x86_64":
        prog += [_ins(_JGE_K, _X32_BIT, 0, 1), _ins(_RET_K, _RET_KILL_PROCESS)]
    denied = dict(_DENIED[arch]) | (_PROCESS_GROUP[arch] if keep_process_group else {})
    for nr in sorted(denied.values()):
        prog += [_ins(_JEQ_K, nr, 0, 1), _ins(_RET_K, eperm)]
    prog += [_ins(_JEQ_K, _CLONE3, 0, 1), _ins(_RET_K, _RET_ERRNO | _ENOSYS)]
    for nr in sorted(_SELF_ONLY[arch].values()):
        prog += [
            _ins(_JEQ_K, nr, 0, 4),
            _ins(_LD_W_ABS, _OFF_ARG0),
            _ins(_JEQ_K, 0, 0, 1),
            _ins(_RET_K, _RET_ALLOW),
            _ins(_RET_K, eperm),
        ]
    for nr, which in sorted(_WHICH_WHO_SELF[arch].values()):
        prog += [
            _ins(_JEQ_K, nr, 0, 6),
            _ins(_LD_W_ABS, _OFF_ARG0),
            _ins(_JEQ_K, which, 0, 3),
            _ins(_LD_W_ABS, _OFF_ARG1),
            _ins(_JEQ_K, 0, 0, 1),
            _ins(_RET_K, _RET_ALLOW),
            _ins(_RET_K, eperm),
        ]
    prog += [
        _ins(_JEQ_K, _CLONE[arch], 0, 4),
        _ins(_LD_W_ABS, _OFF_ARG0),
        _ins(_JSET_K, _CLONE_DENIED, 1, 0),
        _ins(_RET_K, _RET_ALLOW),
        _ins(_RET_K, eperm),
    ]
    prog.append(_ins(_RET_K, _RET_ALLOW))
    return b"".join(prog)


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def apply_seccomp(*, keep_process_group: bool = False) -> None:
    """Install the filter on this thread's process for good (no way back, inherited by children)."""
    arch = seccomp_arch()
    if arch is None:
        raise KernelFeatureError(0, f"no seccomp syscall table for {machine()!r}")
    program = seccomp_program(arch, keep_process_group=keep_process_group)
    buf = ctypes.create_string_buffer(program, len(program))
    fprog = _SockFprog(len(program) // 8, ctypes.cast(buf, ctypes.c_void_p))
    if _libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        _raise("prctl(PR_SET_NO_NEW_PRIVS)")
    if _libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        _raise("prctl(PR_SET_SECCOMP)")


def seccomp_available() -> tuple[bool, str]:
    """Whether a seccomp filter can be installed here (checked in a throwaway child)."""
    if seccomp_arch() is None:
        return False, f"no syscall table for {machine()!r}"
    pid = os.fork()
    if pid == 0:  # pragma: no cover - child
        try:
            apply_seccomp()
            os._exit(0)
        except OSError:
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) == 0:
        return True, f"seccomp-bpf filter ({seccomp_arch()})"
    return False, "prctl(PR_SET_SECCOMP) was refused"


# --- capabilities ------------------------------------------------------------------------------------
_PR_CAPBSET_DROP = 24
_PR_SET_DUMPABLE = 4
_PR_SET_THP_DISABLE = 41
_CAP_LAST = 63
_LINUX_CAPABILITY_VERSION_3 = 0x20080522


def drop_capabilities() -> None:
    """Give up every capability (bounding set, effective, permitted, inheritable) for good."""
    for cap in range(_CAP_LAST + 1):
        _libc.prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0)  # EINVAL past the kernel's last cap is fine
    header = ctypes.create_string_buffer(struct.pack("=Ii", _LINUX_CAPABILITY_VERSION_3, 0), 8)
    data = ctypes.create_string_buffer(bytes(24), 24)
    if _libc.capset(header, data) != 0:
        _raise("capset")


def set_dumpable(value: bool) -> None:
    """Non-dumpable processes keep their /proc/PID/{fd,mem,environ} from other processes of the same uid."""
    if _libc.prctl(_PR_SET_DUMPABLE, int(value), 0, 0, 0) != 0:
        _raise("prctl(PR_SET_DUMPABLE)")


def disable_transparent_huge_pages() -> bool:
    """No transparent huge pages for this process and every process it starts (kept across exec).

    A short-lived process that allocates a few hundred megabytes once pays a huge page's fault (2 MB
    cleared at a time, and on a virtual machine often a fault of the host too) without living long
    enough to gain from fewer TLB misses; see docs/DECISIONS.md ("Big files"). False where the kernel
    refuses (before Linux 3.15): nothing changes then.
    """
    return bool(_libc.prctl(_PR_SET_THP_DISABLE, 1, 0, 0, 0) == 0)

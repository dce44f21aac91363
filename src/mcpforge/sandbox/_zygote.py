"""The warm template's zygote: forks every call from a state that no request has touched.

The template (``_template.py``) imports the trusted libraries, then forks this zygote *before it reads
its first request*, and from then on only the template parses requests, buffers outputs and talks to
the host. The zygote's memory therefore holds the libraries and nothing of any call: no request, no
argument, no output, no person's file ever enters it. Whatever a call finds in the memory it inherited
(numpy views over its own mappings, ``gc``), it finds the libraries and nothing else.

Protocol: the template sends one byte (``FORK``) with four descriptors attached (SCM_RIGHTS): the
call's request pipe (read end), its stdout and stderr pipes (write ends) and a status pipe (write
end). The zygote forks a *reaper* for the call and forgets the descriptors (it ignores SIGCHLD, so
reapers leave no zombie behind). The reaper forks the call itself, joins the call's process group (so
"the group is gone" means the reaper is gone too), writes ``"<pid>\\n"`` on the status pipe, waits for
the call and writes ``"<wait status>\\n"``, then exits; so even the call's exit status never passes
through the zygote. The call reads its request
from its own pipe (``_template_call.child_main``).

Stdlib only; imported as a top-level sibling inside the sandbox, like ``_confine``.
"""

# Descriptor-level os calls on purpose: a fork server managing raw pipes.
from __future__ import annotations

import contextlib
import os
import signal
import socket
from collections.abc import Callable
from typing import NoReturn

FORK = b"F"
CALL_FDS = 4  # request (read end), stdout, stderr, status (write ends)

ChildMain = Callable[[int, int, int], NoReturn]


def serve(control: socket.socket, child_main: ChildMain) -> NoReturn:
    """The zygote's loop: one reaper per ``FORK`` message, until the template closes the socket."""
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    while True:
        try:
            message, fds, _flags, _addr = socket.recv_fds(control, 16, CALL_FDS)
        except OSError:
            os._exit(0)
        if not message:
            os._exit(0)  # the template is gone: so are its calls
        if message != FORK or len(fds) != CALL_FDS:
            _close(fds)
            continue
        try:
            pid = os.fork()
        except OSError:
            _close(fds)  # the template sees the status pipe end without a pid: the call did not start
            continue
        if pid == 0:
            control.close()
            _reaper(fds, child_main)
        _close(fds)


def _reaper(fds: list[int], child_main: ChildMain) -> NoReturn:
    """In the reaper: fork the call, report its pid, wait for it, report its wait status."""
    request_r, out_w, err_w, status_w = fds
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # this one waits for its call
    try:
        pid = os.fork()
    except OSError:
        os._exit(1)
    if pid == 0:
        os.close(status_w)
        child_main(request_r, out_w, err_w)
    _close([request_r, out_w, err_w])
    with contextlib.suppress(OSError):
        os.setpgid(pid, pid)  # also done by the call itself: whichever runs first, no race
    with contextlib.suppress(OSError):
        os.setpgid(0, pid)
    with contextlib.suppress(OSError):
        os.write(status_w, f"{pid}\n".encode())
    _, status = os.waitpid(pid, 0)
    with contextlib.suppress(OSError):
        os.write(status_w, f"{status}\n".encode())
    os._exit(0)


def _close(fds: list[int]) -> None:
    for fd in fds:
        with contextlib.suppress(OSError):
            os.close(fd)

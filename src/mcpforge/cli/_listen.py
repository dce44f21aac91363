"""A listening socket for ``serve --http`` and ``ui``, bound before anything says it is serving.

A port already in use (or an address this machine does not have) is the person's to change: one line
naming the option and the port, exit code 2, never uvicorn's own exit (3, which mcpforge uses for "a
question") after a start-up line that claimed to be serving.
"""

from __future__ import annotations

import errno
import socket

from mcpforge.exceptions import InvalidArgumentError

_BACKLOG = 128  # clients that connect before uvicorn accepts wait in the queue instead of being refused


def bind_listener(host: str, port: int, *, option: str) -> socket.socket:
    """A socket bound to ``host``:``port`` and listening (``port`` 0: a free one), as uvicorn binds it.

    Raises:
        InvalidArgumentError: the address cannot be bound (in use, not of this machine, not allowed).
    """
    address = host.removeprefix("[").removesuffix("]")
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    # IPPROTO_TCP named, not 0: asyncio sets TCP_NODELAY only on accepted sockets whose ``proto`` says TCP;
    # without it each HTTP answer waited for the client's delayed ACK (~40 ms per request).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((address, port))
        sock.listen(_BACKLOG)
    except OSError as exc:
        sock.close()
        raise cannot_listen(host, port, option=option, error=exc) from None
    return sock


def cannot_listen(host: str, port: int, *, option: str, error: OSError) -> InvalidArgumentError:
    """The one-line error for an address that cannot be bound, saying what to change."""
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    if isinstance(error, socket.gaierror):
        why = f"{host!r} is not a name or address of this machine"
    elif error.errno == errno.EADDRINUSE:
        why = f"port {port} is already in use; choose another port or stop the program using it"
    elif error.errno == errno.EADDRNOTAVAIL:
        why = f"{host!r} is not an address of this machine"
    elif error.errno == errno.EACCES:
        why = f"not allowed to listen on port {port} (ports below 1024 need privileges)"
    else:
        why = error.strerror or str(error)
    return InvalidArgumentError(f"cannot listen on {shown}:{port} ({option}): {why}", argument=option)

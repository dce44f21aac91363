"""Every HTTP request names this server in its ``Host``, and a browser's ``Origin`` is one of its own.

A web page can make a browser send requests to ``127.0.0.1`` through DNS rebinding: its own name
(``evil.example``) resolves to the loopback address, the browser treats the server as the page's own
origin, and every tool, the forge included, answers the page. The request still carries
``Host: evil.example``, so a server that answers only to its own names is out of reach. The names are the
loopback ones with the served port (``127.0.0.1:8765``, ``localhost:8765``, ``[::1]:8765``), the bound
address when it is one, and the public names configured for the deployment. A browser ``Origin`` must be
one of those names as an ``http``/``https`` origin, or one listed on purpose; requests without ``Origin``
(command-line and desktop clients) pass. FastMCP's own guard is not used: it ignores the port of
``Host`` and lets any loopback origin in, so a page of another local web server could call the forge.

Refusals answer as the MCP SDK's transport security does: 421 for a foreign ``Host``, 403 for a foreign
``Origin``, before authentication or any MCP handling.
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["HostOriginGuard", "HostPolicy", "guard_middleware", "is_loopback"]

logger = logging.getLogger("mcpforge.server")

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


def is_loopback(host: str) -> bool:
    """Whether binding ``host`` keeps the server on this machine (``localhost`` or a loopback address)."""
    name = host.strip().lower().removeprefix("[").removesuffix("]")
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _bracketed(host: str) -> str:
    """An address as it appears in a ``Host`` header (IPv6 in brackets)."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def _bound_name(host: str) -> str | None:
    """The bound address as a ``Host`` name, unless it is a wildcard (which names no one)."""
    try:
        address = ipaddress.ip_address(host.removeprefix("[").removesuffix("]"))
    except ValueError:
        return host.lower()  # a host name given to --host: clients will use it
    return None if address.is_unspecified else _bracketed(str(address))


def _with_port(name: str, port: int) -> set[str]:
    """``name`` as ``Host`` values: exactly when it has a port, else bare or with the served port."""
    name = name.strip().lower()
    if name.endswith("]") or ":" not in name:  # no port ("[::1]" has colons but no port)
        return {name, f"{name}:{port}"}
    return {name}


@dataclass(frozen=True, kw_only=True)
class HostPolicy:
    """The ``Host`` values and browser origins one server answers to."""

    hosts: frozenset[str]
    origins: frozenset[str]

    @classmethod
    def for_server(
        cls, host: str, port: int, public_names: Iterable[str] = (), allowed_origins: Iterable[str] = ()
    ) -> HostPolicy:
        """The policy of a server bound to ``host``:``port``.

        Args:
            host: the bound interface (``--host``).
            port: the served port.
            public_names: names clients use off this machine (``mcp.example.com`` or ``name:port``).
            allowed_origins: extra browser origins trusted on purpose (``https://app.example.com``).
        """
        names = [f"{name}:{port}" for name in LOOPBACK_NAMES]
        if port == 80:  # clients leave the default port out of Host
            names += list(LOOPBACK_NAMES)
        bound = _bound_name(host)
        if bound is not None:
            names.append(f"{bound}:{port}")
        hosts: set[str] = set(names)
        for name in public_names:
            hosts |= _with_port(name, port)
        origins = {f"{scheme}://{name}" for name in hosts for scheme in ("http", "https")}
        origins |= {origin.strip().lower().rstrip("/") for origin in allowed_origins}
        return cls(hosts=frozenset(hosts), origins=frozenset(origins))

    def host_allowed(self, host: str | None) -> bool:
        """Whether a request's ``Host`` header names this server."""
        return host is not None and host.strip().lower() in self.hosts

    def origin_allowed(self, origin: str | None) -> bool:
        """Whether a request's ``Origin`` is absent (not a browser) or one of this server's origins."""
        if origin is None:
            return True
        return _normal_origin(origin) in self.origins


def _normal_origin(origin: str) -> str:
    """``origin`` lower-cased, with the default port of its scheme left out (as browsers send it)."""
    value = origin.strip().lower().rstrip("/")
    for scheme, port in (("http", 80), ("https", 443)):
        value = value.removesuffix(f":{port}") if value.startswith(f"{scheme}://") else value
    return value


class HostOriginGuard:
    """ASGI middleware refusing requests whose ``Host`` or ``Origin`` does not belong to the server."""

    def __init__(self, app: ASGIApp, policy: HostPolicy) -> None:
        """Wrap ``app``; ``policy`` says which names and origins are this server's."""
        self.app = app
        self.policy = policy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer 421 / 403 for a foreign ``Host`` / ``Origin``, else pass the request on."""
        if scope["type"] not in {"http", "websocket"}:
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        host, origin = headers.get("host"), headers.get("origin")
        refusal: tuple[int, str] | None = None
        if not self.policy.host_allowed(host):
            logger.warning("refused a request for Host %r (not a name of this server)", host)
            refusal = (421, "Misdirected Request: unknown Host")
        elif not self.policy.origin_allowed(origin):
            logger.warning("refused a request from Origin %r (not an origin of this server)", origin)
            refusal = (403, "Forbidden: unknown Origin")
        if refusal is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})  # policy violation
        else:
            await PlainTextResponse(refusal[1], status_code=refusal[0])(scope, receive, send)


def guard_middleware(policy: HostPolicy) -> Sequence[Middleware]:
    """The Starlette middleware list that puts ``policy`` in front of an app."""
    return [Middleware(HostOriginGuard, policy=policy)]

"""Who asks: bearer tokens name an identity with roles, and only some roles may forge or approve.

Served over the network, the forge and the approval tools are not for whoever can reach the port
(ARCHITECTURE §5). Each bearer token maps to an identity name and a set of roles:

======== =====================================================================================
caller    call the promoted tools and ``list_available_tools`` (every role may)
requester ``forge_request``, ``inspect_candidate``, ``list_candidates`` (stage candidates, see them)
reviewer  ``review_candidate`` (the person answers through elicitation), ``inspect_candidate``,
          ``list_candidates``
admin     everything
metrics   ``GET /metrics`` of ``serve --http`` only (admin may too); no tool, not even the promoted ones
======== =====================================================================================

A forge tool the identity may not use is left out of its ``tools/list`` and a call of it is an ``isError``
result naming the roles it needs. Tokens are kept as sha256 digests only and compared in constant time
against every entry. The review page (``mcpforge ui --tokens-file``) signs people in with the same tokens
(:meth:`TokenTable.identify`) and the same roles: deciding there is ``review_candidate``'s. Without an
authentication provider (stdio, or HTTP on loopback without tokens) the caller is the local user, with
every role, as before.

The tokens document (a file, ``--tokens-file`` or ``server.tokens_file``; or the ``MCPFORGE_TOKENS``
environment variable) is YAML or JSON::

    tokens:
      - name: alice
        roles: [requester, reviewer]
        sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
      - name: ci
        roles: [caller]
        token: a-token-only-in-the-environment   # plain tokens only in MCPFORGE_TOKENS
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, get_args

import mcp.types as mt
import yaml
from fastmcp.server.auth import AccessToken, TokenVerifier
from fastmcp.server.dependencies import get_access_token
from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
from fastmcp.tools.base import ToolResult
from fastmcp.utilities.authorization import AuthContext
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from mcpforge.exceptions import ConfigError

__all__ = [
    "LOCAL",
    "ROLES",
    "TOKENS_ENV",
    "TOOL_ROLES",
    "Identity",
    "Role",
    "RoleCheck",
    "RoleGate",
    "TokenTable",
    "add_token",
    "current_actor",
    "current_identity",
    "load_tokens",
    "new_token",
    "token_digest",
]

logger = logging.getLogger("mcpforge.server")

Role = Literal["caller", "requester", "reviewer", "admin", "metrics"]
ROLES: tuple[Role, ...] = get_args(Role)
# The roles that may call tools not named in TOOL_ROLES (promoted tools, services, list_available_tools).
CALL_ROLES: frozenset[Role] = frozenset(ROLES) - {"metrics"}
TOKENS_ENV = "MCPFORGE_TOKENS"
MIN_TOKEN_CHARS = 16
# Tools not named here (promoted tools, services, list_available_tools) are open to every CALL_ROLES role.
TOOL_ROLES: dict[str, frozenset[Role]] = {
    "forge_request": frozenset({"requester", "admin"}),
    "inspect_candidate": frozenset({"requester", "reviewer", "admin"}),
    "list_candidates": frozenset({"requester", "reviewer", "admin"}),
    "review_candidate": frozenset({"reviewer", "admin"}),
    "forge_status": frozenset({"requester", "admin"}),  # with queue.url (mcpforge.jobs)
}


def token_digest(token: str) -> str:
    """The sha256 hex digest a tokens file stores for ``token``."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """A fresh random bearer token (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


class TokenEntry(BaseModel):
    """One identity of a tokens document: its name, roles, and its token (as a digest, or plain)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$", description="Who holds the token")
    roles: list[Role] = Field(min_length=1, description="What the holder may do")
    sha256: str | None = Field(default=None, pattern=r"^[0-9a-fA-F]{64}$", description="sha256 of the token")
    token: str | None = Field(default=None, min_length=MIN_TOKEN_CHARS, description="The token itself")

    @model_validator(mode="after")
    def _one_secret(self) -> TokenEntry:
        if (self.sha256 is None) == (self.token is None):
            raise ValueError("give exactly one of sha256 (the token's digest) and token")
        return self


class TokensDocument(BaseModel):
    """A tokens file or ``MCPFORGE_TOKENS``."""

    model_config = ConfigDict(extra="forbid")

    tokens: list[TokenEntry] = Field(description="One entry per token")


@dataclass(frozen=True, kw_only=True)
class Identity:
    """Who a request comes from: a token's holder, or the local user (every role)."""

    name: str
    roles: frozenset[Role]
    authenticated: bool = True

    def may_use(self, tool: str) -> bool:
        """Whether this identity may call (and see) ``tool``."""
        return bool(self.roles & TOOL_ROLES.get(tool, CALL_ROLES))

    def actor(self, local: str) -> str:
        """The audit-log actor: ``mcp:<name>`` for a token's holder, ``local`` for the local user."""
        return f"mcp:{self.name}" if self.authenticated else local


LOCAL = Identity(name="local", roles=frozenset(ROLES), authenticated=False)


@dataclass(frozen=True, kw_only=True)
class _Known:
    digest: bytes
    identity: Identity


def _entries(text: str, source: str, *, plain_allowed: bool) -> list[_Known]:
    # The messages name where and what, never the input: it may be a token.
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        raise ConfigError(f"tokens in {source} are not valid YAML{where}", source=source) from None
    try:
        document = TokensDocument.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in error['loc'])}: {error['msg']}" for error in exc.errors()[:3]
        )
        raise ConfigError(
            f"tokens in {source} are not a valid tokens document ({problems})", source=source
        ) from None
    known: list[_Known] = []
    for entry in document.tokens:
        if entry.token is not None and not plain_allowed:
            raise ConfigError(
                f"tokens file {source}: the entry {entry.name!r} holds a plain token; store its sha256 "
                "digest instead (`mcpforge tokens new` prints both)",
                source=source,
            )
        digest = (
            bytes.fromhex(entry.sha256)
            if entry.sha256
            else hashlib.sha256((entry.token or "").encode("utf-8")).digest()
        )
        known.append(_Known(digest=digest, identity=Identity(name=entry.name, roles=frozenset(entry.roles))))
    return known


def load_tokens(path: Path | None, env_value: str | None) -> TokenTable | None:
    """The token table from a tokens file and/or ``MCPFORGE_TOKENS``; None when neither is given.

    Raises:
        ConfigError: the file cannot be read, a document is malformed, a file holds a plain token, or
            two entries share a token.
    """
    known: list[_Known] = []
    if path is not None:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigError(
                f"cannot read the tokens file {str(path)!r}: {exc.strerror}", source=str(path)
            ) from None
        known += _entries(text, repr(str(path)), plain_allowed=False)
    if env_value is not None and env_value.strip():
        known += _entries(env_value, TOKENS_ENV, plain_allowed=True)
    if path is None and not known:
        return None
    digests = [entry.digest for entry in known]
    if len(set(digests)) != len(digests):
        raise ConfigError("two token entries share the same token; give every identity its own")
    if not known:
        raise ConfigError(f"the tokens file {str(path)!r} lists no token", source=str(path))
    return TokenTable(known)


def add_token(path: Path, name: str, roles: Sequence[str]) -> str:
    """Add a fresh token for ``name`` with ``roles`` to the tokens file ``path`` (made owner-only if new).

    Only the token's sha256 is written; the token itself is returned, to be shown once.

    Raises:
        ConfigError: the file exists but is not a valid tokens document, or ``name``/``roles`` are invalid.
    """
    entries: list[dict[str, Any]] = []
    if path.exists():
        text = path.read_text(encoding="utf-8")
        _entries(text, repr(str(path)), plain_allowed=False)  # refuse to extend a file that would not load
        entries = list((yaml.safe_load(text) or {}).get("tokens", []))
    token = new_token()
    try:
        entry = TokenEntry(name=name, roles=list(roles), sha256=token_digest(token))
    except ValidationError as exc:
        raise ConfigError(f"cannot add {name!r}: {exc.errors()[0]['msg']}", source=str(path)) from None
    entries.append(entry.model_dump(exclude_none=True))
    text = "# mcpforge bearer tokens: name, roles and the sha256 of each token\n" + yaml.safe_dump(
        {"tokens": entries}, sort_keys=False
    )
    temp = path.with_name(f".{path.name}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    temp.replace(path)
    return token


class TokenTable(TokenVerifier):
    """FastMCP token verifier over sha256 digests: every entry compared in constant time."""

    def __init__(self, known: Sequence[_Known]) -> None:
        """Verify against ``known`` (from :func:`load_tokens`)."""
        super().__init__()
        self._known = tuple(known)

    @property
    def identities(self) -> tuple[Identity, ...]:
        """The identities tokens map to (for the start-up line)."""
        return tuple(entry.identity for entry in self._known)

    def identify(self, token: str) -> Identity | None:
        """The identity ``token`` belongs to, or None (also the review page's sign-in)."""
        digest = hashlib.sha256(token.encode("utf-8")).digest()
        found: Identity | None = None
        for entry in self._known:  # no early exit: the time does not tell which entry matched
            if hmac.compare_digest(digest, entry.digest):
                found = entry.identity
        if found is None:
            logger.warning("refused a bearer token that matches no identity")
        return found

    async def verify_token(self, token: str) -> AccessToken | None:
        """The access token of the identity ``token`` belongs to, or None."""
        found = self.identify(token)
        if found is None:
            return None
        roles = sorted(found.roles)
        return AccessToken(
            token=token, client_id=found.name, subject=found.name, scopes=roles,
            claims={"name": found.name, "roles": roles},
        )  # fmt: skip


def _identity_of(token: AccessToken | None, *, auth_required: bool) -> Identity | None:
    if token is None:
        return None if auth_required else LOCAL
    claims: dict[str, Any] = token.claims or {}
    roles = frozenset(role for role in claims.get("roles", ()) if role in ROLES)
    return Identity(name=str(claims.get("name", token.client_id)), roles=roles)


def identity_of_access(token: AccessToken | None) -> Identity | None:
    """The identity a verified access token names (None for no token)."""
    return None if token is None else _identity_of(token, auth_required=True)


def current_identity(*, auth_required: bool) -> Identity | None:
    """Who the current MCP request comes from; None when authentication is required and missing."""
    return _identity_of(get_access_token(), auth_required=auth_required)


def current_actor(local: str, *, auth_required: bool) -> str:
    """The audit-log actor of the current request: ``mcp:<identity>``, or ``local`` for the local user.

    Called inside a tool the role gate admitted, so a missing identity can only be the local user's.
    """
    return (current_identity(auth_required=auth_required) or LOCAL).actor(local)


@dataclass(frozen=True, kw_only=True)
class RoleCheck:
    """FastMCP component auth check: lists and resolves a tool only for identities that may use it."""

    tool: str
    auth_required: bool

    def __call__(self, ctx: AuthContext) -> bool:
        """Whether the identity of ``ctx`` may use the tool."""
        identity = _identity_of(ctx.token, auth_required=self.auth_required)
        return identity is not None and identity.may_use(self.tool)


def refusal(tool: str, identity: Identity | None) -> ToolResult:
    """The ``isError`` result of a call the identity may not make."""
    needed = " or ".join(sorted(TOOL_ROLES.get(tool, CALL_ROLES)))
    who = (
        "an unauthenticated caller"
        if identity is None
        else f"{identity.name!r} ({', '.join(sorted(identity.roles)) or 'no role'})"
    )
    return ToolResult(content=f"{tool} needs the role {needed}; {who} may not call it", is_error=True)


class RoleGate(Middleware):
    """Refuses a call of a forge tool the identity may not use, as an ``isError`` result naming the roles."""

    def __init__(self, *, auth_required: bool) -> None:
        """``auth_required``: the server has an authentication provider (a missing token is refused)."""
        self.auth_required = auth_required

    async def on_call_tool(
        self,
        context: MiddlewareContext[mt.CallToolRequestParams],
        call_next: CallNext[mt.CallToolRequestParams, ToolResult],
    ) -> ToolResult:
        """Refuse the call or pass it on."""
        tool = context.message.name
        if tool in TOOL_ROLES or self.auth_required:  # with tokens, a metrics-only identity calls nothing
            identity = current_identity(auth_required=self.auth_required)
            if identity is None or not identity.may_use(tool):
                logger.warning(
                    "refused %s to %s", tool, identity.name if identity else "an unauthenticated caller"
                )
                return refusal(tool, identity)
        return await call_next(context)

"""People identified by an OAuth 2.1 / OIDC provider: JWTs verified as FastMCP verifies them, mapped to roles.

``server.oidc_jwks_uri`` (or ``server.oidc_public_key``), ``server.oidc_issuer`` and ``server.oidc_audience``
name the provider; FastMCP's :class:`JWTVerifier` checks the signature, issuer, audience and expiry. The
person is the ``server.oidc_name_claim`` claim (``preferred_username`` by default, else the subject) and
their mcpforge roles are the ``server.oidc_roles_claim`` claim (a list, or a space-separated string) —
only the four roles mcpforge knows are kept, so a provider's other groups grant nothing. Static bearer
tokens (``--tokens-file``) keep working beside it: a token the table knows is that table's identity.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastmcp.server.auth import AccessToken
from fastmcp.server.auth.providers.jwt import JWTVerifier

from mcpforge.exceptions import ConfigError
from mcpforge.server._auth import ROLES, TokenTable

if TYPE_CHECKING:
    from mcpforge.config import ServerConfig

__all__ = ["OidcIdentities", "oidc_configured"]


def oidc_configured(server: ServerConfig) -> bool:
    """Whether the configuration names an OIDC provider."""
    return bool(server.oidc_jwks_uri or server.oidc_public_key)


def _public_key(value: str | None) -> str | None:
    """The PEM text of ``value``: the text itself, or a file holding it."""
    if value is None or value.lstrip().startswith("-----BEGIN"):
        return value
    path = Path(value).expanduser()
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"server.oidc_public_key: cannot read {str(path)!r}: {exc.strerror}") from exc


def roles_of(claim: Any) -> list[str]:
    """The mcpforge roles a roles claim grants (a list or a space-separated string); others are dropped."""
    values = claim.split() if isinstance(claim, str) else claim if isinstance(claim, list | tuple) else []
    return sorted({str(value) for value in values} & set(ROLES))


class OidcIdentities(TokenTable):
    """Bearer tokens of the tokens table, else JWTs of the OIDC provider, as mcpforge identities."""

    def __init__(self, server: ServerConfig, tokens: TokenTable | None) -> None:
        """Verify JWTs as ``server`` configures; ``tokens`` (may be None) are tried first."""
        super().__init__(tokens._known if tokens is not None else ())
        if not server.oidc_issuer or not server.oidc_audience:
            raise ConfigError("an OIDC provider needs server.oidc_issuer and server.oidc_audience")
        self._jwt = JWTVerifier(
            public_key=_public_key(server.oidc_public_key),
            jwks_uri=server.oidc_jwks_uri,
            issuer=server.oidc_issuer,
            audience=server.oidc_audience,
        )
        self._name_claim = server.oidc_name_claim
        self._roles_claim = server.oidc_roles_claim
        self.provider = server.oidc_issuer

    async def verify_token(self, token: str) -> AccessToken | None:
        """The table's identity for a known token, else the provider's person, or None."""
        known = await super().verify_token(token)
        if known is not None:
            return known
        verified = await self._jwt.verify_token(token)
        if verified is None:
            return None
        claims = verified.claims or {}
        name = str(claims.get(self._name_claim) or claims.get("sub") or verified.client_id)
        roles = roles_of(claims.get(self._roles_claim))
        return AccessToken(
            token=token, client_id=name, subject=name, scopes=roles, expires_at=verified.expires_at,
            claims={"name": name, "roles": roles, "issuer": self.provider},
        )  # fmt: skip

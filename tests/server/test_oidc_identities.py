"""People from an OAuth 2.1 / OIDC provider: a JWT signed by the provider's key names the person and their
roles; FastMCP's verifier checks signature, issuer, audience and expiry (issue 27, people and roles)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from fastmcp import Client
from fastmcp.server.auth.providers.jwt import RSAKeyPair
from tests.server.test_http_security import running

from mcpforge.config import MCPForgeConfig, ServerConfig
from mcpforge.exceptions import ConfigError
from mcpforge.registry import Registry
from mcpforge.server._auth import add_token, load_tokens
from mcpforge.server._oidc import OidcIdentities, roles_of

ISSUER = "https://id.example.com"
AUDIENCE = "mcpforge"
pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def keys() -> RSAKeyPair:
    return RSAKeyPair.generate()


def _server(keys: RSAKeyPair) -> ServerConfig:
    return ServerConfig(oidc_public_key=keys.public_key, oidc_issuer=ISSUER, oidc_audience=AUDIENCE)


def _jwt(keys: RSAKeyPair, name: str, roles: Any, **overrides: Any) -> str:
    options: dict[str, Any] = {"subject": f"id-{name}", "issuer": ISSUER, "audience": AUDIENCE}
    options.update(overrides)
    claims = {"preferred_username": name, "roles": roles}
    return keys.create_token(additional_claims=claims, **options)


async def test_a_providers_jwt_names_the_person_and_only_mcpforge_roles(keys: RSAKeyPair) -> None:
    verifier = OidcIdentities(_server(keys), None)
    access = await verifier.verify_token(_jwt(keys, "bob", ["reviewer", "payroll-admins"]))
    assert access is not None and access.claims["name"] == "bob" and access.claims["roles"] == ["reviewer"]
    assert roles_of("requester admin") == ["admin", "requester"] and roles_of(None) == []
    for bad in (
        _jwt(keys, "eve", ["admin"], audience="another-service"),
        _jwt(keys, "eve", ["admin"], issuer="https://evil.example.com"),
        _jwt(keys, "eve", ["admin"], expires_in_seconds=-60),
        _jwt(RSAKeyPair.generate(), "eve", ["admin"]),  # signed by another key
        "not-a-jwt",
    ):
        assert await verifier.verify_token(bad) is None


async def test_tokens_of_the_table_still_work_beside_the_provider(keys: RSAKeyPair, tmp_path: Path) -> None:
    path = tmp_path / "tokens.yaml"
    ci = add_token(path, "ci", ["caller"])
    verifier = OidcIdentities(_server(keys), load_tokens(path, None))
    access = await verifier.verify_token(ci)
    assert access is not None and access.claims["name"] == "ci"


def test_a_provider_without_issuer_or_audience_is_refused(keys: RSAKeyPair) -> None:
    with pytest.raises(ConfigError, match=r"oidc_issuer and server\.oidc_audience"):
        OidcIdentities(ServerConfig(oidc_public_key=keys.public_key), None)


async def test_over_http_the_jwt_decides_what_the_person_sees_and_may_call(
    keys: RSAKeyPair, forge_config: MCPForgeConfig
) -> None:
    registry = Registry(Path(forge_config.registry.root), forge_config)
    registry.init()
    auth = OidcIdentities(_server(keys), None)
    with running(registry, forge_config, auth=auth) as served:
        async with Client(served.url, auth=_jwt(keys, "carol", ["caller"])) as client:
            with anyio.fail_after(30):
                names = {tool.name for tool in await client.list_tools()}
        assert "list_available_tools" in names and "forge_request" not in names
        async with Client(served.url, auth=_jwt(keys, "alice", "requester")) as client:
            with anyio.fail_after(30):
                names = {tool.name for tool in await client.list_tools()}
        assert "forge_request" in names
        expired = _jwt(keys, "alice", ["admin"], expires_in_seconds=-60)
        refused = httpx.post(
            served.url, headers={"Authorization": f"Bearer {expired}", "Accept": "application/json"}, json={}
        )
        assert refused.status_code == 401

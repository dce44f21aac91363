"""The review page with team identities: sign in with a bearer token (a POST form, never the address),
the page says who is signed in, only reviewers and admins decide, the audit log names the identity, and
``review.separate_reviewer`` holds here as in every other front end (issue 27, roles)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from tests.ui.conftest import Staged, running

from mcpforge.config import load_config
from mcpforge.models import ToolStatus
from mcpforge.registry import Registry
from mcpforge.registry.testing import make_candidate
from mcpforge.server._auth import TokenTable, load_tokens
from mcpforge.ui import UIServer, serve_ui

TOKENS = {
    "alice": ("[requester, reviewer]", "alice-token-0123456789abcdef"),
    "bob": ("[reviewer]", "bob-token-0123456789abcdefgh"),
    "rita": ("[requester]", "rita-token-0123456789abcdefg"),
    "carl": ("[caller]", "carl-token-0123456789abcdefg"),
}
REFUSAL = "alice requested this tool; with review.separate_reviewer another reviewer must approve it"


def _table() -> TokenTable:
    lines = ["tokens:"] + [f"  - {{name: {n}, roles: {r}, token: {t}}}" for n, (r, t) in TOKENS.items()]
    table = load_tokens(None, "\n".join(lines) + "\n")
    assert table is not None
    return table


def _staged(tmp_path: Path, *, separate: bool) -> Staged:
    """One candidate alice requested, in a registry whose configuration separates reviewers or not."""
    config = load_config(
        None,
        overrides={
            "registry": {"root": str(tmp_path / "registry")},
            "review": {"separate_reviewer": separate},
        },
        environ={},
    )
    registry = Registry(tmp_path / "registry", config)
    registry.init()
    candidate, files = make_candidate("team_tool", description="team tool")
    staged = registry.stage_candidate(candidate, files, actor="mcp:alice")
    return Staged(registry=registry, config=config, ids=[staged.candidate_id])


@contextmanager
def _team_page(staged: Staged) -> Iterator[UIServer]:
    server = serve_ui(staged.registry, staged.config, tokens=_table())
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _client(server: UIServer) -> httpx.Client:
    return httpx.Client(base_url=f"http://127.0.0.1:{server.guard.port}", timeout=30, follow_redirects=False)


def _origin(server: UIServer) -> dict[str, str]:
    return {"origin": f"http://127.0.0.1:{server.guard.port}"}


def _sign_in(client: httpx.Client, server: UIServer, name: str) -> httpx.Response:
    form = client.get("/signin")
    assert form.status_code == 200
    field = re.search(r"name='signin' value='([0-9a-f]+)'", form.text)
    assert field is not None
    return client.post(
        "/signin", data={"signin": field.group(1), "token": TOKENS[name][1]}, headers=_origin(server)
    )


@contextmanager
def _signed_in(server: UIServer, name: str) -> Iterator[httpx.Client]:
    with _client(server) as client:
        response = _sign_in(client, server, name)
        assert response.status_code == 303, response.text
        cookie = response.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=strict" in cookie
        yield client


def _csrf(client: httpx.Client, cid: str) -> str:
    found = re.search(r"name='csrf' value='([0-9a-f]+)'", client.get(f"/candidate/{cid}").text)
    assert found is not None
    return found.group(1)


@pytest.fixture
def team(tmp_path: Path) -> Iterator[tuple[Staged, UIServer]]:
    staged = _staged(tmp_path, separate=True)
    with _team_page(staged) as server:
        yield staged, server


def test_the_page_takes_no_token_in_its_address_and_sends_strangers_to_the_sign_in(
    team: tuple[Staged, UIServer],
) -> None:
    _, server = team
    assert server.url.endswith("/signin")
    assert "token=" not in server.url
    with _client(server) as client:
        assert client.get("/").headers["location"] == "/signin"
        in_address = client.get("/", params={"token": TOKENS["bob"][1]})
        assert in_address.status_code == 403
        assert "set-cookie" not in in_address.headers
        assert client.get("/", params={"token": server.guard.token}).status_code == 403
        form = client.get("/signin")
        assert "type='password'" in form.text
        assert "samesite=strict" in form.headers["set-cookie"].lower()
        assert form.headers["content-security-policy"].startswith("default-src 'none'")


def test_a_sign_in_from_another_site_or_with_a_wrong_token_opens_nothing(
    team: tuple[Staged, UIServer],
) -> None:
    _, server = team
    with _client(server) as client:
        form = client.get("/signin").text
        field = re.search(r"name='signin' value='([0-9a-f]+)'", form)
        assert field is not None
        token = TOKENS["bob"][1]
        foreign = client.post(
            "/signin",
            data={"signin": field.group(1), "token": token},
            headers={"origin": "http://evil.example"},
        )
        assert foreign.status_code == 403
        with _client(server) as other:  # no pre-session cookie: a form posted from elsewhere
            assert other.post("/signin", data={"signin": field.group(1), "token": token}).status_code == 403
        wrong = client.post("/signin", data={"signin": field.group(1), "token": "not-a-known-token-at-all"})
        assert wrong.status_code == 403
        assert "belongs to no one" in wrong.text
        assert "mcpforge_ui=" not in wrong.headers.get("set-cookie", "")
        assert client.get("/").status_code == 303


def test_a_caller_cannot_sign_in_to_see_candidates(team: tuple[Staged, UIServer]) -> None:
    _, server = team
    with _client(server) as client:
        refused = _sign_in(client, server, "carl")
        assert refused.status_code == 403
        assert "needs the role admin or requester or reviewer" in refused.text


def test_a_requester_sees_the_page_read_only_and_a_forged_decision_is_refused(
    team: tuple[Staged, UIServer],
) -> None:
    staged, server = team
    cid = staged.ids[0]
    with _signed_in(server, "rita") as client:
        assert "Signed in as <b>rita</b> (requester)" in client.get("/").text
        html = client.get(f"/candidate/{cid}").text
        assert "id='approve'" not in html and "id='reject'" not in html
        assert "deciding needs the role admin or reviewer" in html
        csrf = _csrf(client, cid)  # the sign-out form's: a valid CSRF value of this session
        for action in ("approve", "reject"):
            forged = client.post(f"/candidate/{cid}/{action}", data={"csrf": csrf}, headers=_origin(server))
            assert forged.status_code == 403
    assert staged.registry.get_candidate(cid).status == ToolStatus.STAGED


def test_the_requester_cannot_approve_her_own_tool_on_the_page_and_another_reviewer_can(
    team: tuple[Staged, UIServer],
) -> None:
    staged, server = team
    cid = staged.ids[0]
    with _signed_in(server, "alice") as alice, _signed_in(server, "bob") as bob:
        html = alice.get(f"/candidate/{cid}").text
        assert "Signed in as <b>alice</b> (requester, reviewer)" in html
        assert "id='approve'" not in html and "id='reject'" in html
        assert REFUSAL in html
        alice_csrf, bob_csrf = _csrf(alice, cid), _csrf(bob, cid)
        assert alice_csrf != bob_csrf
        forged = alice.post(f"/candidate/{cid}/approve", data={"csrf": alice_csrf}, headers=_origin(server))
        assert forged.status_code == 403
        assert REFUSAL in forged.text
        crossed = bob.post(f"/candidate/{cid}/approve", data={"csrf": alice_csrf}, headers=_origin(server))
        assert crossed.status_code == 403  # one session's CSRF value does not pass for another's
        assert staged.registry.get_candidate(cid).status == ToolStatus.STAGED
        assert "id='approve'" in bob.get(f"/candidate/{cid}").text
        approved = bob.post(f"/candidate/{cid}/approve", data={"csrf": bob_csrf}, headers=_origin(server))
        assert approved.status_code == 303
    assert staged.registry.get_candidate(cid).status == ToolStatus.PROMOTED
    rows = [(e.to_status, e.actor) for e in staged.registry.audit.entries() if e.candidate_id == cid]
    assert rows == [("STAGED", "mcp:alice"), ("APPROVED", "mcp:bob via ui"), ("PROMOTED", "mcp:bob via ui")]


def test_the_requester_may_withdraw_her_request_on_the_page(team: tuple[Staged, UIServer]) -> None:
    staged, server = team
    cid = staged.ids[0]
    with _signed_in(server, "alice") as alice:
        withdrawn = alice.post(
            f"/candidate/{cid}/reject", data={"csrf": _csrf(alice, cid)}, headers=_origin(server)
        )
        assert withdrawn.status_code == 303
    assert staged.registry.get_candidate(cid).status == ToolStatus.REJECTED
    rejected = [e.actor for e in staged.registry.audit.entries() if e.to_status == "REJECTED"]
    assert rejected == ["mcp:alice via ui"]


def test_without_the_setting_the_requester_approves_on_the_page(tmp_path: Path) -> None:
    staged = _staged(tmp_path, separate=False)
    cid = staged.ids[0]
    with _team_page(staged) as server, _signed_in(server, "alice") as alice:
        answer = alice.post(
            f"/candidate/{cid}/approve", data={"csrf": _csrf(alice, cid)}, headers=_origin(server)
        )
        assert answer.status_code == 303
    assert staged.registry.get_candidate(cid).status == ToolStatus.PROMOTED


def test_signing_out_ends_the_session(team: tuple[Staged, UIServer]) -> None:
    staged, server = team
    with _signed_in(server, "bob") as bob:
        session = bob.cookies.get("mcpforge_ui")
        csrf = _csrf(bob, staged.ids[0])
        out = bob.post("/signout", data={"csrf": csrf}, headers=_origin(server))
        assert out.status_code == 303
        with _client(server) as replay:
            assert replay.get("/", headers={"cookie": f"mcpforge_ui={session}"}).status_code == 303


def test_without_tokens_the_page_is_the_local_users_as_before(tmp_path: Path) -> None:
    staged = _staged(tmp_path, separate=False)
    with running(staged) as server, _client(server) as client:
        assert "token=" in server.url
        assert client.get("/signin").status_code == 403
        opened = client.get("/", params={"token": server.guard.token})
        assert opened.status_code == 303
        assert "Local user" in client.get("/").text


def test_people_of_the_oidc_provider_sign_in_with_their_jwt(tmp_path: Path) -> None:
    """With an OIDC provider configured, the page knows the people `serve` knows: a JWT of the provider
    signs in with its roles claim (bob, reviewer, sees Approve); an expired one or another audience's not."""
    from fastmcp.server.auth.providers.jwt import RSAKeyPair

    from mcpforge.config import ServerConfig
    from mcpforge.server._oidc import OidcIdentities

    keys = RSAKeyPair.generate()
    settings = ServerConfig(
        oidc_public_key=keys.public_key, oidc_issuer="https://id.example.com", oidc_audience="mcpforge"
    )
    provider = OidcIdentities(settings, _table())

    def jwt(**overrides: object) -> str:
        options: dict[str, object] = {"issuer": "https://id.example.com", "audience": "mcpforge"}
        options.update(overrides)
        return keys.create_token(
            additional_claims={"preferred_username": "bob", "roles": ["reviewer"]}, **options
        )  # type: ignore[arg-type]

    staged = _staged(tmp_path, separate=True)
    server = serve_ui(staged.registry, staged.config, tokens=provider)
    server.start()
    try:
        for token, expected in (
            (jwt(expires_in_seconds=-60), 403),
            (jwt(audience="other"), 403),
            (jwt(), 303),
        ):
            with _client(server) as client:
                form = client.get("/signin")
                field = re.search(r"name='signin' value='([0-9a-f]+)'", form.text)
                assert field is not None
                response = client.post(
                    "/signin", data={"signin": field.group(1), "token": token}, headers=_origin(server)
                )
                assert response.status_code == expected, response.text
                if expected == 303:
                    page = client.get(f"/candidate/{staged.ids[0]}")
                    assert "bob" in page.text and "Approve" in page.text
    finally:
        server.stop()

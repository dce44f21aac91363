"""The review page's guard: only the printed URL opens it, no cross-site form, no state change on GET."""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from tests.ui.conftest import HOSTILE_CELL, Staged, running, stage_hand_written

from mcpforge.models import ToolStatus
from mcpforge.ui import UIServer


def _client(server: UIServer, host: str | None = None) -> httpx.Client:
    base = f"http://127.0.0.1:{server.guard.port}"
    headers = {"host": host} if host else {}
    return httpx.Client(base_url=base, headers=headers, timeout=30, follow_redirects=False)


@contextmanager
def _logged_in(server: UIServer) -> Iterator[httpx.Client]:
    with _client(server) as client:
        response = client.get("/", params={"token": server.guard.token})
        assert response.status_code == 303
        assert "httponly" in response.headers["set-cookie"].lower()
        assert "samesite=strict" in response.headers["set-cookie"].lower()
        yield client


def test_the_page_refuses_requests_without_the_token(page: tuple[Staged, UIServer]) -> None:
    _, server = page
    with _client(server) as client:
        assert client.get("/").status_code == 403
        assert client.get("/", params={"token": "guess"}).status_code == 403
        assert client.get("/", headers={"cookie": "mcpforge_ui=guess"}).status_code == 403


def test_the_token_becomes_a_cookie_and_leaves_the_address(page: tuple[Staged, UIServer]) -> None:
    _, server = page
    with _logged_in(server) as client:
        response = client.get("/")
        assert response.status_code == 200
        assert "Staging inbox" in response.text
        assert response.headers["content-security-policy"].startswith("default-src 'none'")
        assert response.headers["x-frame-options"] == "DENY"


def test_a_foreign_host_header_is_refused(page: tuple[Staged, UIServer]) -> None:
    _, server = page
    with _client(server, host=f"evil.example:{server.guard.port}") as client:
        assert client.get("/", params={"token": server.guard.token}).status_code == 421


def test_a_post_without_the_csrf_field_or_from_another_origin_changes_nothing(
    page: tuple[Staged, UIServer],
) -> None:
    staged, server = page
    cid = staged.ids[0]
    with _logged_in(server) as client:
        assert client.post(f"/candidate/{cid}/approve", data={}).status_code == 403
        forged = client.post(
            f"/candidate/{cid}/approve",
            data={"csrf": server.guard.csrf},
            headers={"origin": "http://evil.example"},
        )
        assert forged.status_code == 403
        assert client.get(f"/candidate/{cid}/approve").status_code == 405
    assert staged.registry.get_candidate(cid).status == ToolStatus.STAGED
    assert staged.registry.active_tools() == []


def test_approval_through_the_page_is_audited_with_its_origin(page: tuple[Staged, UIServer]) -> None:
    staged, server = page
    cid = staged.ids[0]
    with _logged_in(server) as client:
        html = client.get(f"/candidate/{cid}").text
        csrf = re.search(r"name='csrf' value='([0-9a-f]+)'", html)
        assert csrf is not None
        response = client.post(
            f"/candidate/{cid}/approve",
            data={"csrf": csrf.group(1)},
            headers={"origin": f"http://127.0.0.1:{server.guard.port}"},
        )
        assert response.status_code == 303
    assert staged.registry.get_candidate(cid).status == ToolStatus.PROMOTED
    actors = {e.actor for e in staged.registry.audit.entries() if e.candidate_id == cid and e.to_status}
    assert any(actor.endswith(" via ui") for actor in actors)


@pytest.mark.parametrize("path", ["/candidate/nope", "/candidate/nope/file/x.png"])
def test_unknown_candidates_are_not_found(page: tuple[Staged, UIServer], path: str) -> None:
    _, server = page
    with _logged_in(server) as client:
        assert client.get(path).status_code == 404


def test_what_a_tool_returned_is_shown_as_escaped_data(page: tuple[Staged, UIServer]) -> None:
    staged, server = page
    with _logged_in(server) as client:
        html = client.get(f"/candidate/{staged.ids[0]}").text
    assert HOSTILE_CELL not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--" in html
    assert "<script" not in html
    # The page's own decision forms come after the answer and are intact.
    assert html.index("id='result'") < html.index("id='approve'")


def test_the_printed_url_works_once_even_from_the_same_browser(page: tuple[Staged, UIServer]) -> None:
    _, server = page
    with _logged_in(server) as client:
        assert client.get("/").status_code == 200
        again = client.get("/", params={"token": server.guard.token})
        assert again.status_code == 403
        assert "set-cookie" not in again.headers
        assert client.get("/").status_code == 200  # the session it opened still works
    with _client(server) as other:
        assert other.get("/", params={"token": server.guard.token}).status_code == 403
        assert other.get("/").status_code == 403


def test_the_session_cookie_is_fresh_randomness_not_the_token(page: tuple[Staged, UIServer]) -> None:
    _, server = page
    token = server.guard.token
    with _logged_in(server) as client:
        session = client.cookies.get("mcpforge_ui")
        assert session is not None
        assert session != token
        assert token not in session
        assert session not in token
        assert len(session) >= 32
        # The URL's token is not a session: a cookie holding it opens nothing.
        with _client(server) as other:
            assert other.get("/", headers={"cookie": f"mcpforge_ui={token}"}).status_code == 403
            assert other.get("/", headers={"cookie": f"mcpforge_ui={session}"}).status_code == 200


def test_the_csrf_field_derives_from_the_session_not_the_token(page: tuple[Staged, UIServer]) -> None:
    staged, server = page
    cid = staged.ids[0]
    token = server.guard.token
    token_csrf = hmac.new(token.encode(), b"mcpforge-ui-csrf", hashlib.sha256).hexdigest()
    with _logged_in(server) as client:
        html = client.get(f"/candidate/{cid}").text
        csrf = re.search(r"name='csrf' value='([0-9a-f]+)'", html)
        assert csrf is not None
        assert csrf.group(1) != token_csrf
        assert token not in html
        origin = {"origin": f"http://127.0.0.1:{server.guard.port}"}
        forged = client.post(f"/candidate/{cid}/approve", data={"csrf": token_csrf}, headers=origin)
        assert forged.status_code == 403
    assert staged.registry.get_candidate(cid).status == ToolStatus.STAGED


def test_two_fresh_pages_hand_out_different_sessions(tmp_path: Path) -> None:
    staged = stage_hand_written(tmp_path)
    sessions = []
    for _ in range(2):
        with running(staged) as server, _logged_in(server) as client:
            sessions.append(client.cookies.get("mcpforge_ui"))
    assert sessions[0] != sessions[1]


def test_control_characters_in_tool_text_are_written_out_on_the_page(tmp_path: Path) -> None:
    staged = stage_hand_written(tmp_path)
    folder = staged.registry.candidate_dir(staged.ids[0])
    tool = folder / "tool.py"
    tool.write_text(
        tool.read_text(encoding="utf-8") + '\nNOTE = "\u202eevil\u2066 \x1b[2J"\n', encoding="utf-8"
    )
    with running(staged) as server, _logged_in(server) as client:
        html = client.get(f"/candidate/{staged.ids[0]}").text
    for char in ["\u202e", "\u2066", "\x1b"]:
        assert char not in html
    assert "\\u202e" in html

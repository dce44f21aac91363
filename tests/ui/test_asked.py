"""Issue 28 point 16: the review page shows what the CLI shows around the answer — the request, the data
file, the answers to the questions and the assumptions — and renders the reading without raw backticks."""

from __future__ import annotations

import re
import shutil
from html import unescape
from pathlib import Path

import httpx
from tests.ui.conftest import EXAMPLES, Staged, running

from mcpforge.config import load_config
from mcpforge.pipeline.forge import forge
from mcpforge.registry import Registry

REQUEST = "average location by region <b>now</b>"


def _staged_with_an_answer(tmp_path: Path) -> tuple[Staged, Path]:
    data = Path(shutil.copy(EXAMPLES / "traffic_accidents.csv", tmp_path / "traffic_accidents.csv"))
    config = load_config(None, overrides={"registry": {"root": str(tmp_path / "registry")}})
    registry = Registry(tmp_path / "registry", config)
    registry.init()
    result = forge(
        "average location by region",
        data,
        registry=registry,
        config=config,
        allow_read=[tmp_path],
        answers={"location": "speed_limit"},  # 'location' holds text: the question's answer
    )
    assert result.ok, result.error
    assert result.candidate_id is not None
    return Staged(registry=registry, config=config, ids=[result.candidate_id]), data


def _section(html: str, element_id: str) -> str:
    match = re.search(rf"<(\w+)[^>]*id='{element_id}'[^>]*>(.*?)</\1>", html, re.DOTALL)
    assert match is not None, f"no element {element_id!r}"
    return match.group(2)


def test_the_page_shows_the_request_the_file_the_answers_and_the_assumptions(tmp_path: Path) -> None:
    staged, data = _staged_with_an_answer(tmp_path)
    candidate = staged.registry.get_candidate(staged.ids[0])
    with (
        running(staged) as server,
        httpx.Client(
            base_url=f"http://127.0.0.1:{server.guard.port}", timeout=30, follow_redirects=True
        ) as client,
    ):
        client.get("/", params={"token": server.guard.token})
        html = client.get(f"/candidate/{staged.ids[0]}").text
    reading = _section(html, "reading")
    assert "`" not in reading  # code spans are rendered, not shown as backticks
    assert "<code>speed_limit</code>" in reading and "<code>region</code>" in reading
    asked = unescape(re.sub(r"<[^>]+>", " ", _section(html, "asked")))
    assert "average location by region" in asked
    assert str(data.resolve()) in asked or data.name in asked
    assert "location = speed_limit" in asked  # the answer to the question, as the CLI lists it
    for assumption in candidate.spec.assumptions:
        assert " ".join(assumption.split()) in " ".join(asked.split())


def test_markup_in_the_reading_or_the_request_stays_text(tmp_path: Path) -> None:
    from mcpforge.ui._pages import asked, reading_html

    assert reading_html("Mean of `x` where `y` = <script>alert(1)</script>") == (
        "Mean of <code>x</code> where <code>y</code> = &lt;script&gt;alert(1)&lt;/script&gt;"
    )
    assert (
        reading_html("a \\*b\\* and [link](javascript:alert(1))") == "a *b* and [link](javascript:alert(1))"
    )
    shown = asked([("Request", REQUEST), ("Assumptions", ["<i>x</i>"])])
    assert "<b>now</b>" not in shown and "&lt;b&gt;now&lt;/b&gt;" in shown
    assert "&lt;i&gt;x&lt;/i&gt;" in shown

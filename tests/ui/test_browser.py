"""The review page in a real headless browser: open the inbox, a candidate, approve, reject with a reason.

Debian's chromium and chromedriver drive it through selenium (scripts/install-system-deps.sh installs
them). A failing test leaves a screenshot under ``test-output/ui/`` and names it in the failure.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from tests.ui.conftest import running, stage

from mcpforge.models import ToolStatus

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is a dev dependency")
from selenium.webdriver.common.by import By  # noqa: E402

CHROMEDRIVER = shutil.which("chromedriver")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
SHOTS = Path(__file__).resolve().parents[2] / "test-output" / "ui"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        CHROMEDRIVER is None or CHROMIUM is None,
        reason="needs Debian's chromium and chromium-driver (scripts/install-system-deps.sh installs them)",
    ),
]


@contextmanager
def evidence(driver: webdriver.Chrome, name: str) -> Iterator[None]:
    """On failure, keep a screenshot and the page's text while the page is still being served."""
    try:
        yield
    except BaseException:
        SHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SHOTS / f"{name}.png"))
        (SHOTS / f"{name}.html").write_text(driver.page_source, encoding="utf-8")
        print(f"screenshot of the failing page: {SHOTS / name}.png")
        raise


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(flag)
    options.binary_location = str(CHROMIUM)
    service = webdriver.ChromeService(executable_path=str(CHROMEDRIVER))
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(60)
    driver.implicitly_wait(60)  # a decision runs the pipeline: wait, bounded, for the next page
    try:
        yield driver
    finally:
        driver.quit()


def test_a_person_approves_a_candidate_in_the_browser_and_it_is_promoted(
    tmp_path: Path, browser: webdriver.Chrome
) -> None:
    staged = stage(tmp_path, ["average speed limit by region", "number of accidents per weather"])
    with running(staged) as server, evidence(browser, "approve"):
        browser.get(server.url)
        assert "token" not in browser.current_url  # traded for a cookie
        inbox = browser.find_element(By.ID, "inbox").text
        assert all(cid in inbox for cid in staged.ids)
        browser.find_element(By.LINK_TEXT, staged.ids[0]).click()
        assert browser.find_element(By.ID, "reading").text
        assert "region" in browser.find_element(By.ID, "result").text
        assert "def " in browser.find_element(By.ID, "code").text
        browser.find_element(By.ID, "approve").click()
        assert "Approved and promoted" in browser.find_element(By.ID, "notice").text
        assert browser.find_element(By.ID, "status").text == ToolStatus.PROMOTED.value
        assert "via ui" in browser.find_element(By.ID, "history").text
    active = {tool.name for tool in staged.registry.active_tools()}
    assert staged.registry.get_candidate(staged.ids[0]).spec.tool_name in active


def test_a_rejection_with_a_reason_in_the_browser_stages_the_corrected_candidate(
    tmp_path: Path, browser: webdriver.Chrome
) -> None:
    staged = stage(tmp_path, ["average speed limit by region"])
    (original,) = staged.ids
    with running(staged) as server, evidence(browser, "reject"):
        browser.get(server.url)
        browser.find_element(By.LINK_TEXT, original).click()
        browser.find_element(By.ID, "reason").send_keys("wrong column: should be weather not region")
        browser.find_element(By.ID, "reject").click()
        assert "corrected candidate" in browser.find_element(By.ID, "notice").text
        assert browser.find_element(By.ID, "status").text == ToolStatus.STAGED.value
        assert "weather" in browser.find_element(By.ID, "result").text
        corrected = browser.current_url.rsplit("/", 1)[-1].split("?")[0]
    assert corrected != original
    assert staged.registry.get_candidate(original).status == ToolStatus.REJECTED
    assert staged.registry.get_candidate(corrected).status == ToolStatus.STAGED


def test_the_page_shows_the_chart_a_request_asked_for(tmp_path: Path, browser: webdriver.Chrome) -> None:
    staged = stage(tmp_path, ["plot monthly accidents"])
    with running(staged) as server, evidence(browser, "chart"):
        browser.get(server.url)
        browser.find_element(By.LINK_TEXT, staged.ids[0]).click()
        image = browser.find_element(By.CSS_SELECTOR, "img.chart")
        assert browser.execute_script("return arguments[0].naturalWidth", image) > 100

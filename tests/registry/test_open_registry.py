"""``open_registry`` picks the backend from the registry setting; a URL never shows its password.

The PostgreSQL backend is replaced by a stand-in module here (its own tests start a real server):
what is tested is the choice, the arguments it gets, and the one clear line when it is not installed.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any

import pytest

from mcpforge.config import MCPForgeConfig, RegistryConfig, load_config
from mcpforge.exceptions import ConfigError, NotFoundError, UserError
from mcpforge.registry import FileStore, Registry, RegistryBackend, mask_url, open_registry
from mcpforge.registry.doctor_report import DoctorReport
from mcpforge.registry.file.doctor import run_doctor
from mcpforge.registry.open import TEAM_EXTRA_MESSAGE, require_file_registry

URL = "postgresql://ann:s3cret@db.example.com:5432/tools"


class _FakePostgresRegistry:
    """Records how open_registry built it; stands for any registry that is not a folder."""

    def __init__(self, url: str, config: MCPForgeConfig) -> None:
        self.url = url
        self.config = config
        self.doctor_calls: list[bool] = []

    @property
    def location(self) -> str:
        return mask_url(self.url)

    def doctor(self, *, repair: bool) -> DoctorReport:
        self.doctor_calls.append(repair)
        return DoctorReport(root=self.location)


@pytest.fixture
def fake_postgres(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("mcpforge.registry.postgres")
    module.PostgresRegistry = _FakePostgresRegistry  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "mcpforge.registry.postgres", module)


def _config(**registry: Any) -> MCPForgeConfig:
    return MCPForgeConfig(registry=RegistryConfig(**registry))


def test_the_file_registry_is_a_registry_backend(tmp_path: Path) -> None:
    reg = Registry(tmp_path / "registry")
    assert isinstance(reg, RegistryBackend)
    backend: RegistryBackend = reg  # mypy checks that the file registry implements the protocol
    assert backend.location == str(tmp_path / "registry")
    backend.close()
    # The storage alone has no acts: it is not a backend (so the isinstance above can fail).
    assert not isinstance(FileStore(tmp_path / "registry"), RegistryBackend)


def test_a_folder_opens_the_file_registry_and_creates_nothing(tmp_path: Path) -> None:
    reg = open_registry(_config(root=str(tmp_path / "registry")))
    assert type(reg) is Registry
    assert reg.root == tmp_path / "registry"
    assert not (tmp_path / "registry").exists()


@pytest.mark.usefixtures("fake_postgres")
@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("MCPFORGE_REGISTRY", URL),
        ("MCPFORGE_REGISTRY", URL.replace("postgresql://", "postgres://")),
        ("MCPFORGE_REGISTRY_URL", URL),
    ],
)
def test_a_postgresql_url_opens_the_postgresql_registry(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, setting: str, value: str
) -> None:
    monkeypatch.chdir(tmp_path)  # no mcpforge.yaml
    for name in ("MCPFORGE_CONFIG", "MCPFORGE_REGISTRY", "MCPFORGE_REGISTRY_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(setting, value)
    cfg = load_config(None)
    reg = open_registry(cfg)
    assert isinstance(reg, _FakePostgresRegistry)
    assert reg.url == value and reg.config is cfg
    assert reg.location == value.replace("s3cret", "***")


def test_the_url_option_wins_over_the_folder(fake_postgres: None, tmp_path: Path) -> None:
    reg = open_registry(_config(root=str(tmp_path / "local"), url=URL))
    assert isinstance(reg, _FakePostgresRegistry) and reg.url == URL


def test_without_the_team_extra_one_clear_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "mcpforge.registry.postgres", None)  # import fails
    with pytest.raises(UserError) as caught:
        open_registry(_config(root=URL))
    assert str(caught.value) == TEAM_EXTRA_MESSAGE
    assert "s3cret" not in str(caught.value)


def test_a_url_of_another_kind_is_refused_without_its_password() -> None:
    with pytest.raises(ConfigError) as caught:
        open_registry(_config(url="mysql://ann:s3cret@db/tools"))
    assert "mysql://ann:***@db/tools" in str(caught.value) and "s3cret" not in str(caught.value)


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        (URL, "postgresql://ann:***@db.example.com:5432/tools"),
        ("postgresql://ann:p@ss:w@rd@db/tools", "postgresql://ann:***@db/tools"),
        ("postgresql://db/tools?user=ann&password=s3cret", "postgresql://db/tools?user=ann&password=***"),
        ("postgresql://ann@db/tools", "postgresql://ann@db/tools"),
        ("postgresql://ann:s3cret@h1:5432,h2:5433/tools", "postgresql://ann:***@h1:5432,h2:5433/tools"),
        ("./registry", "./registry"),
        ("/srv/mcpforge/registry", "/srv/mcpforge/registry"),
    ],
)
def test_mask_url(url: str, shown: str) -> None:
    assert mask_url(url) == shown


def test_file_only_features_name_what_is_not_supported(fake_postgres: None, tmp_path: Path) -> None:
    file_registry = Registry(tmp_path / "registry")
    assert require_file_registry(file_registry, "converted services") is file_registry
    other: Any = open_registry(_config(url=URL))
    with pytest.raises(UserError) as caught:
        require_file_registry(other, "converted services")
    message = str(caught.value)
    assert message.startswith("converted services is not supported yet on postgresql://ann:***@")
    assert "s3cret" not in message


def test_run_doctor_dispatches_by_kind(fake_postgres: None, tmp_path: Path) -> None:
    file_registry = Registry(tmp_path / "registry")
    file_registry.init()
    report = run_doctor(file_registry)
    assert report.ok and report.root == str(file_registry.root)
    other: Any = open_registry(_config(url=URL))
    assert run_doctor(other, repair=True).root == "postgresql://ann:***@db.example.com:5432/tools"
    assert other.doctor_calls == [True]
    no_doctor: Any = types.SimpleNamespace(location=other.location)  # a backend without a doctor yet
    with pytest.raises(UserError, match=r"doctor is not supported yet on postgresql://ann:\*\*\*@"):
        run_doctor(no_doctor)


def test_the_cli_keeps_a_registry_url_whole_and_hides_its_password(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # no mcpforge.yaml
    monkeypatch.delenv("MCPFORGE_CONFIG", raising=False)
    from mcpforge.cli._common import load_cli_config
    from mcpforge.cli._render import command_hint

    typed = Path(URL)  # what typer hands over for --registry URL: "postgresql:/ann:..."
    assert str(typed) != URL
    assert load_cli_config(typed).registry.root == URL
    hint = command_hint("review", "x_1.0.0", registry=typed)
    assert "postgresql://ann:***@db.example.com:5432/tools" in hint and "s3cret" not in hint


def test_an_unknown_tool_on_another_backend_is_not_found_not_a_services_error(fake_postgres: None) -> None:
    from mcpforge.cli.registry_cmds._access import services_store

    with pytest.raises(NotFoundError):
        services_store(open_registry(_config(url=URL)), "nope")

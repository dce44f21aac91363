"""Configuration: file, then MCPFORGE_* environment, then flags."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from mcpforge.config import MCPForgeConfig, RegistryConfig, load_config
from mcpforge.exceptions import ConfigError
from mcpforge.registry.config_template import default_config_yaml


def test_defaults_need_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert load_config(environ={}) == MCPForgeConfig()


def test_file_then_environment_then_overrides(tmp_path: Path) -> None:
    path = tmp_path / "mcpforge.yaml"
    path.write_text(
        "validation:\n  max_repair_iterations: 5\n  sandbox_timeout_seconds: 7\n", encoding="utf-8"
    )
    environ = {"MCPFORGE_VALIDATION__SANDBOX_TIMEOUT_SECONDS": "9", "MCPFORGE_REGISTRY": "/tmp/reg"}
    config = load_config(path, environ=environ, overrides={"registry": {"root": "/flag/reg"}})
    assert config.validation.max_repair_iterations == 5
    assert config.validation.sandbox_timeout_seconds == 9
    assert config.registry.root == "/flag/reg"
    assert load_config(path, environ=environ).registry.root == "/tmp/reg"


def test_environment_values_are_yaml_scalars_and_lists(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    environ = {
        "MCPFORGE_SECURITY__ALLOWED_READ_PATHS": "[/data, /more]",
        "MCPFORGE_SANDBOX__ALLOW_WEAK_FALLBACK": "true",
        "MCPFORGE_ENGINE": "openai",
        "UNRELATED": "x",
    }
    monkeypatch.chdir(tmp_path)
    config = load_config(None, environ=environ)
    assert config.security.allowed_read_paths == ["/data", "/more"]
    assert config.sandbox.allow_weak_fallback is True
    assert config.llm.engine == "openai"


@pytest.mark.parametrize(
    "text",
    ["validation:\n  max_repair_iterations: many\n", "unknown_section: {}\n", "feedback:\n  typo: 1\n"],
)
def test_invalid_keys_are_config_errors(tmp_path: Path, text: str) -> None:
    path = tmp_path / "mcpforge.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_config(path, environ={})
    assert info.value.key
    assert info.value.source == str(path)


@pytest.mark.parametrize("text", ["- a list\n", "key: [unclosed\n"])
def test_unreadable_files_are_config_errors(tmp_path: Path, text: str) -> None:
    path = tmp_path / "mcpforge.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError):
        load_config(path, environ={})


def test_a_missing_explicit_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError):
        load_config(tmp_path / "missing.yaml", environ={})


def test_registry_paths_default_under_the_root() -> None:
    paths = RegistryConfig(root="/r", archive_path="/elsewhere").paths()
    assert paths == {
        "active": Path("/r/active"),
        "staging": Path("/r/staging"),
        "archive": Path("/elsewhere"),
    }


def _keys(data: object, prefix: str = "") -> set[str]:
    if not isinstance(data, dict):
        return set()
    found = set()
    for key, value in data.items():
        found.add(prefix + key)
        found |= _keys(value, f"{prefix}{key}.")
    return found


def test_the_default_file_has_every_key_commented_and_round_trips(tmp_path: Path) -> None:
    text = default_config_yaml()
    path = tmp_path / "mcpforge.yaml"
    path.write_text(text, encoding="utf-8")
    assert load_config(path, environ={}) == MCPForgeConfig()
    assert _keys(yaml.safe_load(text)) == _keys(MCPForgeConfig().model_dump())
    value_lines = [line for line in text.splitlines() if ":" in line and not line.lstrip().startswith("#")]
    leaf_lines = [line for line in value_lines if not line.rstrip().endswith(":")]
    assert all("  # " in line for line in leaf_lines), [line for line in leaf_lines if "  # " not in line]


def test_every_documented_comment_names_a_real_key() -> None:
    from mcpforge.registry.config_template import COMMENTS, PARENT_COMMENTS

    flat = _keys(MCPForgeConfig().model_dump()) | {"llm.fallback"}
    assert set(COMMENTS) - flat == set()
    assert set(PARENT_COMMENTS) - flat == set()


def test_the_repositorys_mcpforge_yaml_is_the_default_configuration() -> None:
    # A run of `mcpforge init` in the checkout once committed a test's temporary registry path here.
    shipped = Path(__file__).resolve().parent.parent / "mcpforge.yaml"
    assert shipped.read_text(encoding="utf-8") == default_config_yaml()

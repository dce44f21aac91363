"""A PostgreSQL registry whose file contents live in an S3-compatible store (``registry.blob_store``).

The store is moto's standalone S3 server, a real HTTP server in its own process on loopback; boto3
talks to it as to MinIO or AWS. The conformance scenarios run again with the store configured, then
what only S3 has: objects named by their sha256, rows without content, tampering in the bucket, a dead
endpoint or a missing bucket as one clear error, doctor and migrate reading the bucket.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from tests.registry.postgres import test_conformance as conformance
from tests.registry.postgres.test_migrate import _migrate, _picture, _populated

from mcpforge.config import MCPForgeConfig, RegistryConfig
from mcpforge.exceptions import IntegrityError, RegistryError
from mcpforge.models import sha256_text
from mcpforge.registry import Registry
from mcpforge.registry.postgres import PostgresRegistry
from mcpforge.registry.testing import make_candidate

boto3 = pytest.importorskip("boto3", reason="the s3 extra (boto3) is not installed: pip install -e '.[s3]'")
pytest.importorskip("moto.server", reason="moto[server] (the dev extra) is not installed")

AWS_ENV = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_DEFAULT_REGION": "us-east-1",
}
PREFIX = "team/blobs"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def s3_endpoint(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A moto S3 server in its own process; its URL."""
    port = _free_port()
    log = tmp_path_factory.mktemp("moto") / "server.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"moto server did not start: {log.read_text(errors='replace')}")
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@pytest.fixture(autouse=True)
def aws_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Credentials from the environment only (no ~/.aws of this machine)."""
    for name, value in AWS_ENV.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "no-aws-config"))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "no-aws-credentials"))


@dataclass
class Bucket:
    """A fresh, empty bucket of the test server, with the boto3 client that made it."""

    name: str
    endpoint: str
    client: Any

    @property
    def store(self) -> str:
        return f"s3://{self.name}/{PREFIX}"

    def config(self, endpoint: str | None = None) -> MCPForgeConfig:
        """The configuration of a registry keeping its blobs here (or behind another ``endpoint``)."""
        settings = RegistryConfig(blob_store=self.store, blob_endpoint=endpoint or self.endpoint)
        return MCPForgeConfig(registry=settings)

    def objects(self) -> dict[str, bytes]:
        listed = self.client.list_objects_v2(Bucket=self.name).get("Contents", [])
        return {
            o["Key"]: self.client.get_object(Bucket=self.name, Key=o["Key"])["Body"].read() for o in listed
        }


@pytest.fixture
def bucket(s3_endpoint: str, aws_env: None) -> Bucket:
    client = boto3.session.Session().client("s3", endpoint_url=s3_endpoint)
    made = Bucket(f"mcpforge-{uuid.uuid4().hex[:12]}", s3_endpoint, client)
    client.create_bucket(Bucket=made.name)
    return made


@pytest.fixture
def backend(postgres_url: str, tmp_path: Path, bucket: Bucket) -> Iterator[Any]:
    """An initialized, empty PostgreSQL registry with its blobs in the bucket (the conformance fixture)."""
    reg = PostgresRegistry(postgres_url, bucket.config(), root=tmp_path / "cache")
    reg.init()
    yield reg
    reg.close()


# The conformance scenarios, with the blob store configured.
test_the_backend_implements_the_protocol = conformance.test_the_backend_implements_the_protocol
test_stage_approve_makes_the_tool_active_and_verified = (
    conformance.test_stage_approve_makes_the_tool_active_and_verified
)
test_reject_archives_the_candidate_and_logs_it = conformance.test_reject_archives_the_candidate_and_logs_it
test_an_identical_spec_is_a_no_op_and_a_changed_spec_bumps_the_version = (
    conformance.test_an_identical_spec_is_a_no_op_and_a_changed_spec_bumps_the_version
)
test_remove_unregisters_the_tool = conformance.test_remove_unregisters_the_tool
test_a_changed_file_in_the_tool_folder_is_refused = (
    conformance.test_a_changed_file_in_the_tool_folder_is_refused
)
test_list_and_get_candidates = conformance.test_list_and_get_candidates


def _doctor_errors(reg: PostgresRegistry) -> dict[str, str]:
    return {c.name: c.detail for c in reg.doctor().checks if c.level == "error"}


def _approved(reg: PostgresRegistry, name: str = "demo_tool") -> str:
    cid = conformance.staged(reg, name)
    reg.approve(cid, conformance.feedback("APPROVED"), actor="human:bob")
    return cid


def _clear_cache(reg: PostgresRegistry) -> None:
    shutil.rmtree(reg.root, ignore_errors=True)


def test_objects_are_named_by_their_sha256_and_rows_hold_no_content(
    backend: PostgresRegistry, bucket: Bucket
) -> None:
    _approved(backend)
    objects = bucket.objects()
    assert objects, "nothing was uploaded"
    for key, content in objects.items():
        assert key == f"{PREFIX}/{hashlib.sha256(content).hexdigest()}"
    with backend.db.transaction() as conn:
        rows = conn.execute("SELECT sha256, content, size FROM blobs").fetchall()
    assert {f"{PREFIX}/{r['sha256']}" for r in rows} == set(objects)
    assert all(r["content"] is None for r in rows)
    assert all(r["size"] == len(objects[f"{PREFIX}/{r['sha256']}"]) for r in rows)
    tool = backend.get_active_tool("demo_tool")
    assert tool is not None
    assert f"{PREFIX}/{tool.code_hash}" in objects and f"{PREFIX}/{tool.spec_hash}" in objects
    # A fresh cache (another replica) materializes the tool from the bucket.
    _clear_cache(backend)
    assert backend.verify_tool("demo_tool").source() == make_candidate("demo_tool")[1]["tool.py"]
    assert _doctor_errors(backend) == {}


def test_a_tampered_or_missing_object_is_refused_and_doctor_reports_it(
    backend: PostgresRegistry, bucket: Bucket
) -> None:
    _approved(backend)
    tool = backend.verify_tool("demo_tool")
    key = f"{PREFIX}/{tool.code_hash}"
    bucket.client.put_object(Bucket=bucket.name, Key=key, Body=b"print('tampered')\n")
    _clear_cache(backend)
    with pytest.raises(IntegrityError, match=r"tool\.py"):
        backend.verify_tool("demo_tool")
    found = _doctor_errors(backend)
    assert set(found) == {"tool demo_tool", "candidate demo_tool_1.0.0"}  # the same blob
    assert "tool.py" in found["tool demo_tool"]
    assert sha256_text("print('tampered')\n")[:12] in found["tool demo_tool"]
    bucket.client.delete_object(Bucket=bucket.name, Key=key)
    _clear_cache(backend)
    with pytest.raises(IntegrityError, match="missing"):
        backend.verify_tool("demo_tool")
    assert "missing" in _doctor_errors(backend)["tool demo_tool"]


def test_a_dead_store_commits_nothing(postgres_url: str, tmp_path: Path, bucket: Bucket) -> None:
    dead = f"http://127.0.0.1:{_free_port()}"
    reg = PostgresRegistry(postgres_url, bucket.config(dead), root=tmp_path / "cache")
    reg.init()
    try:
        candidate, files = make_candidate("demo_tool")
        with pytest.raises(RegistryError) as caught:
            reg.stage_candidate(candidate, files, actor="human:alice")
        assert str(caught.value).startswith(f"cannot use the S3 blob store {dead} (bucket {bucket.name!r}): ")
        with reg.db.transaction() as conn:
            counts = conn.execute(
                "SELECT (SELECT count(*) FROM candidates) AS c, (SELECT count(*) FROM blobs) AS b"
            ).fetchone()
        assert counts == {"c": 0, "b": 0}
        assert _doctor_errors(reg)["blob store"].startswith(f"cannot use the S3 blob store {dead} ")
    finally:
        reg.close()


def test_a_missing_bucket_is_one_clear_error(postgres_url: str, tmp_path: Path, bucket: Bucket) -> None:
    missing = Bucket("no-such-bucket", bucket.endpoint, bucket.client)
    reg = PostgresRegistry(postgres_url, missing.config(), root=tmp_path / "cache")
    reg.init()
    try:
        candidate, files = make_candidate("demo_tool")
        with pytest.raises(RegistryError) as caught:
            reg.stage_candidate(candidate, files, actor="human:alice")
        assert str(caught.value) == (
            f"cannot use the S3 blob store {bucket.endpoint} (bucket 'no-such-bucket'): no such bucket"
        )
    finally:
        reg.close()


def test_a_registry_opened_without_the_store_says_so(backend: PostgresRegistry, tmp_path: Path) -> None:
    _approved(backend)
    plain = PostgresRegistry(backend.url, root=tmp_path / "other-cache")
    try:
        with pytest.raises(RegistryError, match=r"is kept in an S3 blob store; set registry\.blob_store"):
            plain.verify_tool("demo_tool")
    finally:
        plain.close()


def test_a_dead_endpoint_through_the_cli_is_one_line(
    backend: PostgresRegistry, tmp_path: Path, bucket: Bucket
) -> None:
    _approved(backend)
    dead = f"http://127.0.0.1:{_free_port()}"
    env = {
        **os.environ,
        "MCPFORGE_BLOB_STORE": bucket.store,
        "MCPFORGE_BLOB_ENDPOINT": dead,
        "MCPFORGE_CACHE_DIR": str(tmp_path / "cli-cache"),  # nothing materialized: the bucket is read
    }
    done = subprocess.run(
        [sys.executable, "-m", "mcpforge", "tools", "list", "--registry", backend.url],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )
    assert done.returncode != 0
    assert done.stdout == ""
    assert done.stderr.startswith(f"error: cannot use the S3 blob store {dead} (bucket {bucket.name!r}): ")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_migrate_copies_the_contents_into_the_bucket_and_back(
    postgres_url: str, tmp_path: Path, bucket: Bucket, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = _populated(tmp_path / "registry")
    expected = _picture(source)
    monkeypatch.setenv("MCPFORGE_BLOB_STORE", bucket.store)
    monkeypatch.setenv("MCPFORGE_BLOB_ENDPOINT", bucket.endpoint)
    done = _migrate(str(source.root), postgres_url)
    assert done.returncode == 0, done.stderr
    objects = bucket.objects()
    pg = PostgresRegistry(postgres_url, bucket.config(), root=tmp_path / "cache")
    try:
        with pg.db.transaction() as conn:
            rows = conn.execute("SELECT sha256, content FROM blobs").fetchall()
        assert rows and all(r["content"] is None for r in rows)
        assert {f"{PREFIX}/{r['sha256']}" for r in rows} == set(objects)
        assert _picture(pg) == expected
        assert _doctor_errors(pg) == {}
    finally:
        pg.close()
    back = tmp_path / "back"
    done = _migrate(postgres_url, str(back))  # the contents come back out of the bucket
    assert done.returncode == 0, done.stderr
    assert _picture(Registry(back)) == expected

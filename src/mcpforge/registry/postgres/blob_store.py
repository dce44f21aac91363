"""Where a PostgreSQL registry keeps file contents: in the ``blobs`` table, or in an S3-compatible store.

Either way every file is named by the sha256 of its content and the ``blobs`` table has one row per
blob (sha256, size) so the database knows which blobs each tool and candidate needs; with S3 the row's
content is NULL and the object ``<prefix>/<sha256>`` holds it. Reads re-hash every blob: content that
no longer hashes to its name (or a blob that is gone) is an IntegrityError in both stores.

S3 writes happen inside the act's transaction, before it commits: an upload that fails rolls the act
back, so no committed row ever names an object that is not in the bucket (an uploaded object whose
transaction then rolled back is a harmless orphan). Credentials come only from the standard AWS chain
(environment, ``~/.aws``, instance roles); an unreachable store, a missing bucket or refused credentials
is one RegistryError naming the endpoint and the bucket.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

import psycopg

from mcpforge.config import RegistryConfig
from mcpforge.exceptions import ConfigError, IntegrityError, RegistryError, UserError
from mcpforge.models import sha256_text

S3_EXTRA_MESSAGE = "an S3 blob store needs the s3 extra: pip install 'mcpforge[s3]'"
CONNECT_TIMEOUT_SECONDS = 5
READ_TIMEOUT_SECONDS = 60
_ABSENT = {"404", "NoSuchKey", "NotFound"}


def _contents(files: Mapping[str, str]) -> tuple[dict[str, str], dict[str, bytes]]:
    """The manifest ``{name: sha256}`` of ``files`` and their distinct contents by sha256."""
    manifest = {name: sha256_text(text) for name, text in files.items()}
    return manifest, {manifest[name]: text.encode("utf-8") for name, text in files.items()}


class DatabaseBlobs:
    """Contents in the ``blobs`` table (the default); the interface every store has (S3Blobs extends it)."""

    location = "the database"

    def check(self) -> str:
        """Why the store is usable (one line). Raises RegistryError when it is not."""
        return "file contents in the database"

    def put(self, conn: psycopg.Connection[Any], files: Mapping[str, str]) -> dict[str, str]:
        """Store each file's text (once per distinct content); returns the manifest ``{name: sha256}``."""
        manifest, contents = _contents(files)
        self._insert(conn, dict(contents))
        return manifest

    def _insert(self, conn: psycopg.Connection[Any], rows: Mapping[str, bytes | int]) -> None:
        """One row per blob: ``{sha256: content}``, or ``{sha256: size}`` for content kept elsewhere."""
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO blobs (sha256, content, size) VALUES (%s, %s, %s) "
                "ON CONFLICT (sha256) DO NOTHING",
                [
                    (digest, None, value) if isinstance(value, int) else (digest, value, len(value))
                    for digest, value in rows.items()
                ],
            )

    def fetch(
        self, conn: psycopg.Connection[Any], manifest: Mapping[str, str], *, owner: str
    ) -> dict[str, str]:
        """The texts of a manifest's files, each checked against its name.

        Raises:
            IntegrityError: a blob is missing or its content no longer hashes to its name (``owner`` is
                the tool or candidate named in the error).
            RegistryError: the S3 store holding a blob cannot be read.
        """
        wanted = sorted(set(manifest.values()))
        rows = conn.execute("SELECT sha256, content FROM blobs WHERE sha256 = ANY(%s)", (wanted,)).fetchall()
        known = {str(row["sha256"]): row["content"] for row in rows}
        texts: dict[str, str] = {}
        for name, digest in sorted(manifest.items()):
            if digest not in known:
                raise IntegrityError(owner, name, digest, "missing")
            stored = known[digest]
            content = bytes(stored) if stored is not None else self._get(owner, name, digest)
            actual = hashlib.sha256(content).hexdigest()
            if actual != digest:
                raise IntegrityError(owner, name, digest, actual)
            texts[name] = content.decode("utf-8")
        return texts

    def _get(self, owner: str, name: str, digest: str) -> bytes:
        """The content of a blob whose row has none: it was written to an S3 store."""
        raise RegistryError(
            f"{owner!r}: {name} (sha256 {digest[:12]}...) is kept in an S3 blob store; "
            "set registry.blob_store (MCPFORGE_BLOB_STORE) and registry.blob_endpoint to read it"
        )


class S3Blobs(DatabaseBlobs):
    """Contents as objects ``<prefix>/<sha256>`` of an S3 bucket; the ``blobs`` rows keep sha256 and size."""

    def __init__(self, store: str, endpoint: str | None) -> None:
        parts = urlsplit(store.strip())
        if parts.scheme != "s3" or not parts.netloc or parts.query or parts.fragment:
            raise ConfigError(
                f"registry.blob_store {store!r} is not an s3://bucket/prefix URL", key="registry.blob_store"
            )
        self.bucket = parts.netloc
        self.prefix = parts.path.strip("/")
        self.endpoint = endpoint.strip() if endpoint else None
        self.location = f"s3://{self.bucket}/{self.prefix}".rstrip("/") + f" at {self.endpoint or 'AWS S3'}"
        self._client: Any = None
        self._checked = False
        self._opening = threading.Lock()

    def key(self, digest: str) -> str:
        """The object key of the blob ``digest``."""
        return f"{self.prefix}/{digest}" if self.prefix else digest

    def _error(self, exc: BaseException) -> RegistryError:
        code = _code(exc)
        if code == "NoSuchBucket" or (code in _ABSENT and not self._checked):
            reason = "no such bucket"
        else:
            reason = (str(exc).strip() or type(exc).__name__).splitlines()[0]
        where = self.endpoint or "AWS S3"
        return RegistryError(f"cannot use the S3 blob store {where} (bucket {self.bucket!r}): {reason}")

    def _s3(self) -> Any:
        """The boto3 client, made once; the bucket is checked on first use."""
        if self._client is None:
            with self._opening:
                if self._client is None:
                    self._client = self._new_client()
        if not self._checked:
            self._call("head_bucket", Bucket=self.bucket)
            self._checked = True
        return self._client

    def _new_client(self) -> Any:
        try:
            import boto3
            from botocore.config import Config
        except ImportError as exc:
            raise UserError(S3_EXTRA_MESSAGE) from exc
        config = Config(
            connect_timeout=CONNECT_TIMEOUT_SECONDS,
            read_timeout=READ_TIMEOUT_SECONDS,
            retries={"max_attempts": 2, "mode": "standard"},
        )
        try:
            return boto3.session.Session().client("s3", endpoint_url=self.endpoint, config=config)
        except Exception as exc:  # a bad endpoint URL, an unknown region: one line, no traceback
            raise self._error(exc) from None

    def _call(self, method: str, **kwargs: Any) -> Any:
        """One S3 request; every failure but an absent object (re-raised as is) becomes one RegistryError."""
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            return getattr(self._client, method)(**kwargs)
        except ClientError as exc:
            if self._checked and _code(exc) in _ABSENT:
                raise
            raise self._error(exc) from None
        except BotoCoreError as exc:
            raise self._error(exc) from None

    def check(self) -> str:
        """The bucket answers (one HEAD). Raises RegistryError when it does not."""
        self._s3()
        return f"file contents in {self.location}"

    def put(self, conn: psycopg.Connection[Any], files: Mapping[str, str]) -> dict[str, str]:
        """Upload each absent blob (HEAD, then PUT), then record its row (content NULL)."""
        from botocore.exceptions import ClientError

        manifest, contents = _contents(files)
        self._s3()
        for digest, content in contents.items():
            try:
                self._call("head_object", Bucket=self.bucket, Key=self.key(digest))
            except ClientError:  # absent: content-addressed, so writing it twice would change nothing
                self._call("put_object", Bucket=self.bucket, Key=self.key(digest), Body=content)
        self._insert(conn, {digest: len(content) for digest, content in contents.items()})
        return manifest

    def _get(self, owner: str, name: str, digest: str) -> bytes:
        from botocore.exceptions import ClientError

        self._s3()
        try:
            answer = self._call("get_object", Bucket=self.bucket, Key=self.key(digest))
        except ClientError:
            raise IntegrityError(owner, name, digest, "missing") from None
        try:
            body: bytes = answer["Body"].read()
        except Exception as exc:  # the connection dropped mid-body
            raise self._error(exc) from None
        return body


def _code(exc: BaseException) -> str:
    response = getattr(exc, "response", None)
    return str(response.get("Error", {}).get("Code", "")) if isinstance(response, dict) else ""


def open_blob_store(config: RegistryConfig) -> DatabaseBlobs:
    """The store ``registry.blob_store`` names: S3 when set, else the database. Nothing is contacted yet."""
    if config.blob_store:
        return S3Blobs(config.blob_store, config.blob_endpoint)
    return DatabaseBlobs()

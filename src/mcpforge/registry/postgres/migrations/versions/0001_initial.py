"""The registry tables: candidates, their files, content-addressed blobs, the tool index, every promoted
version, the append-only audit log and events, remembered choices and the revision counter.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_UP = """
CREATE TABLE blobs (
    sha256 TEXT PRIMARY KEY,
    content BYTEA NOT NULL,
    size BIGINT NOT NULL
);
CREATE TABLE candidates (
    id TEXT PRIMARY KEY,
    tool TEXT NOT NULL,
    tool_id TEXT NOT NULL,
    version TEXT NOT NULL,
    status TEXT NOT NULL,
    spec_hash TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    candidate_json JSONB NOT NULL
);
CREATE INDEX candidates_tool ON candidates(tool);
CREATE INDEX candidates_status ON candidates(status);
CREATE TABLE candidate_files (
    candidate_id TEXT NOT NULL REFERENCES candidates(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    sha256 TEXT NOT NULL REFERENCES blobs(sha256),
    PRIMARY KEY (candidate_id, name)
);
CREATE TABLE tools (
    name TEXT PRIMARY KEY,
    version TEXT NOT NULL,
    package TEXT NOT NULL,
    spec_hash TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    promoted_at TEXT NOT NULL,
    created_by TEXT NOT NULL,
    description TEXT NOT NULL,
    operation TEXT,
    spec_ok BOOLEAN NOT NULL,
    spec_json TEXT NOT NULL,
    candidate_id TEXT,
    tool_id TEXT,
    promoted_by TEXT,
    files JSONB NOT NULL
);
CREATE INDEX tools_operation ON tools(operation);
CREATE TABLE versions (
    id BIGSERIAL PRIMARY KEY,
    tool TEXT NOT NULL,
    version TEXT NOT NULL,
    candidate_id TEXT,
    spec_hash TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    promoted_at TEXT NOT NULL,
    promoted_by TEXT,
    created_by TEXT NOT NULL,
    files JSONB NOT NULL,
    ended_at TEXT,
    ended_by TEXT,
    ended_how TEXT
);
CREATE INDEX versions_tool ON versions(tool);
CREATE TABLE audit (
    id BIGSERIAL PRIMARY KEY,
    time TEXT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    tool TEXT NOT NULL,
    candidate_id TEXT,
    version TEXT,
    from_status TEXT,
    to_status TEXT,
    spec_sha256 TEXT,
    code_sha256 TEXT,
    note TEXT,
    op_id TEXT,
    details JSONB NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_tool ON audit(tool);
CREATE INDEX audit_op ON audit(op_id);
CREATE INDEX audit_candidate ON audit(candidate_id);
CREATE TABLE events (
    id BIGSERIAL PRIMARY KEY,
    time TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT,
    ok BOOLEAN,
    duration_ms DOUBLE PRECISION,
    data JSONB NOT NULL DEFAULT '{}'
);
CREATE INDEX events_kind ON events(kind);
CREATE FUNCTION mcpforge_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit log is append-only';
END $$;
CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON audit
    FOR EACH ROW EXECUTE FUNCTION mcpforge_append_only();
CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit
    FOR EACH STATEMENT EXECUTE FUNCTION mcpforge_append_only();
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION mcpforge_append_only();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION mcpforge_append_only();
CREATE TABLE choices (
    dataset TEXT PRIMARY KEY,
    answers JSONB NOT NULL
);
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
INSERT INTO meta (key, value) VALUES ('revision', '0');
"""

_DOWN = """
DROP TABLE meta; DROP TABLE choices; DROP TABLE events; DROP TABLE audit;
DROP FUNCTION mcpforge_append_only() CASCADE;
DROP TABLE versions; DROP TABLE tools; DROP TABLE candidate_files; DROP TABLE candidates; DROP TABLE blobs;
"""


def upgrade() -> None:
    op.execute(_UP)


def downgrade() -> None:
    op.execute(_DOWN)

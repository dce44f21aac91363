"""Blob contents may live in an S3-compatible store: ``blobs.content`` is NULL for those (the row keeps the
sha256 and the size, so the database still knows every blob a tool or candidate needs).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE blobs ALTER COLUMN content DROP NOT NULL")


def downgrade() -> None:
    # Refused by PostgreSQL while a blob's content is only in the S3 store: copy it back first.
    op.execute("ALTER TABLE blobs ALTER COLUMN content SET NOT NULL")

"""Sessions and their append-only logs: the schema every database had before migrations.

A database made before migrations existed (by `metadata.create_all`) already has these tables;
they are left as they are and the database is stamped at this revision.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if "sessions" not in existing:
        op.create_table(
            "sessions",
            sa.Column("id", sa.String(16), primary_key=True),
            sa.Column("game", sa.String(32), nullable=False),
            sa.Column("created_at", sa.Float, nullable=False),
            sa.Column("token_hash", sa.String(64), nullable=False),
            sa.Column("setup", sa.Text, nullable=False),
            sa.Column("seq", sa.Integer, nullable=False),
            sa.Column("snapshot", sa.Text, nullable=False),
            sa.Column("snapshot_version", sa.Integer, nullable=False),
        )
    if "log" not in existing:
        op.create_table(
            "log",
            sa.Column("session_id", sa.String(16), sa.ForeignKey("sessions.id"), primary_key=True),
            sa.Column("seq", sa.Integer, primary_key=True),
            sa.Column("kind", sa.String(8), nullable=False),
            sa.Column("client_id", sa.String(64)),
            sa.Column("player", sa.String(32)),
            sa.Column("event", sa.Text),
            sa.Column("effects", sa.Text, nullable=False),
            sa.Column("target_seq", sa.Integer),
            sa.Column("created_at", sa.Float, nullable=False),
            sa.UniqueConstraint("session_id", "client_id", name="log_client_id_once"),
        )


def downgrade() -> None:
    op.drop_table("log")
    op.drop_table("sessions")

"""Checkpoints: the state after every CHECKPOINT_EVERY-th log entry, so that undo and import replay
only the events since the nearest one.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "checkpoints",
        sa.Column("session_id", sa.String(16), sa.ForeignKey("sessions.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("snapshot", sa.Text, nullable=False),
        sa.Column("snapshot_version", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("checkpoints")

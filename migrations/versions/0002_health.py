"""A one-row table that /api/health writes to (and rolls back) to learn whether writes work.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    health = op.create_table(
        "health",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("checked_at", sa.Float, nullable=False),
        sa.Column("padding", sa.Text),
    )
    op.bulk_insert(health, [{"id": 1, "checked_at": 0.0}])


def downgrade() -> None:
    op.drop_table("health")

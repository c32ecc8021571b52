"""Campaigns: sessions of one game played back to back (Journey's Quests), each starting from the
end of the one before.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "campaigns",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("setup", sa.Text, nullable=False),
        sa.Column("quests", sa.Integer, nullable=False),
    )
    op.create_table(
        "campaign_sessions",
        sa.Column("campaign_id", sa.String(16), sa.ForeignKey("campaigns.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("session_id", sa.String(16), sa.ForeignKey("sessions.id"), nullable=False,
                  unique=True),
        sa.Column("quest", sa.String(32), nullable=False),
        sa.Column("carry_over", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("campaign_sessions")
    op.drop_table("campaigns")

"""The keys to a session besides its edit token: join tokens and seat tokens.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if "tokens" in sa.inspect(op.get_bind()).get_table_names():
        return  # made by metadata.create_all before migrations
    op.create_table(
        "tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("session_id", sa.String(16), sa.ForeignKey("sessions.id"), nullable=False),
        sa.Column("role", sa.String(8), nullable=False),
        sa.Column("seat", sa.String(32)),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_tokens_session_id", "tokens", ["session_id"])


def downgrade() -> None:
    op.drop_index("ix_tokens_session_id", "tokens")
    op.drop_table("tokens")

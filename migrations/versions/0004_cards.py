"""The card library: a game's cards typed once at a table, offered in later card forms.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if "cards" in sa.inspect(op.get_bind()).get_table_names():
        return  # made by metadata.create_all before migrations
    op.create_table(
        "cards",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("label", sa.String(60), primary_key=True),
        sa.Column("card", sa.Text, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("cards")

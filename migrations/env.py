"""Alembic's entry point. The app runs migrations itself (referee.core.store.migrate) on a
connection it already holds a lock on; `alembic` on the command line works too (DATABASE_URL)."""

import os

from alembic import context
from sqlalchemy import create_engine

from referee.core.store import metadata

connection = context.config.attributes.get("connection")


def run(conn) -> None:
    context.configure(connection=conn, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if connection is not None:
    run(connection)
else:
    url = os.environ.get("DATABASE_URL", "sqlite:///instance/tableside.sqlite")
    with create_engine(url).begin() as conn:
        run(conn)

"""The schema is made by migrations (migrations/, Alembic), once, however many processes start at
once on an empty database; and the migrations make exactly the tables the code declares."""

import multiprocessing
import uuid

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text

from referee.core import store
from tests.databases import KINDS, database_url
from tests.servers import Server


@pytest.fixture(params=KINDS)
def empty_database(request, tmp_path):
    """An empty database: a new SQLite file, or a new PostgreSQL database dropped afterwards."""
    url = database_url(request.param, tmp_path)
    if request.param == "sqlite":
        yield url
        return
    name = "tableside_" + uuid.uuid4().hex[:12]
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    yield url.rsplit("/", 1)[0] + "/" + name
    with admin.connect() as conn:
        conn.execute(text(f"DROP DATABASE {name} WITH (FORCE)"))
    admin.dispose()


def open_store(url):
    store.Store(url).engine.dispose()
    return "ok"


def test_migrations_make_exactly_the_declared_schema(empty_database):
    engine = store.Store(empty_database).engine
    with engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), store.metadata)
        tables = inspect(conn).get_table_names()
    engine.dispose()
    assert differences == []
    assert "alembic_version" in tables


def test_many_processes_create_the_schema_at_once(empty_database):
    with multiprocessing.get_context("spawn").Pool(6) as pool:
        assert pool.map(open_store, [empty_database] * 6) == ["ok"] * 6
    engine = create_engine(empty_database)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1
    engine.dispose()


def test_a_database_made_before_migrations_is_taken_over(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    engine = create_engine(url)
    # what every version before migrations did
    store.metadata.create_all(engine, tables=[store.sessions, store.log, store.tokens, store.cards])
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO sessions VALUES ('abc', 'avignon', 0, 'h', '{}', 0, '{}', 1)"))
    store.Store(url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT id FROM sessions")).scalar() == "abc"
        differences = compare_metadata(MigrationContext.configure(conn), store.metadata)
    assert differences == []


def test_gunicorn_workers_without_preload_start_on_an_empty_database(empty_database):
    """Each worker builds the app, and so opens the store, at the same moment."""
    server = Server(empty_database, kind="gunicorn-no-preload")
    try:
        server.start()
        assert server.process.poll() is None
    finally:
        server.stop()

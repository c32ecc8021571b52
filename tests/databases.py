"""The databases the storage tests run on: SQLite always, PostgreSQL where TEST_POSTGRES_URL is set.

CI sets TEST_POSTGRES_URL (.ci/run starts a server), so there a missing PostgreSQL is a failure.
Under pytest-xdist each worker gets a database of its own, so that one worker's lock-fault tests
never hold another worker's tables.
"""

import functools
import os

import pytest
from sqlalchemy import create_engine, text

KINDS = ["sqlite", "postgresql"]


def database_url(kind: str, tmp_path) -> str:
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'tableside.sqlite'}"
    url = os.environ.get("TEST_POSTGRES_URL")
    if not url:
        if os.environ.get("CI"):
            pytest.fail("CI must test PostgreSQL: .ci/run sets TEST_POSTGRES_URL")
        pytest.skip("TEST_POSTGRES_URL is not set: no PostgreSQL to test against")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return worker_database(url, worker) if worker else url


@functools.cache
def worker_database(url: str, worker: str) -> str:
    name = f"tableside_{worker}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        conn.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return url.rsplit("/", 1)[0] + "/" + name

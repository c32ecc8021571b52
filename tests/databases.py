"""The databases the storage tests run on: SQLite always, PostgreSQL where TEST_POSTGRES_URL is set.

CI sets TEST_POSTGRES_URL (.ci/run starts a server), so there a missing PostgreSQL is a failure.
"""

import os

import pytest

KINDS = ["sqlite", "postgresql"]


def database_url(kind: str, tmp_path) -> str:
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'tableside.sqlite'}"
    url = os.environ.get("TEST_POSTGRES_URL")
    if not url:
        if os.environ.get("CI"):
            pytest.fail("CI must test PostgreSQL: .ci/run sets TEST_POSTGRES_URL")
        pytest.skip("TEST_POSTGRES_URL is not set: no PostgreSQL to test against")
    return url

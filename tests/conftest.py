"""Shared fixtures, flaskr style: `app`, `client` and `runner`, each app on a temporary
database. The rules index is built once per test session into a temporary directory."""

import pytest

from app import create_app
from rulebook_index import indexing


@pytest.fixture(scope="session")
def index_dir(tmp_path_factory):
    path = tmp_path_factory.mktemp("index")
    indexing.build(path)
    return str(path)


@pytest.fixture
def app(tmp_path, index_dir):
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": "sqlite:///" + str(tmp_path / "t.sqlite"),
            "INDEX_DIR": index_dir,
        }
    )
    yield app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()

"""Shared fixtures, flaskr style: `app`, `client` and `runner`, each app on a temporary
database. The rules index is built once per test session into a temporary directory; `searcher`
searches it for one test file. `module_client` is one app for a whole test file, for files of many
scenarios that each start their own session (an app's start-up would be most of their time).
HYPOTHESIS_PROFILE=ci fixes the property tests' examples (derandomized), as .ci/run does."""

import os

import pytest
from hypothesis import settings

from app import create_app
from rulebook_index import indexing, search

# CI (.ci/run) runs the property tests on examples fixed per test, so a pass or a failure is the
# code's, not the draw's; `make test` and a bare pytest draw new examples each run (exploring).
settings.register_profile("ci", derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(scope="session")
def index_dir(tmp_path_factory):
    path = tmp_path_factory.mktemp("index")
    indexing.build(path)
    return str(path)


@pytest.fixture(scope="module")
def searcher(index_dir):
    """A searcher over the rules index, with the search's own weighting, for one test file."""
    _, ix = indexing.open_current(index_dir)
    with ix.searcher(weighting=search.WEIGHTING) as s:
        yield s
    ix.close()


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


@pytest.fixture(scope="module")
def module_client(index_dir, tmp_path_factory):
    database = tmp_path_factory.mktemp("module") / "t.sqlite"
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{database}",
                       "INDEX_DIR": index_dir}).test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()

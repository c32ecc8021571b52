"""The companion web app's pages, through Flask's test client, on the toy game (tests/toy_game.py)
and on every registered referee."""

import re

import pytest

from tests.toy_game import Lanes

GAME = Lanes.game_id


@pytest.fixture
def table_app(app):
    app.extensions["tableside.referees"][GAME] = Lanes
    return app


@pytest.fixture
def phone(table_app):
    return table_app.test_client()


def csrf_of(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def seq_of(html: str) -> int:
    return int(re.search(r'data-seq="(\d+)"', html).group(1))


def new_game(client, players=("Ann", "Bob")):
    form = client.get(f"/play/new?game={GAME}")
    response = client.post(f"/play/new?game={GAME}", data={
        "csrf_token": csrf_of(form.text), "player": list(players),
    })
    assert response.status_code == 303, response.text
    session_id = re.match(r"/play/(\w+)\?created=1", response.headers["Location"]).group(1)
    return session_id


def play(client, session_id, event, follow=True):
    page = client.get(f"/play/{session_id}")
    return client.post(f"/play/{session_id}/event", data={
        "csrf_token": csrf_of(page.text), "expected_seq": seq_of(page.text),
        "event": __import__("json").dumps(event),
    }, follow_redirects=follow)


def test_the_play_index_lists_every_game_with_a_referee(phone):
    page = phone.get("/play/")
    assert page.status_code == 200
    assert "Lanes (test game)" in page.text
    assert f"/play/new?game={GAME}" in page.text


def test_new_game_form_asks_for_players_and_the_declared_options(phone):
    page = phone.get(f"/play/new?game={GAME}")
    assert page.status_code == 200
    assert 'name="player"' in page.text
    assert 'name="options.double_power"' in page.text
    assert 'name="csrf_token"' in page.text


def test_creating_a_game_leads_to_the_table_with_join_and_view_links(phone):
    session_id = new_game(phone)
    page = phone.get(f"/play/{session_id}?created=1")
    assert page.status_code == 200
    assert f"/play/{session_id}/join?token=" in page.text
    assert "<svg" in page.text and "QR code of the join link" in page.text
    assert "Ann" in page.text and "to play" in page.text


def test_a_form_without_the_csrf_token_changes_nothing(phone):
    response = phone.post(f"/play/new?game={GAME}", data={"player": ["Ann", "Bob"]})
    assert response.status_code == 400


def test_tapping_a_legal_choice_enters_it_and_shows_its_effects_with_the_rule(phone):
    session_id = new_game(phone)
    page = phone.get(f"/play/{session_id}")
    assert 'name="event"' in page.text
    response = play(phone, session_id, {"type": "play", "player": "sun", "lane": 2, "power": 1})
    assert "Entered:" in response.text
    assert "sun played 1 into lane 2" in response.text
    assert "First, play 1 card into any lane." in response.text
    assert seq_of(response.text) == 1


def test_an_illegal_entry_shows_the_reason_and_the_rule_and_changes_nothing(phone):
    session_id = new_game(phone)
    response = play(phone, session_id, {"type": "play", "player": "moon", "lane": 1, "power": 1})
    assert "Not allowed:" in response.text
    assert "It is Ann&#39;s turn, not Bob&#39;s." in response.text
    assert "players alternate turns" in response.text
    assert "/rules/pillars-of-fate#" in response.text
    assert seq_of(response.text) == 0


def test_undo_names_the_event_and_the_log_keeps_it_as_undone(phone):
    session_id = new_game(phone)
    play(phone, session_id, {"type": "play", "player": "sun", "lane": 3, "power": 1})
    page = phone.get(f"/play/{session_id}")
    assert "Undo takes back: <span class=\"told\">Ann: Play · lane 3 · power 1" in page.text
    response = phone.post(f"/play/{session_id}/undo", data={
        "csrf_token": csrf_of(page.text), "expected_seq": seq_of(page.text)}, follow_redirects=True)
    assert "Undone:</strong> <span class=\"told\">Ann: Play · lane 3 · power 1" in response.text
    log = phone.get(f"/play/{session_id}/log")
    assert "undone" in log.text and "Undo</strong> of #1" in log.text
    redo = phone.post(f"/play/{session_id}/redo", data={
        "csrf_token": csrf_of(response.text), "expected_seq": seq_of(response.text)},
        follow_redirects=True)
    assert "Redone:</strong> <span class=\"told\">Ann: Play · lane 3 · power 1" in redo.text


def test_a_retried_undo_or_redo_with_its_client_id_is_taken_once_not_stale(phone):
    """table.js sends undo and redo with a client id, as it does events: the retry after a lost
    answer gets the step already taken, not "the game moved on"."""
    session_id = new_game(phone)
    for lane in (1, 2):
        play(phone, session_id, {"type": "play", "player": "sun" if lane == 1 else "moon",
                                 "lane": lane, "power": 1})
    page = phone.get(f"/play/{session_id}")
    for kind, words in (("undo", "Undone"), ("redo", "Redone")):
        form = {"csrf_token": csrf_of(page.text), "expected_seq": seq_of(page.text),
                "client_id": f"{kind}-tap-1"}
        first = phone.post(f"/play/{session_id}/{kind}", data=form)
        retry = phone.post(f"/play/{session_id}/{kind}", data=form, follow_redirects=True)
        assert first.status_code == 303 and f"done={seq_of(page.text) + 1}" in first.headers["Location"]
        assert "Nothing was entered" not in retry.text
        assert f"{words}:</strong> <span class=\"told\">Bob: Play · lane 2 · power 1" in retry.text
        page = phone.get(f"/play/{session_id}")
    entries = phone.get(f"/api/sessions/{session_id}/log").get_json()["entries"]
    assert [e["kind"] for e in entries] == ["event", "event", "undo", "redo"]
    reused = phone.post(f"/play/{session_id}/undo", follow_redirects=True, data={
        "csrf_token": csrf_of(page.text), "expected_seq": seq_of(page.text),
        "client_id": "redo-tap-1"})
    assert "already used" in reused.text and seq_of(reused.text) == 4


# -- the scoring calculator --------------------------------------------------------------------------

PILGRIMS_TALLIES = {
    "count": "2", "calculate": "1",
    "players.0.name": "Ann", "players.0.adventures*points;level=1": "3 4",
    "players.0.adventures*points;level=2": "8", "players.0.clovers": "7", "players.0.items": "2",
    "players.0.quills.0.tile": "A", "players.0.quills.0.space": "top",
    "players.0.quills.0.collected": "3",
    "players.1.name": "<i>Bob</i>", "players.1.adventures*points;level=1": "5 5 5",
    "players.1.clovers": "2", "players.1.items": "1",
}


def totals_of(html: str) -> dict:
    return dict(re.findall(r'data-player="([^"]+)">(\d+)', html))


def test_the_score_index_lists_the_games_with_a_calculator(client):
    page = client.get("/score/")
    assert page.status_code == 200
    assert "/score/pilgrims" in page.text


def test_the_pilgrims_calculator_gives_each_total_the_winner_and_the_rules(client):
    page = client.get("/score/pilgrims", query_string=PILGRIMS_TALLIES)
    assert page.status_code == 200
    # Ann: adventures 3+4+8, 7 clovers → 2, top quill 2, mission with 3 cards → 4.
    assert totals_of(page.text) == {"Ann": "23", "&lt;i&gt;Bob&lt;/i&gt;": "15"}
    assert "Ann wins" in page.text
    assert "most victory points" in page.text  # the winner's rule, quoted
    assert "/rules/pilgrims#" in page.text
    assert "<i>Bob</i>" not in page.text  # names are escaped
    assert "<svg" in page.text  # the chart


def test_the_calculator_adds_players_and_keeps_what_was_typed(client):
    page = client.get("/score/pilgrims", query_string={"count": "2", "add": "1",
                                                       "players.0.name": "Ann"})
    assert 'name="players.2.name"' in page.text
    assert 'value="Ann"' in page.text


def test_the_calculator_says_what_is_wrong_with_the_tallies(client):
    page = client.get("/score/pilgrims", query_string={"count": "2", "calculate": "1",
                                                       "players.0.name": "Ann",
                                                       "players.1.name": "Bob",
                                                       "players.1.clovers": "lots"})
    assert "is not a whole number" in page.text


def test_form_values_follow_the_schema():
    from werkzeug.datastructures import MultiDict

    from referee.pages.forms import form_value

    schema = {"type": "object", "properties": {
        "n": {"type": "integer"}, "flag": {"type": "boolean"}, "pick": {"enum": [1, 2]},
        "cards": {"type": "array", "items": {"type": "string"}, "maxItems": 3},
        "scores": {"type": "array", "items": {"type": "integer"}},
        "kinds": {"type": "array", "items": {"enum": ["a", "b"]}, "uniqueItems": True},
    }}
    form = MultiDict([("x.n", "4"), ("x.flag.present", "1"), ("x.pick", "2"), ("x.cards.0", "Vicar"),
                      ("x.cards.2", "Scribe"), ("x.scores", "5, 3 8"), ("x.kinds", "b")])
    assert form_value(schema, "x", form) == {"n": 4, "flag": False, "pick": 2,
                                             "cards": ["Vicar", "Scribe"], "scores": [5, 3, 8],
                                             "kinds": ["b"]}
    assert form_value(schema, "y", form) is None
    rows = {"type": "array", "maxItems": 2, "items": schema}
    unchecked_only = MultiDict([("r.0.n", "1"), ("r.0.flag.present", "1"), ("r.1.flag.present", "1")])
    assert form_value(rows, "r", unchecked_only) == [{"n": 1, "flag": False}]


# -- installable and offline -------------------------------------------------------------------------


def test_the_service_worker_is_served_from_the_root_so_it_covers_the_site(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype in ("text/javascript", "application/javascript")
    assert "/rules/" in response.text and "no-cache" in response.headers["Cache-Control"]
    response.close()


def test_the_manifest_names_the_app_and_its_icons(client, app):
    response = client.get("/manifest.webmanifest")
    assert response.mimetype == "application/manifest+json"
    manifest = response.get_json(force=True)
    response.close()
    assert manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        icon_response = client.get(icon["src"])
        assert icon_response.status_code == 200, icon["src"]
        icon_response.close()


# -- edit rights, live updates, asking the rules ------------------------------------------------------


def test_the_join_link_gives_edit_rights_and_a_view_only_visitor_never_sees_the_token(table_app):
    host = table_app.test_client()
    session_id = new_game(host)
    page = host.get(f"/play/{session_id}?created=1")
    join = re.search(r'id="join-link" href="([^"]+)"', page.text).group(1)
    token = join.split("token=")[1]

    spectator = table_app.test_client()
    view = spectator.get(f"/play/{session_id}")
    assert token not in view.text and "join?token" not in view.text
    assert 'class="actions"' not in view.text
    refused = spectator.post(f"/play/{session_id}/event", data={
        "csrf_token": csrf_of(spectator.get(f"/play/new?game={GAME}").text), "expected_seq": 0,
        "event": '{"type": "play", "player": "sun", "lane": 1, "power": 1}'}, follow_redirects=True)
    assert "This phone is watching" in refused.text
    assert seq_of(refused.text) == 0

    guest = table_app.test_client()
    joined = guest.get(join.replace("http://localhost", ""))
    assert joined.status_code == 303 and joined.headers["Location"] == f"/play/{session_id}"
    asked = guest.get(f"/play/{session_id}").text
    assert "Who holds this phone?" in asked and "I'm Bob" in asked
    assert 'class="actions"' not in asked  # a join link only claims a seat
    claimed = guest.post(f"/play/{session_id}/seat", data={
        "csrf_token": csrf_of(asked), "seat": "moon"}, follow_redirects=True)
    assert "This phone plays Bob" in claimed.text and "you are Bob" in claimed.text
    assert 'class="actions"' in claimed.text and "Who holds this phone?" not in claimed.text
    other = table_app.test_client()
    other.get(join.replace("http://localhost", ""))
    taken = other.get(f"/play/{session_id}").text
    assert re.search(r'value="moon" class="seat-choice" disabled>I.m Bob', taken)
    wrong = table_app.test_client().get(f"/play/{session_id}/join?token=nope")
    assert wrong.status_code == 403


def test_a_seat_phone_enters_its_own_moves_and_the_table_can_allow_anyone(table_app):
    host = table_app.test_client()
    session_id = new_game(host)
    page = host.get(f"/play/{session_id}").text
    host.post(f"/play/{session_id}/seat", data={"csrf_token": csrf_of(page), "seat": "sun"})
    mine = host.get(f"/play/{session_id}").text
    assert "Your turn" in mine and "you are Ann" in mine
    theirs = play(host, session_id, {"type": "play", "player": "moon", "lane": 1, "power": 1})
    assert "This phone plays for Ann: this event is Bob&#39;s to enter" in theirs.text
    assert seq_of(theirs.text) == 0
    entered = play(host, session_id, {"type": "play", "player": "sun", "lane": 1, "power": 1})
    assert seq_of(entered.text) == 1 and "Your turn" not in entered.text and "Bob to play" in entered.text


def test_state_json_answers_304_until_the_game_moves_then_says_what_changed(phone):
    session_id = new_game(phone)
    first = phone.get(f"/play/{session_id}/state.json?since=0")
    assert first.get_json() == {"seq": 0, "changes": []}
    etag = first.headers["ETag"]
    assert phone.get(f"/play/{session_id}/state.json?since=0",
                     headers={"If-None-Match": etag}).status_code == 304
    play(phone, session_id, {"type": "play", "player": "sun", "lane": 1, "power": 1})
    moved = phone.get(f"/play/{session_id}/state.json?since=0", headers={"If-None-Match": etag})
    assert moved.status_code == 200
    assert moved.get_json()["seq"] == 1
    assert moved.get_json()["changes"] == ["Ann: Play · lane 1 · power 1 — sun played 1 into lane 1."]
    assert phone.get("/play/nosuchgame/state.json").status_code == 404


def test_a_stale_page_that_posts_changes_nothing_and_says_what_changed(phone):
    session_id = new_game(phone)
    old = phone.get(f"/play/{session_id}")
    play(phone, session_id, {"type": "play", "player": "sun", "lane": 1, "power": 1})
    response = phone.post(f"/play/{session_id}/event", data={
        "csrf_token": csrf_of(old.text), "expected_seq": seq_of(old.text),
        "event": '{"type": "play", "player": "sun", "lane": 2, "power": 1}'}, follow_redirects=True)
    assert "Nothing was entered: the game moved on" in response.text
    assert "Ann: Play · lane 1 · power 1" in response.text
    assert seq_of(response.text) == 1


def test_a_schema_form_enters_an_event_and_says_which_field_is_wrong(phone):
    session_id = new_game(phone)
    page = phone.get(f"/play/{session_id}")
    assert 'id="other-play-f-event-lane"' not in page.text  # the table lists the type, not its form
    assert f'href="/play/{session_id}/other/play"' in page.text
    page = phone.get(f"/play/{session_id}/other/play?fragment=1")
    assert page.text.lstrip().startswith("<form") and 'id="other-play-f-event-lane"' in page.text
    form = {"csrf_token": csrf_of(page.text), "expected_seq": 0, "type": "play",
            "event.player": "sun", "event.lane": "2", "event.power": "7"}
    entered = phone.post(f"/play/{session_id}/event", data=form, follow_redirects=True)
    assert "sun played 7 into lane 2" in entered.text
    form.update(expected_seq=1, **{"event.player": "moon", "event.power": "12"})
    wrong = phone.post(f"/play/{session_id}/event", data=form, follow_redirects=True)
    assert "“power”: enter a number from 0 to 9" in wrong.text
    assert 'data-field="event.power"' in wrong.text
    assert "(event.power)" not in wrong.text  # the message is in words; the field is pointed at


def test_without_javascript_a_refused_form_is_drawn_again_with_what_was_typed(phone):
    """A rule refusal (422) and an incomplete form (400) answer with the table itself, not a
    redirect: the form that was sent keeps every value, its <details> open, the field pointed at."""
    session_id = new_game(phone)
    page = phone.get(f"/play/{session_id}")
    form = {"csrf_token": csrf_of(page.text), "expected_seq": 0, "type": "play", "form": "other-play",
            "event.player": "moon", "event.lane": "2", "event.power": "7"}
    refused = phone.post(f"/play/{session_id}/event", data=form)
    assert refused.status_code == 422 and "Not allowed:" in refused.text
    assert '<details class="other-event" open' in refused.text
    assert '<details class="other-type other-type-play" open>' in refused.text
    sent = re.search(r'<form[^>]*id="other-play".*?</form>', refused.text, re.S).group()
    assert '<option value="moon" selected>' in sent
    assert "<option selected>2</option>" in sent and "<option selected>7</option>" in sent
    assert sent.count(" selected") == 3
    form["event.power"] = ""
    incomplete = phone.post(f"/play/{session_id}/event", data={**form, "event.player": "sun"})
    assert incomplete.status_code == 400 and seq_of(incomplete.text) == 0
    sent = re.search(r'<form[^>]*id="other-play".*?</form>', incomplete.text, re.S).group()
    assert '<option value="sun" selected>' in sent and "<option selected>2</option>" in sent
    assert re.search(r'<select[^>]*name="event.power"[^>]*aria-invalid="true"[^>]*autofocus', sent)
    assert 'id="refused-note" role="alert">Fill in “power”' in sent


def test_player_names_are_escaped_everywhere(phone):
    session_id = new_game(phone, players=("<script>x()</script>", "Bob"))
    page = phone.get(f"/play/{session_id}")
    assert "<script>x()</script>" not in page.text
    assert "&lt;script&gt;x()&lt;/script&gt;" in page.text


def test_the_table_shows_scores_and_the_end_of_game_screen(phone):
    session_id = new_game(phone)
    for seq in range(18):
        play(phone, session_id, {"type": "play", "player": "sun" if seq % 2 == 0 else "moon",
                                 "lane": seq // 6 + 1, "power": 2 if seq % 2 == 0 else 1})
    page = phone.get(f"/play/{session_id}")
    assert "Game over" in page.text and "Final scores" in page.text
    assert "<svg" in page.text and "Points by category" in page.text


def test_a_finished_game_is_shared_as_a_picture_drawn_by_the_server(phone):
    """The end screen's "The result as an image": an SVG of who won, each player's points as bars
    and what decided it; nothing in it fetches anything (no script, style, font or link)."""
    session_id = new_game(phone)
    assert phone.get(f"/play/{session_id}/result.svg").status_code == 404  # not over yet
    for seq in range(18):
        play(phone, session_id, {"type": "play", "player": "sun" if seq % 2 == 0 else "moon",
                                 "lane": seq // 6 + 1, "power": 2 if seq % 2 == 0 else 1})
    page = phone.get(f"/play/{session_id}").text
    assert f'href="/play/{session_id}/result.svg" download="tableside-{session_id}.svg"' in page
    picture = phone.get(f"/play/{session_id}/result.svg")
    assert picture.status_code == 200 and picture.mimetype == "image/svg+xml"
    svg = picture.text
    assert svg.startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in svg
    shared = re.search(r'data-text="([^"]+)"', page).group(1)
    assert f"<title id=\"result-title\">{shared}</title>" in svg  # the same words as the text
    assert ">Ann wins<" in svg
    assert re.findall(r'text-anchor="end"[^>]*>(\w+)</text>', svg) == ["Ann", "Bob"]
    totals = [int(t) for t in re.findall(r'font-size="18" font-weight="700" fill="#2b2118">(\d+)<', svg)]
    assert totals == [int(t) for t in re.findall(r"(?:Ann|Bob) (\d+)", shared)]
    for fetching in ("<script", "<style", "href=", "url(", "@import"):
        assert fetching not in svg


def test_normalize_scores_adds_up_categories_and_names_a_broken_tie():
    from referee.pages.score import normalize_scores

    vicar = {"label": "Vicar", "points": 1, "rule": None}
    shaped = normalize_scores({
        "players": [{"seat": "rome", "name": "Rosa", "total": 2, "breakdown": [vicar, vicar]},
                    {"seat": "p2", "name": "Bob", "total": 3,
                     "breakdown": [{"label": "adventures", "points": 3, "rule": None}]}],
        "winners": ["p2"],
        "decided_by": {"text": "Bob has more item cards", "rule": None, "tie_break": "items"}},
        "avignon")
    assert [p["points"] for p in shaped["players"]] == [{"Vicar": 2}, {"adventures": 3}]
    assert shaped["categories"] == ["Vicar", "adventures"]
    assert shaped["players"][0]["bar"] == [("Vicar", 2), ("adventures", 0)]
    assert shaped["winners"] == ["p2"] and shaped["tie_break"]["text"] == "Bob has more item cards"
    plain_win = normalize_scores({"players": [], "winners": ["rome"],
                                  "decided_by": {"text": "three cards", "rule": None}}, "avignon")
    assert plain_win["tie_break"] is None and plain_win["decided_by"]["text"] == "three cards"


def test_phase_words_and_ranking_put_the_current_phase_first():
    from types import SimpleNamespace

    from referee.pages.ask import phase_words, rank_by_phase

    assert phase_words("turn_activate") == ["turn", "activate"]
    hits = [SimpleNamespace(title="Setup", path=("Setup",), section_id="setup"),
            SimpleNamespace(title="Activate phase", path=("Turn", "Activate phase"),
                            section_id="turn-activate-phase"),
            SimpleNamespace(title="Scoring", path=("Scoring",), section_id="scoring")]
    assert [h.title for h in rank_by_phase(hits, "activate")] == ["Activate phase", "Setup",
                                                                   "Scoring"]
    governing = SimpleNamespace(id="scoring")  # the section of the rule that governs the phase
    assert [h.title for h in rank_by_phase(hits, "activate", governing)] == [
        "Scoring", "Activate phase", "Setup"]


def test_ask_searches_the_games_rulebook_from_the_table(phone):
    session_id = new_game(phone)
    page = phone.get(f"/play/{session_id}/ask", query_string={"q": "how many cards in a lane"})
    assert page.status_code == 200
    assert 'class="hit"' in page.text
    assert "/rules/pillars-of-fate#" in page.text
    assert "/rules/avignon#" not in page.text  # only this game's rulebook


# -- every game with a referee ---------------------------------------------------------------------


def every_game():
    from referee import referees

    return sorted(referees())


@pytest.mark.parametrize("game_id", every_game())
def test_every_game_has_a_new_game_form_and_a_table_page(app, game_id):
    from referee.web import describe_game, get_sessions

    client = app.test_client()
    assert client.get(f"/play/new?game={game_id}").status_code == 200
    with app.app_context():
        game = get_sessions().game(game_id)
        created = get_sessions().create(describe_game(game)["example_setup"])
    client.get(f"/play/{created['id']}/join?token={created['edit_token']}")
    page = client.get(f"/play/{created['id']}")
    assert page.status_code == 200
    assert 'class="status' in page.text and 'class="board"' in page.text
    assert "What you can do now" in page.text
    if created["legal"]:
        assert 'class="choice"' in page.text or 'class="open-event' in page.text
    # "Something else happened…" lists every event type of the table; its form is fetched when opened
    assert 'class="stack schema-event"' not in page.text
    for type_name in game.event_types_in_play(created["state"]):
        assert f'href="/play/{created["id"]}/other/{type_name}"' in page.text
    fragment = client.get(f"/play/{created['id']}/other/{next(iter(game.event_types))}?fragment=1")
    assert fragment.text.lstrip().startswith("<form") and "<html" not in fragment.text


def example_table(app, game_id):
    """A game of `game_id` from its example setup, and a phone holding the table's key."""
    from referee.web import describe_game, get_sessions

    client = app.test_client()
    with app.app_context():
        game = get_sessions().game(game_id)
        created = get_sessions().create(describe_game(game)["example_setup"])
    client.get(f"/play/{created['id']}/join?token={created['edit_token']}")
    return client, created


def test_the_bar_names_the_phase_in_words_and_no_empty_choice_list_is_claimed(app):
    """The phase as the players say it, the book's name (`Referee.phase_names`: We Forlorn Few's
    "Travel Phase"), never a code name ("turn_travel"); Pillars of Fate's card plays are choices:
    the page does not say none is listed."""
    phases = {"we-forlorn-few": "Travel Phase", "pilgrims": "Player setup: choosing corner spaces",
              "journey": "Maintenance Phase", "pillars-of-fate": "On Your Turn"}
    for game_id, words in phases.items():
        client, created = example_table(app, game_id)
        page = client.get(f"/play/{created['id']}").text
        assert f'<p class="phase">{words}</p>' in page, game_id
        assert "No legal choice is listed" not in page, game_id


def test_journey_names_its_pilgrims_not_their_code_names(app):
    """An open choice's fixed fields and an entered event say "Cho Hakkai", never "cho_hakkai"."""
    client, created = example_table(app, "journey")
    headers = {"Authorization": f"Bearer {created['edit_token']}"}
    for _ in range(8):
        view = client.get(f"/api/sessions/{created['id']}", headers=headers).get_json()
        if any(item["type"] == "move" for item in view["legal"]):
            break
        done = [e for e in view["legal"] if "open" not in e][0]
        client.post(f"/api/sessions/{created['id']}/events", headers=headers,
                    json={"event": done, "expected_seq": view["seq"]})
    move = next(item for item in view["legal"] if item["type"] == "move")
    moved = client.post(f"/api/sessions/{created['id']}/events", headers=headers, json={
        "event": {**{k: v for k, v in move.items() if k != "open"}, "steps": 1},
        "expected_seq": view["seq"]})
    assert moved.status_code == 200, moved.get_json()
    page = client.get(f"/play/{created['id']}").text
    shown = re.findall(r'<p class="fixed">([^<]*)</p>', page) + re.findall(
        r'<span class="told">(.*?)</span>', page)
    assert shown and any(": Move" in text for text in shown)
    assert not [text for text in shown if re.search(r"[a-z]_[a-z]", text)], shown


def test_a_refusal_unclear_between_two_sentences_quotes_both(client):
    session_id = avignon_table(client)
    for event in ({"type": "beseech", "player": "rome", "path": 1},  # the first turn: 1 action
                  {"type": "beseech", "player": "avignon", "path": 2},
                  {"type": "chastise", "player": "avignon", "path": 3}):
        play(client, session_id, event)
    page = client.get(f"/play/{session_id}")
    assert "Rosa to play" in page.text
    refused = client.post(f"/play/{session_id}/event", data={
        "csrf_token": csrf_of(page.text), "expected_seq": seq_of(page.text),
        "event": '{"type": "chastise", "player": "avignon", "path": 1}'})
    assert refused.status_code == 422
    quotes = re.findall(r'<blockquote class="rule-quote">\s*<p>“([^”]+)”', refused.text)
    assert len(quotes) == 2 and "The rulebook says it in 2 places" in refused.text


def test_without_javascript_a_type_of_something_else_opens_a_page_with_its_form(phone, table_app):
    session_id = new_game(phone)
    page = phone.get(f"/play/{session_id}/other/play")
    assert page.status_code == 200 and "<h1>Play</h1>" in page.text
    assert 'id="other-play"' in page.text and f'href="/play/{session_id}"' in page.text
    entered = phone.post(f"/play/{session_id}/event", follow_redirects=True, data={
        "csrf_token": csrf_of(page.text), "expected_seq": seq_of_form(page.text), "type": "play",
        "form": "other-play", "event.player": "sun", "event.lane": "2", "event.power": "7"})
    assert "sun played 7 into lane 2" in entered.text and seq_of(entered.text) == 1
    assert phone.get(f"/play/{session_id}/other/no_such_event").status_code == 404
    watching = table_app.test_client().get(f"/play/{session_id}/other/play")
    assert "You are watching" in watching.text and 'id="other-play"' not in watching.text


def seq_of_form(html: str) -> int:
    return int(re.search(r'name="expected_seq" value="(\d+)"', html).group(1))


def test_a_pilgrims_choice_the_game_cannot_enumerate_is_a_form_with_its_fixed_fields(app):
    from referee.web import describe_game, get_sessions

    client = app.test_client()
    with app.app_context():
        created = get_sessions().create(describe_game(get_sessions().game("pilgrims"))["example_setup"])
    client.get(f"/play/{created['id']}/join?token={created['edit_token']}")
    page = client.get(f"/play/{created['id']}")
    assert 'class="open-event stack"' in page.text
    fixed = re.search(r'name="fixed" value="([^"]+)"', page.text).group(1)
    assert "&#34;space&#34;" in fixed
    response = client.post(f"/play/{created['id']}/event", data={
        "csrf_token": csrf_of(page.text), "expected_seq": 0, "type": "choose_corner",
        "fixed": __import__("html").unescape(fixed),
        "event.item.adventure": "fist", "event.item.activation": "sword"}, follow_redirects=True)
    assert response.status_code in (200, 400, 422)  # entered, incomplete, refused: never a 5xx
    assert "Entered:" in response.text or "Not allowed" in response.text or "message error" in response.text


# -- events in words ---------------------------------------------------------------------------------


class ToldText(__import__("html.parser").parser.HTMLParser):
    """The text of every element of class "told" (an event in words), one string per element."""

    def __init__(self):
        super().__init__()
        self.found, self.depth = [], 0

    def handle_starttag(self, tag, attrs):
        if self.depth:
            self.depth += 1
        elif "told" in (dict(attrs).get("class") or "").split():
            self.depth = 1
            self.found.append("")

    def handle_endtag(self, tag):
        if self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.found[-1] += data


def told(html: str) -> list[str]:
    parser = ToldText()
    parser.feed(html)
    return [" ".join(text.split()) for text in parser.found]


def assert_no_json(texts) -> None:
    texts = list(texts)
    assert texts
    for text in texts:
        assert text and "{" not in text and "[" not in text, text


def test_generic_words_for_an_event_never_show_json():
    from referee.pages.describe import event_label, readable

    event = {"type": "move_piece", "player": "sun", "to": [4, 4], "swap": [[1, 2], [3, 3]],
             "card": {"adventure": "fist", "activation": "sword"}, "pay": [{"hand": 1}, {"hand": 3}],
             "convert": True, "tags": ["a", "b"]}
    label = event_label(event, {"sun": "Ann"}, with_player=True)
    assert label == ("Ann: Move piece · to 4, 4 · swap: (1, 2), (3, 3) · card: adventure fist, "
                     "activation sword · pay: hand 1; hand 3 · convert yes · tags a, b")
    assert readable({"name": "Lost Sheep", "level": 1}) == "Lost Sheep"
    assert readable(None) == "none" and readable([]) == "none"


def avignon_table(client):
    form = client.get("/play/new?game=avignon")
    response = client.post("/play/new?game=avignon", data={
        "csrf_token": csrf_of(form.text), "player": ["Rosa", "Aldo"], "start": "position",
        **{f"position.face_up.{i}": name
           for i, name in enumerate(["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"])}})
    assert response.status_code == 303, response.text
    return re.match(r"/play/(\w+)\?created=1", response.headers["Location"]).group(1)


def test_avignon_events_are_told_by_the_character_everywhere(client):
    session_id = avignon_table(client)
    stale = client.get(f"/play/{session_id}")
    entered = play(client, session_id, {"type": "excommunicate", "player": "rome", "path": 1})
    assert told(entered.text)[0] == "Rosa: Excommunicate · Vicar (path 1)"
    drawn = play(client, session_id, {"type": "draw", "player": "rome", "character": "Courtesan"})
    assert told(drawn.text)[0] == "Rosa: Draw · Courtesan (path 1)"
    # the undo button names the event as it was entered; path 1 now holds the Courtesan
    assert "Rosa: Draw · Courtesan (path 1)" in told(drawn.text)
    assert "Rosa: Excommunicate · Vicar (path 1)" in told(drawn.text)  # the log on the table
    legal = client.get(f"/api/sessions/{session_id}").get_json()["legal"]
    assert {"type": "petition", "player": "avignon", "path": 2, "target": 1, "move": "pull"} in legal
    moved = play(client, session_id, {"type": "petition", "player": "avignon", "path": 2,
                                      "target": 1, "move": "pull"})
    assert told(moved.text)[0] == "Aldo: Petition · Scribe: pull Courtesan"
    page = client.get(f"/play/{session_id}")
    undone = client.post(f"/play/{session_id}/undo", data={
        "csrf_token": csrf_of(page.text), "expected_seq": seq_of(page.text)}, follow_redirects=True)
    assert ('<strong>Undone:</strong> <span class="told">Aldo: Petition · Scribe: pull Courtesan'
            in undone.text)
    assert "Redo: " in undone.text
    assert_no_json(told(undone.text))
    late = client.post(f"/play/{session_id}/event", data={  # a phone still showing seq 0
        "csrf_token": csrf_of(stale.text), "expected_seq": 0,
        "event": '{"type": "beseech", "player": "rome", "path": 2}'}, follow_redirects=True)
    assert "Meanwhile:" in late.text
    meanwhile = [t.split(" — ")[0] for t in told(late.text.split("Meanwhile:")[1].split("</ul>")[0])]
    assert meanwhile[:2] == ["Rosa: Excommunicate · Vicar (path 1)", "Rosa: Draw · Courtesan (path 1)"]
    assert_no_json(meanwhile)
    log = client.get(f"/play/{session_id}/log")
    assert_no_json(told(log.text))
    assert "Aldo: Petition · Scribe: pull Courtesan" in told(log.text)
    changes = client.get(f"/play/{session_id}/state.json?since=0").get_json()["changes"]
    assert_no_json(change.split(" — ")[0] for change in changes)
    assert changes[0].startswith("Rosa: Excommunicate · Vicar (path 1) — ")


def test_a_refused_event_says_what_was_entered_in_words(client):
    session_id = avignon_table(client)
    play(client, session_id, {"type": "beseech", "player": "rome", "path": 1})
    refused = play(client, session_id, {"type": "beseech", "player": "rome", "path": 2})
    assert "Not allowed" in refused.text
    assert "Rosa: Beseech · Scribe (path 2)" in told(refused.text)


def test_a_draw_either_player_may_enter_is_one_button_per_card_and_optional_arrays_are_optional(client):
    session_id = avignon_table(client)
    page = play(client, session_id, {"type": "excommunicate", "player": "rome", "path": 1})
    draws = re.findall(r'<button type="submit" name="event" value="([^"]*draw[^"]*)"', page.text)
    assert len(draws) == len(set(draws)) == 6  # not once per player
    assert "(Aldo)" not in page.text.split('choices-draw')[1].split("</fieldset>")[0]
    # "Something else happened": a petition's optional bishops/switch pairs do not block the form
    assert re.search(r'name="event\.bishops\.0"[^>]*required', page.text) is None
    # the card petitioned is named by its path or by what it is (issue 10): neither is required alone
    petition = client.get(f"/play/{session_id}/other/petition?fragment=1").text
    assert 'name="event.path"' in petition and 'name="event.card.character"' in petition


def test_form_counts_lists_and_strings_are_bounded_by_the_schema_before_anything_is_built():
    from werkzeug.datastructures import MultiDict

    from referee.core.rules import BadRequest
    from referee.pages.forms import form_value

    cost = {"type": "array", "items": {"enum": ["fist", "leaf"]}, "maxItems": 8}
    assert form_value(cost, "cost", MultiDict({"cost#fist": "2", "cost#leaf": "1"})) == \
        ["fist", "fist", "leaf"]
    for count in ("9", "100000000", "5 5", "4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4"):
        with pytest.raises(BadRequest) as refused:
            form_value(cost, "cost", MultiDict({"cost#fist": count}))
        assert refused.value.field == "cost#fist"
    with pytest.raises(BadRequest, match="too large"):
        form_value(cost, "cost", MultiDict({"cost#fist": "1" * 5000}))
    unbounded = {"type": "array", "items": {"enum": ["a", "b"]}}
    with pytest.raises(BadRequest, match="at most 64"):
        form_value(unbounded, "x", MultiDict({"x#a": "40", "x#b": "40"}))
    listed = {"type": "array", "items": {"type": "object"}, "maxItems": 3}
    with pytest.raises(BadRequest, match="at most 3"):
        form_value(listed, "a", MultiDict({"a*points": "1 2 3 4"}))
    with pytest.raises(BadRequest, match="at most 5 characters"):
        form_value({"type": "string", "maxLength": 5}, "s", MultiDict({"s": "abcdef"}))
    with pytest.raises(BadRequest, match="from 1 to 4"):
        form_value({"type": "integer", "minimum": 1, "maximum": 4}, "n", MultiDict({"n": "5"}))
    with pytest.raises(BadRequest):
        form_value({"type": "object"}, "o", MultiDict({"o": "[" * 20000}))


def test_a_huge_count_posted_to_a_table_is_refused_without_building_it(app, client):
    """Issue 16's form amplification: ~150 bytes asking for 10⁸ items is refused at once, and a
    watching phone's post is refused before its form is read."""
    from referee.web import describe_game

    pilgrims = app.extensions["tableside.referees"]["pilgrims"]
    start = client.post("/api/sessions", json={"game": "pilgrims",
                                               **describe_game(pilgrims)["example_setup"]})
    session_id, token = start.get_json()["id"], start.get_json()["edit_token"]
    client.get(f"/play/{session_id}/join?token={token}")
    huge = {"expected_seq": 0, "type": "sign_up", "event.player": "p1",
            "event.cost#fist": "100000000"}
    answer = client.post(f"/play/{session_id}/event", follow_redirects=True, data={
        "csrf_token": csrf_of(client.get(f"/play/{session_id}").text), **huge})
    assert "too many" in answer.text.lower() and seq_of(answer.text) == 0
    watcher = app.test_client()
    refused = watcher.post(f"/play/{session_id}/event", follow_redirects=True, data={
        "csrf_token": csrf_of(watcher.get("/play/new?game=pilgrims").text), **huge})
    assert "This phone is watching" in refused.text and seq_of(refused.text) == 0


def test_a_form_refusal_reads_in_a_players_words_and_names_the_field_to_point_at():
    from referee.pages.forms import in_words
    schema = {"type": "object", "properties": {
        "card": {"oneOf": [{"type": "object", "properties": {
            "level": {"type": "integer", "minimum": 1, "maximum": 2}}}]},
        "cost_kind": {"enum": ["end_of_action"], "description": "the kind of cost"},
        "power": {"type": "integer", "minimum": 0, "maximum": 9}}}
    assert in_words(schema, "event.card", "'level' is a required property") == \
        ("Fill in “level” (card).", "event.card.level")
    assert in_words(schema, "event.power", "12 is greater than the maximum of 9") == \
        ("“power” is at most 9.", "event.power")
    assert in_words(schema, "event.cost_kind", "'x' is not one of ['end_of_action']") == \
        ("Choose “the kind of cost” from the list.", "event.cost_kind")
    text, field = in_words(schema, "event", "unknown field 'level1'")
    assert "level1" not in text and "_" not in text
    text, _ = in_words(schema, "event.power", "enter a number from 0 to 9")
    assert text == "“power”: enter a number from 0 to 9"


def test_table_rulings_are_folded_in_plain_words_and_a_names_only_game_starts_at_once(client):
    from referee.pages.setup import ruling_words
    words = ruling_words("win_timing", {
        "schema": {"enum": ["end_of_action", "immediately"]}, "default": "end_of_action",
        "description": "When the game ends. 'end_of_action' (default): after the action "
                       "(as samaritan_compares says). 'immediately': at once."})
    assert words["question"] == "When the game ends."
    assert [(c["form"], c["words"], c["default"]) for c in words["choices"]] == [
        ("end_of_action", "After the action (as samaritan compares says)", True),
        ("immediately", "At once", False)]
    page = client.get("/play/new?game=avignon").text
    assert 'id="quick-start"' in page
    assert page.index('id="quick-start"') < page.index('class="rulings"')
    rulings = page[page.index('class="rulings"'):]
    assert "Table rulings <span class=\"meta\">(defaults follow the rulebook)</span>" in rulings
    shown = re.sub(r"<[^>]+>", " ", rulings)
    shown = re.sub(r'(name|value|id|for|href)="[^"]*"', "", shown)
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", shown), re.findall(r"\b[a-z]+_[a-z_]+\b", shown)
    assert 'id="quick-start"' not in client.get("/play/new?game=pilgrims").text  # needs its map
    created = client.post("/play/new?game=avignon", data={
        "csrf_token": csrf_of(page), "player": ["Rosa", "Aldo"]})
    assert created.status_code == 303
    session_id = re.match(r"/play/(\w+)\?created=1", created.headers["Location"]).group(1)
    assert client.get(f"/play/{session_id}/export").get_json()["options"]["win_timing"] == \
        "end_of_action"  # the rulebook's reading, by default


def test_every_new_game_form_folds_its_rulings_in_the_same_box_in_words(app, client):
    """Journey's own form too: one "Table rulings (defaults follow the rulebook)" box, each ruling
    a question with a radio per reading, the default checked; no code value shown."""
    from referee.pages.setup import is_ruling
    from referee.web import describe_game
    for game_id, game in app.extensions["tableside.referees"].items():
        with app.test_request_context():
            rulings = [name for name, option in describe_game(game)["options"].items()
                       if is_ruling(option) and (option["schema"].get("enum")
                                                 or option["schema"].get("type") == "boolean")]
        if not rulings:
            continue
        page = client.get(f"/play/new?game={game_id}").text
        assert page.count('<details class="rulings"') == 1, game_id
        box = page[page.index('<details class="rulings"'):]
        box = box[:box.index("Start the")]
        for name in rulings:
            assert f'name="options.{name}"' in box, (game_id, name)
            assert f'<select id="opt-{name}"' not in page, (game_id, name)
            assert re.search(rf'name="options\.{name}" value="[^"]+"\s*checked', box), (game_id, name)
        shown = re.sub(r'(name|value|id|for|href|class)="[^"]*"', "", re.sub(r"<[^>]+>", " ", box))
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", shown), game_id


def test_a_ruling_chosen_on_the_form_is_the_games_option(client):
    page = client.get("/play/new?game=avignon").text
    created = client.post("/play/new?game=avignon", data={
        "csrf_token": csrf_of(page), "player": ["Rosa", "Aldo"], "start": "position",
        "options.win_timing": "immediately", "options.nuncio_pulls_itself": "off"})
    assert created.status_code == 303, created.text
    session_id = re.match(r"/play/(\w+)\?created=1", created.headers["Location"]).group(1)
    exported = client.get(f"/play/{session_id}/export").get_json()
    assert exported["options"]["win_timing"] == "immediately"
    assert exported["options"]["nuncio_pulls_itself"] is False


def test_the_offline_index_lists_every_rulebook_and_every_file_their_pages_load(client):
    index = client.get("/offline/rulebooks.json").get_json()
    from rulebook_index import corpus
    assert sorted(book["game"] for book in index["rulebooks"]) == sorted(corpus.GAME_IDS)
    loaded = set()
    for url in index["pages"] + [book["url"] for book in index["rulebooks"]]:
        page = client.get(url)
        assert page.status_code == 200, url
        loaded |= set(re.findall(r'(?:src|href)="(/static/[^"?#]+)', page.text))
    assert loaded <= set(index["static"]), loaded - set(index["static"])
    for url in index["static"]:
        response = client.get(url)
        response.close()  # a static file is streamed: close it
        assert response.status_code == 200, url


def test_the_card_library_is_offered_wherever_a_form_asks_for_a_cards_printed_contents(client, app):
    from werkzeug.datastructures import MultiDict

    from referee.pages.base import games
    from referee.pages.forms import form_value
    from referee.pages.library import names_a_card, use_library
    with app.test_request_context():
        pillars = games()["pillars-of-fate"].event_types["hand"].schema("hand", ["sun", "moon"])
        avignon = games()["avignon"].event_types["beseech"].schema("beseech", ["rome", "avignon"])
        champion = pillars["properties"]["cards"]["items"]
        assert names_a_card("event.cards.0", champion)  # power and icons, not in the rulebook
        assert not names_a_card("event.card", avignon["properties"]["card"])  # named by character
        app.extensions["tableside.store"].save_cards(
            "pillars-of-fate", {"A7": {"power": 7, "feathers": 1, "scorpions": 0}}, 500)
        form, to_save = use_library("pillars-of-fate", MultiDict({
            "library.event.cards.0": "A7", "event.cards.1.power": "3",
            "event.cards.1.feathers": "0", "event.cards.1.scorpions": "2"}))
        assert form_value(pillars["properties"]["cards"], "event.cards", form) == [
            {"power": 7, "feathers": 1, "scorpions": 0}, {"power": 3, "feathers": 0, "scorpions": 2}]
    created = client.post("/api/sessions", json={"game": "pillars-of-fate",
                                                 "players": ["Ana", "Ben"]}).get_json()
    client.get(f"/play/{created['id']}/join?token={created['edit_token']}")
    page = client.get(f"/play/{created['id']}/other/hand?fragment=1").text
    assert 'name="library.event.cards.0"' in page and '<option value="A7">' in page
    created = client.post("/api/sessions", json={"game": "avignon",
                                                 "players": ["Rosa", "Aldo"]}).get_json()
    page = client.get(f"/play/{created['id']}/join?token={created['edit_token']}",
                      follow_redirects=True).text
    page += client.get(f"/play/{created['id']}/other/beseech?fragment=1").text
    assert 'name="library.' not in page


def test_a_long_list_of_choices_is_picked_in_two_steps(client):
    from referee.pages.describe import choice_steps
    short = [(str(n), {"type": "petition", "player": "rome", "path": n}) for n in range(1, 6)]
    assert choice_steps(short) is None
    long = [(f"{p}-{t}", {"type": "petition", "player": "rome", "path": p, "target": t})
            for p in range(1, 5) for t in range(1, 5)] + [("5", {"type": "petition",
                                                                 "player": "rome", "path": 5})]
    steps = choice_steps(long)
    assert [first for first, _ in steps] == [
        {"type": "petition", "player": "rome", "path": p} for p in range(1, 6)]
    assert [len(pairs) for _, pairs in steps] == [4, 4, 4, 4, 1]
    created = client.post("/api/sessions", json={"game": "avignon", "players": ["Rosa", "Aldo"],
        "position": {"board": [{"path": 1, "character": "Vicar", "location": "genoa"},
                               {"path": 2, "character": "Scribe", "location": "genoa"},
                               {"path": 3, "character": "Nuncio", "location": "genoa"},
                               {"path": 4, "character": "Canonist", "location": "genoa"},
                               {"path": 5, "character": "Courtesan", "location": "genoa"}],
                     "congregations": {"rome": [], "avignon": []}, "turn": "rome",
                     "first_turn": False}}).get_json()
    page = client.get(f"/play/{created['id']}/join?token={created['edit_token']}",
                      follow_redirects=True).text
    petition = page[page.index("choices-petition"):]
    assert re.search(r'<summary>Scribe <span class="meta">— 4 choices</span></summary>', petition)
    # the Canonist's 24 legal choices ([a, b] and [b, a] switch the same two) read as 12, picked in
    # steps: which two are switched, then which one is pushed
    assert '<summary>Canonist <span class="meta">— 12 choices</span></summary>' in petition
    pairs = re.findall(r'<summary>Canonist: switch (\w+) ↔ (\w+) <span class="meta">— 2 choices', petition)
    assert len(pairs) == len(set(pairs)) == 6
    canonist = re.findall(r'class="choice">\s*(Canonist: [^<]+?)\s*</button>', petition)
    assert len(canonist) == len(set(canonist)) == 12


def test_a_list_of_checkboxes_is_drawn_without_typed_values(app):
    """The 'Something else happened' forms draw fields with no typed values (a plain mapping): a
    set of choices (an array of an enum, uniqueItems) is drawn as unticked checkboxes."""
    schema = {"type": "array", "items": {"enum": ["near", "far"]}, "uniqueItems": True}
    with app.test_request_context():
        field = app.jinja_env.get_template("play/_form.html").module.field
        drawn = str(field(schema, "event.reach", "reach"))
    assert drawn.count('type="checkbox"') == 2 and "checked" not in drawn


def test_journey_offers_the_chosen_quests_own_events_only(app):
    """"Something else happened…" and a refusal's "possible now" list the core game's events and
    the chosen Quest's own, not every Quest's (free play: none of them)."""
    from referee.journey import Game
    from referee.journey.quests import QUEST_EVENTS

    client, created = example_table(app, "journey")  # free play
    page = client.get(f"/play/{created['id']}").text
    listed = set(re.findall(r'class="other-type other-type-([a-z0-9_]+)"', page))
    assert "move" in listed and "quest_result" in listed
    assert not listed & set(QUEST_EVENTS)
    refused = client.post(f"/api/sessions/{created['id']}/events",
                          headers={"Authorization": f"Bearer {created['edit_token']}"},
                          json={"event": Game.event_types["end_turn"].example, "expected_seq": 0})
    assert refused.status_code == 422, refused.get_json()
    message = refused.get_json()["error"]["message"]
    assert "possible now: " in message
    possible = message.split("possible now: ")[1].rstrip(".").split(", ")
    assert not {name.replace(" ", "_") for name in possible} & set(QUEST_EVENTS), possible



def test_ask_from_the_table_keeps_the_best_answer_first_then_the_current_phase():
    # Finding 122: the phase once outranked the answer, and cut it from the page's eight.
    from types import SimpleNamespace

    from referee.pages.ask import table_order

    def hit(title, score):
        return SimpleNamespace(title=title, path=(title,), section_id=title.lower(), score=score)

    companions = hit("Companions", 7.9)
    travel = [hit(f"Travel Phase {n}", 5.0 - n / 10) for n in range(9)]
    ravenous = hit("Ravenous", 6.0)
    ordered = table_order([ravenous, *travel, companions], "turn_travel")
    assert ordered[0] is companions
    assert ordered[1:10] == travel and ordered[-1] is ravenous
    assert table_order([], "turn_travel") == []


def test_ask_from_the_table_names_the_phase_as_the_table_bar_does(phone):
    session_id = new_game(phone)
    page = phone.get(f"/play/{session_id}/ask", query_string={"q": "who wins a tie"})
    named = re.search(r"sections about the current phase \(<em>(.*?)</em>\)", page.text)
    assert named and named.group(1) in phone.get(f"/play/{session_id}").text

"""Seventh audit of the Avignon: Pilgrimage referee (session 12): properties over random games.

1. Whole random games through the HTTP API (hypothesis: random table rulings, the setup's five
   cards and every replacement drawn at random from the listed draws, every action picked at random
   from what the acting phone lists, Petitions included) against the end-of-game calculator given
   the Congregations: the same totals, breakdown lines, winners and deciding rule — at the end and
   at points in the middle (no winner yet) — and the winner the book's ("The game ends when one
   player has three cards in his or her Congregation. That player wins the game.", "If two players
   would win the game at the same time, the player who took the game's final action wins.", the
   Scribe's "At the start of your turn, if Scribe is in GENOA and you have two in your
   Congregation, WIN.").
2. `legal` exactness with candidates the referee does not generate: at every point of random games
   (actions, draws, the end of a turn), every event over the fields' whole range — both players,
   every action at every path, each character's Petition with every choice from paths 1-5, every
   character drawn — is accepted exactly when `legal` lists it.
"""

import itertools
import json
import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from referee import avignon as A
from referee.avignon import Game
from referee.core import engine
from referee.core.rules import BadRequest, RuleViolation
from tests.api_table import ApiTable, calculated, quotes_from

in_book = quotes_from("avignon")
THREE_WINS = in_book("The game ends when one player has three cards in his or her Congregation. "
                     "That player wins the game.")
FINAL_ACTION = in_book("If two players would win the game at the same time, the player who took "
                       "the game's final action wins.")
SCRIBE_WINS = in_book("At the start of your turn, if Scribe is in GENOA and you have two in your "
                      "Congregation, WIN.")
SEATS = ("rome", "avignon")
RULINGS = {name: option.schema["enum"] if "enum" in option.schema else [False, True]
           for name, option in Game.options.items()}
NO_SHRINK = [Phase.explicit, Phase.reuse, Phase.generate]  # a seed does not shrink


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def random_rulings(rng) -> dict:
    return {name: rng.choice(values) for name, values in RULINGS.items() if rng.random() < 0.5}


# == 1. Whole random games through the API against the calculator ==================================


def tallies_of(G: dict, over: bool) -> dict:
    """What a table types into the calculator: both Congregations, and at the end who took the
    final action and whether the Scribe won at the start of a turn."""
    body = {"congregations": G["congregations"]}
    if over:
        body["last_actor"] = G["last_actor"]
        if G["win_rule"] == SCRIBE_WINS:
            body["scribe_in_genoa_at_start_of"] = G["winner"]
    return body


def unnamed(players: list[dict]) -> list[dict]:
    """The score lines without the players' names (the calculator takes none: it names seats)."""
    return [{k: v for k, v in player.items() if k != "name"} for player in players]


def winner_by_the_book(G: dict) -> str:
    three = [seat for seat in SEATS if len(G["congregations"][seat]) >= 3]
    if len(three) == 2:
        assert G["win_rule"] == FINAL_ACTION
        return G["last_actor"]
    if three:
        assert G["win_rule"] == THREE_WINS
        return three[0]
    assert G["win_rule"] == SCRIBE_WINS
    assert len(G["congregations"][G["winner"]]) == 2
    return G["winner"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=NO_SHRINK)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_whole_games_agree_with_the_calculator(client, seed):
    rng = random.Random(seed)
    table = ApiTable(client, {"game": "avignon", "players": ["Rosa", "Aldo"],
                              "options": random_rulings(rng)})
    for step in range(400):
        view = table.view()
        if view["over"]:
            break
        listed = view["legal"]
        assert listed, view["phase"]
        table.accepted(rng.choice(listed))
        if step % 15 == 0:  # between actions: the same totals and lines, no winner yet
            view = table.view()
            if not view["over"] and view["state"]["pending"] is None:
                answer = calculated(client, "avignon", tallies_of(view["state"], False))
                assert unnamed(answer["players"]) == unnamed(view["scores"]["players"])
                assert answer["winners"] == view["scores"]["winners"] == []
    view = table.view()
    assert view["over"] and view["legal"] == []
    G = view["state"]
    answer = calculated(client, "avignon", tallies_of(G, True))
    assert unnamed(answer["players"]) == unnamed(view["scores"]["players"])
    assert answer["winners"] == view["scores"]["winners"] == [winner_by_the_book(G)]
    assert answer["decided_by"]["rule"] == view["scores"]["decided_by"]["rule"]
    assert {p["seat"]: p["total"] for p in answer["players"]} == \
        {seat: len(cards) for seat, cards in G["congregations"].items()}


# == 2. `legal` exactness over candidates the referee does not generate ============================

PATHS = range(1, 6)


def petitions(seat: str, path: int, character: str):
    """A Petition of the card at `path`, bare and with every choice its character takes, each
    choice over every path (the Reference Card: the Vicar's two Bishops and the excommunicated
    card, the Canonist's switched pair and pushed card, the Courtesan's target, the Scribe's
    target and move)."""
    base = {"type": "petition", "player": seat, "path": path}
    yield base
    if character == "Vicar":
        for first, second, target in itertools.product(PATHS, PATHS, PATHS):
            yield {**base, "bishops": [first, second], "excommunicate": target}
    elif character == "Canonist":
        for a, b in itertools.permutations(PATHS, 2):
            for pushed in PATHS:
                yield {**base, "switch": [a, b], "push": pushed}
    elif character == "Courtesan":
        for target in PATHS:
            yield {**base, "target": target}
    elif character == "Scribe":
        for target in PATHS:
            for move in ("push", "pull"):
                yield {**base, "target": target, "move": move}


def candidates(model):
    board = model.G["board"]
    for seat in SEATS:
        yield {"type": "end_turn", "player": seat}
        for name in A.CHARACTERS:
            yield {"type": "draw", "player": seat, "character": name}
        for kind in ("beseech", "chastise", "excommunicate"):
            for path in PATHS:
                yield {"type": kind, "player": seat, "path": path}
        for row in board:
            if row["character"]:
                yield from petitions(seat, row["path"], row["character"])


def key(event: dict) -> str:
    return json.dumps(event, sort_keys=True)


def setup_draw_by_the_other_seat(model, event, listed) -> bool:
    """The setup's five cards may be entered from either seat ("Draw five cards and place them
    face up in a row extending outwards from Genoa." names no player); `legal` lists Rome's."""
    pending = model.G["pending"]
    return event["type"] == "draw" and pending is not None and pending["action"] == "setup" \
        and key({**event, "player": "rome"}) in listed


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=NO_SHRINK)
@given(seed=st.integers(0, 2**32 - 1))
def test_legal_lists_exactly_what_the_referee_accepts(seed):
    """Each listed event is accepted (on a copy); each other candidate is refused and leaves the
    game as it was — at every point of a random game to its end (at most 150 events)."""
    rng = random.Random(seed)
    setup = engine.check_setup(Game, {"game": "avignon", "players": ["Rosa", "Aldo"],
                                      "options": random_rulings(rng)})
    model = engine.start(Game, setup)
    for _step in range(150):
        if model.game_over:
            break
        listed = {key(event): event for event in model.legal()}
        for event in listed.values():
            trial = engine.restore(Game, setup, json.loads(json.dumps(model.snapshot())))
            engine.apply(trial, event)
        for event in candidates(model):
            if key(event) in listed or setup_draw_by_the_other_seat(model, event, listed):
                continue
            before = json.dumps(model.G, sort_keys=True)
            try:
                engine.apply(model, event)
            except (RuleViolation, BadRequest):
                assert json.dumps(model.G, sort_keys=True) == before
                continue
            raise AssertionError(f"accepted, not listed: {event}")
        engine.apply(model, rng.choice(list(listed.values())))
    assert model.legal() == [] if model.game_over else model.legal()

"""Seventh audit of the Pilgrims: Curious Adventures referee (session 12), through the HTTP API:
the last round's leftover first — what is left of the first character's abilities once "another
activation" let the player activate a second character (a book silence, now the table ruling
`abilities_after_another_activation`) — then what the audit found on the way.

The table (example setup): p1's leader shows a sword; see tests/test_pilgrims_audit.py."""

import copy
import html
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core import engine
from referee.pilgrims import Game
from tests.test_pilgrims_audit import DISPLAY, C, I, M, ev, example_setup, in_book, me, start, two

ANY_ORDER = in_book('If the card has multiple (divided by the line with "+"), the player uses them '
                    'in any order.')
ONCE = in_book("Each ability can be used only once per activation.")
ANOTHER = in_book("The player may play another item card to activate another character this turn.")
PERFORM = in_book("After activating a character, the player performs their ability.")

# A star beast whose abilities are "another activation" + "gain clover"; Ann holds a star item
# for it and a sword item for her leader.
BEAST = C(["beast"], ["star"], abilities=["another activation", "gain clover"])
HAND = [I("fist", "star"), I("leaf", "sword")]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def two_activations(client, **options):
    """Ann activates her beast, uses its "another activation", then activates her leader: the
    beast's clover ability is still unused."""
    table = start(client, {"phase": "activate",
                           "players": two({"movement": [1], "clovers": 0, "hand": list(HAND),
                                           "party": [M(BEAST)]})}, **options)
    table.accepted(ev("activate", character=1, hand=1))
    table.accepted(ev("ability", kind="another activation"))
    table.accepted(ev("activate", character="leader", hand=1))
    return table


def csrf_of(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def legal(table) -> list[dict]:
    return table.view("p1")["legal"]


def abilities_listed(table) -> set:
    return {(e["kind"], e.get("character")) for e in legal(table) if e["type"] == "ability"}


def test_the_first_characters_unused_ability_stays_usable_by_default(client):
    """ "If the card has multiple (divided by the line with "+"), the player uses them in any
    order. Each ability can be used only once per activation." — no sentence ends the beast's
    abilities when "The player may play another item card to activate another character this
    turn." is used first: under the default `kept`, its "gain clover" is listed (naming the beast)
    beside the leader's own abilities and accepted, named or not; a second time is refused with the
    once-per-activation sentence."""
    table = two_activations(client)
    listed = abilities_listed(table)
    assert ("gain clover", 1) in listed
    assert ("another activation", 1) not in listed
    assert {kind for kind, which in listed if which is None} == {"move", "reserve"}
    table.accepted(ev("ability", kind="gain clover", character=1))
    assert me(table)["clovers"] == 1
    table.refused(ev("ability", kind="gain clover", character=1), ONCE)
    table.refused(ev("ability", kind="gain clover"), ONCE)
    assert me(table)["clovers"] == 1


def test_an_ability_left_unnamed_is_the_earlier_characters_when_the_last_has_none(client):
    """The leader has no clover ability ("Each leader has two abilities: a movement diagram and
    reserve an adventure card."), so a "gain clover" entered without `character` is the beast's."""
    table = two_activations(client)
    table.accepted(ev("ability", kind="gain clover"))
    assert me(table)["clovers"] == 1
    assert ("gain clover", 1) not in abilities_listed(table)


def test_under_the_ended_ruling_the_second_activation_ends_the_first_ones_abilities(client):
    """`abilities_after_another_activation` = ended: "After activating a character, the player
    performs their ability." — the beast's abilities belonged to its activation, which the
    leader's ended: its clover is not listed, and refused with that sentence, named or not."""
    table = two_activations(client, abilities_after_another_activation="ended")
    assert abilities_listed(table) == {("move", None), ("reserve", None)}
    error = table.refused(ev("ability", kind="gain clover", character=1), PERFORM)
    assert "ended" in error["message"]
    table.refused(ev("ability", kind="gain clover"), in_book("Each leader has two abilities: a "
                                                             "movement diagram and reserve an "
                                                             "adventure card."))
    assert me(table)["clovers"] == 0


def test_the_ruling_is_declared_with_the_passages_on_both_sides(client):
    option = client.get("/api/games/pilgrims").get_json()["options"][
        "abilities_after_another_activation"]
    assert option["default"] == "kept"
    assert option["schema"]["enum"] == ["kept", "ended"]
    cited = {rule["quote"] for rule in option["rules"]}
    assert {ANY_ORDER, ONCE, ANOTHER, PERFORM} <= cited


def test_an_ability_of_a_character_not_activated_this_turn_is_refused(client):
    """ "After activating a character, the player performs their ability." — naming the beast
    when only the leader was activated."""
    table = start(client, {"phase": "activate",
                           "players": two({"movement": [1], "hand": list(HAND),
                                           "party": [M(BEAST)]})})
    table.accepted(ev("activate", character="leader", hand=2))
    error = table.refused(ev("ability", kind="gain clover", character=1), PERFORM)
    assert "not activated" in error["message"]


def test_a_position_carries_the_earlier_activation(client):
    """A game entered mid-turn, the beast activated before the leader with its clover unused: the
    position's `turn.earlier` keeps it usable (default ruling); under `ended` such a position is a
    400 naming the field."""
    turn = {"activated": True, "activations_left": 0, "characters": [1, "leader"],
            "active": {"character": "leader"},
            "earlier": [{"character": 1, "used": ["another activation"]}]}
    position = {"phase": "activate", "turn": turn,
                "players": two({"movement": [1], "clovers": 0, "hand": [],
                                "party": [M(BEAST, I("fist", "star"))],
                                "leader_holds": I("leaf", "sword")})}
    table = start(client, position)
    table.accepted(ev("ability", kind="gain clover", character=1))
    assert me(table)["clovers"] == 1
    setup = example_setup(client, abilities_after_another_activation="ended")
    refused = client.post("/api/sessions", json={**setup, "position": position})
    assert refused.status_code == 400
    assert refused.get_json()["error"]["field"] == "position.turn.earlier"


def test_after_the_activated_companion_retires_the_one_in_its_place_may_be_activated(client):
    """ "A player can't activate retired companion cards." The star beast (place 1; "another
    activation" + "draw 2 companion cards, keep one") draws a fourth companion and retires itself
    ("...the player must retire an old one to free up space."): the sword wanderer slides to place
    1 and is a character not yet activated this turn, so "another item card to activate another
    character" may go under it. (The turn remembered the beast as "place 1", and the wanderer now
    there was refused as already activated.) The retired beast itself is refused with its own
    sentence."""
    beast = C(["beast"], ["star"], abilities=["another activation", "draw companion"])
    wanderer, scoundrel = C(["wanderer"], ["sword"]), C(["scoundrel"], ["notes"])
    table = start(client, {"phase": "activate",
                           "players": two({"movement": [1], "hand": [I("fist", "star"),
                                                                     I("leaf", "sword"),
                                                                     I("leaf", "star")],
                                           "party": [M(beast), M(wanderer), M(scoundrel)]})})
    table.accepted(ev("activate", character=1, hand=1))
    table.accepted(ev("ability", kind="another activation"))
    table.accepted(ev("ability", kind="draw companion", card=C(["nobleheart"], ["compass"]),
                      bottom=C(["beast"], ["notes"]), retire=1))
    party = me(table)["party"]
    assert [member["card"]["types"] for member in party] == [["wanderer"], ["scoundrel"],
                                                             ["nobleheart"]]
    table.refused(ev("activate", character={"retired": 1}, hand=2),
                  in_book("A player can't activate retired companion cards."))
    table.accepted(ev("activate", character=1, hand=1))
    assert me(table)["party"][0]["holds"] == I("leaf", "sword")


# -- a property: whatever is activated, `legal` lists exactly the abilities still usable -----------

SYMBOLS = ("star", "notes", "compass")
KINDS = ("another activation", "gain clover")


def activate_model(abilities: list[list[str]], ruling: str):
    """Ann in her Activate phase with a companion per entry of `abilities` (each its own activation
    symbol) and an item card matching each, her leader's (sword) too."""
    body = copy.deepcopy(Game.example_setup)
    body["options"]["abilities_after_another_activation"] = ruling
    party = [M(C(["beast"], [SYMBOLS[n]], abilities=kinds)) for n, kinds in enumerate(abilities)]
    hand = [I("fist", SYMBOLS[n]) for n in range(len(abilities))] + [I("leaf", "sword")]
    body["position"] = {"phase": "activate", "players": two(
        {"movement": [1], "clovers": 0, "hand": hand, "party": party})}
    return engine.start(Game, engine.check_setup(Game, body))


@settings(max_examples=40, deadline=None)
@given(abilities=st.lists(st.lists(st.sampled_from(KINDS), unique=True), min_size=1, max_size=3),
       ruling=st.sampled_from(["kept", "ended"]), picks=st.lists(st.integers(0, 50), max_size=12))
def test_every_listed_ability_or_activation_is_accepted_and_each_is_used_once(abilities, ruling,
                                                                             picks):
    """Each ability or activation `legal` lists is accepted; an ability used is listed no more for
    that activation; "gain clover" gives one clover each time; under `ended` only the last
    activated character's abilities are listed (no `character` named), under `kept` every
    activated character's unused ones."""
    model = activate_model(abilities, ruling)
    used: set = set()
    for pick in picks:
        choices = [e for e in model.legal() if e["type"] in ("ability", "activate")
                   and "open" not in e and not e.get("convert") and e.get("kind") != "move"
                   and e.get("kind") != "reserve"]
        if not choices:
            break
        event = choices[pick % len(choices)]
        turn = model.G["turn"]
        if event["type"] == "ability":
            which = event.get("character", turn["active"]["character"])
            assert (which, event["kind"]) not in used
            used.add((which, event["kind"]))
        engine.apply(model, event)
        listed = [e for e in model.legal() if e["type"] == "ability"]
        if ruling == "ended":
            assert all("character" not in e for e in listed)
        for e in listed:
            assert (e.get("character", model.G["turn"]["active"]["character"]), e["kind"]) \
                not in used
    clovers = sum(1 for _which, kind in used if kind == "gain clover")
    assert model.G["players"]["p1"]["clovers"] == clovers


def test_a_companion_entered_with_no_abilities_lists_none_once_activated(client):
    """A companion entered with `abilities: []` (none read off it): once activated, `legal` listed
    every ability kind (the empty list read as "not entered"), each refused with "After activating
    a character, the player performs their ability." Found by the property above; now none is
    listed, and the clover one is still refused."""
    table = start(client, {"phase": "activate",
                           "players": two({"movement": [1], "hand": [I("fist", "star")],
                                           "party": [M(C(["beast"], ["star"], abilities=[]))]})})
    table.accepted(ev("activate", character=1, hand=1))
    assert abilities_listed(table) == set()
    table.refused(ev("ability", kind="gain clover"), PERFORM)


# -- the leader never leaves the party ------------------------------------------------------------

LEADER_STAYS = in_book("The leader is a player's starting character, and never leaves the party.")
FULL = [M(C(["beast"], ["star"])), M(C(["wanderer"], ["star"])), M(C(["scoundrel"], ["notes"]))]


def test_the_leader_named_to_make_room_for_a_fourth_companion_is_refused(client):
    """ "If they would gain another companion card, the player must retire an old one to free up
    space." — naming the leader could not be entered at all (`retire` took a party place only, a
    400); it is refused with "The leader is a player's starting character, and never leaves the
    party.", and retiring companion 1 instead is accepted."""
    table = start(client, {"players": two({"party": FULL})})
    move = ev("move", movement=1, to=[2, 2], card=C(["nobleheart"], ["compass"]))
    table.refused({**move, "retire": "leader"}, LEADER_STAYS)
    table.accepted({**move, "retire": 1})
    assert [m["card"]["types"] for m in me(table)["party"]] == [["wanderer"], ["scoundrel"],
                                                                 ["nobleheart"]]


def test_the_leader_named_for_an_adventures_cross_is_refused(client):
    """ "2. If there are one or more cross symbols in the party requirement, retire one companion
    card from the party for each cross symbol." — the leader named for the cross is refused with
    the leader's sentence (not the participating-companions one); the beast is accepted."""
    card = {"level": 1, "points": 2, "party": ["beast"], "cost": ["fist"], "crosses": 1,
            "clovers": 0}
    table = start(client, {"phase": "activate", "turn": {"activated": True},
                           "display": [card, *DISPLAY[1:]],
                           "players": two({"movement": [1], "hand": [I("fist", "star")],
                                           "party": [M(C(["beast"], ["star"]))]})})
    complete = ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}],
                  companions=[1])
    table.refused({**complete, "retire": ["leader"]}, LEADER_STAYS)
    table.accepted({**complete, "retire": [1]})
    assert me(table)["party"] == []


def test_the_table_page_names_whose_earlier_ability_a_choice_is(client):
    """On Ann's phone, the beast's clover ability after her leader's activation says it is the
    beast's, activated earlier, and a tap enters it."""
    table = two_activations(client)
    phone = client.application.test_client()
    phone.get(f"/play/{table.id}/join?token={table.join_token}")
    asked = phone.get(f"/play/{table.id}").text
    phone.post(f"/play/{table.id}/seat", data={"csrf_token": csrf_of(asked), "seat": "p1"})
    page = phone.get(f"/play/{table.id}").text
    found = re.search(r'<button type="submit" name="event" value="([^"]*gain clover[^"]*)"[^>]*>'
                      r'(.*?)</button>', page, re.S)
    assert found is not None
    label = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", found.group(2)))
    assert "gain clover" in label and "(companion 1), activated earlier" in label
    tapped = phone.post(f"/play/{table.id}/event", data={
        "csrf_token": csrf_of(page), "expected_seq": re.search(r'data-seq="(\d+)"', page).group(1),
        "event": html.unescape(found.group(1))})
    assert tapped.status_code in (200, 302, 303)
    assert me(table)["clovers"] == 1

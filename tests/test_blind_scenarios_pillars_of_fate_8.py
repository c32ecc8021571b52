"""Pillars of Fate, outsider scenarios round 8: a whole game of three Ages played card by card to
its end (renown level after Age III, the tie broken by the pillars of the last round), every entry
after the end refused with the Game End's sentence, the last card of an Age undone (the table as
if it had never been played), the wrong seat at each step of an Age (the marker not passed, the
opponent's card at a player's turn, a card between the Ages), and a face-down card with its draw
undone staying hidden from the other seat. Written from the rulebook and the API's own description
only (docs/games/pillars-of-fate.md, GET /api/games/pillars-of-fate), never the referee's code."""

import json

import pytest

from tests.api_table import ApiTable, as_seen, calculated, quotes_from, reads_by_others, seat_headers
from tests.test_blind_scenarios_pillars_of_fate import drafted, play
from tests.test_blind_scenarios_pillars_of_fate_7 import (
    NAMARI_CARD,
    SORCERER_CARD,
    opening,
    sorcerer_and_namari,
)

GAME = "pillars-of-fate"
book = quotes_from(GAME)

ALTERNATE = book("During each Age, players alternate turns")
PASS_MARKER = book("Pass the 1st player marker.")
GAME_END = book("After 3 Ages, players count their victory point tokens.")
PILLAR_TIE_BREAK = book("Tie breaker: Whoever has more pillars in the last round wins.")
NEW_QUESTS = book("Place 3 new quest cards that match the current Age.")
AGE_ENDS = book("An Age ends when each of the 3 lanes are full.")

# Three Ages, each as the table plays it: (the marker's holder, the modifier, the quests, the plays
# in order). Every champion card shows one feather, so feathers dominate every lane; Divine cards
# are named (power 1, no icon). Sun kept Klar (Saghari and Aponi to Moon), Moon kept Naka (Arbiter
# and Eradan to Sun).
AGES = [
    ("sun", "two_face_down",
     [{"feather": 3, "scorpion": -1}, {"feather": 3, "scorpion": 4}, {"feather": 1, "scorpion": 3}],
     [("sun", "left", 8), ("moon", "center", 8), ("sun", "right", 8), ("moon", "left", 2),
      ("sun", "left", 7), ("moon", "center", 7), ("sun", "right", 7), ("moon", "right", "Naka"),
      ("sun", "left", 6), ("moon", "center", 6), ("sun", "right", 6), ("moon", "left", 2),
      ("sun", "center", 2), ("moon", "right", 2), ("sun", "center", 2), ("moon", "left", 2),
      ("sun", "center", "Klar"), ("moon", "right", 2)]),
    ("moon", "no_divine",
     [{"feather": 4, "scorpion": 0}, {"feather": 5, "scorpion": 2}, {"feather": 2, "scorpion": 1}],
     [("moon", "left", 8), ("sun", "center", 8), ("moon", "right", 8), ("sun", "center", 7),
      ("moon", "left", 7), ("sun", "center", 6), ("moon", "right", 7), ("sun", "left", 2),
      ("moon", "left", 6), ("sun", "left", 2), ("moon", "right", "Saghari"),
      ("sun", "left", "Arbiter"), ("moon", "center", 2), ("sun", "right", 2),
      ("moon", "center", 2), ("sun", "right", 2), ("moon", "center", 2), ("sun", "right", 2)]),
    ("sun", "double_suit",
     [{"feather": 8, "scorpion": 1}, {"feather": 6, "scorpion": 2}, {"feather": 2, "scorpion": 5}],
     [("sun", "left", 8), ("moon", "right", 7), ("sun", "center", 2), ("moon", "center", 8),
      ("sun", "left", 7), ("moon", "center", 7), ("sun", "left", "Eradan"), ("moon", "center", 6),
      ("sun", "center", 2), ("moon", "right", 6), ("sun", "center", 2),
      ("moon", "right", "Aponi"), ("sun", "right", 2), ("moon", "left", 2), ("sun", "right", 2),
      ("moon", "left", 2), ("sun", "right", 2), ("moon", "left", 2)]),
]
# By the book: Age I Sun wins left (3) and right (1), Moon the center (3); Age II Moon left (4)
# and right (2), Sun the center (5); Age III Sun left (8: 8+7+1 against 6), Moon the center (6)
# and right (2: Sun's 6 + Eradan's 2 against 14). Sun 4, 9, 17; Moon 3, 9, 17. Age III's pillars:
# Sun left and center (her first face-up cards there), Moon right.
RENOWN_AFTER = [{"sun": 4, "moon": 3}, {"sun": 9, "moon": 9}, {"sun": 17, "moon": 17}]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def entered(player, lane, what):
    if isinstance(what, str):
        return {"type": "play", "player": player, "lane": lane, "divine": what, "power": 1,
                "feathers": 0, "scorpions": 0, "face": "up"}
    return play(player, lane, what, 1)


def drafted_for_the_game(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"]})
    table.accepted({"type": "draft_divine", "player": "sun", "kept": "Klar",
                    "passed": ["Saghari", "Aponi"]})
    table.accepted({"type": "draft_divine", "player": "moon", "kept": "Naka",
                    "passed": ["Arbiter", "Eradan"]})
    return table


def begin(table, age):
    first, modifier, quests, _ = AGES[age]
    event = {"type": "begin_age", "player": first, "modifier": modifier, "quests": quests}
    if age == 0:
        event["first_player"] = first
    table.accepted(event)


def age_played(table, age, leave_last=False):
    begin(table, age)
    plays = AGES[age][3]
    for player, lane, what in plays[:-1] if leave_last else plays:
        table.accepted(entered(player, lane, what))


def test_three_ages_played_card_by_card_end_level_and_the_last_rounds_pillars_decide(client):
    table = drafted_for_the_game(client)
    for age in range(3):
        age_played(table, age)
        assert table.view()["state"]["renown"] == RENOWN_AFTER[age]
    view = table.view()
    assert view["over"] is True and view["legal"] == []
    assert [lane["pillar"] for lane in view["state"]["ages"][-1]["lanes"]] == [
        "sun", "sun", "moon"]
    assert view["scores"]["winners"] == ["sun"]
    assert view["scores"]["decided_by"]["rule"]["quote"] == PILLAR_TIE_BREAK
    assert {p["seat"]: p["total"] for p in view["scores"]["players"]} == {"sun": 17, "moon": 17}


AFTER_THE_END = [
    entered("moon", "left", 3),
    entered("sun", "right", 5),
    {"type": "begin_age", "player": "moon", "modifier": "no_power",
     "quests": AGES[0][2]},
    {"type": "break_tie", "player": "sun", "lane": "left", "tie": "power", "choice": "sun"},
    {"type": "draft_divine", "player": "sun", "kept": "Klar", "passed": ["Saghari", "Aponi"]},
    {"type": "namari_look", "player": "moon", "lane": "center", "side": "sun", "position": 1},
]


@pytest.fixture(scope="module")
def finished(module_client):
    table = drafted_for_the_game(module_client)
    for age in range(3):
        age_played(table, age)
    return table


@pytest.mark.parametrize("entry", AFTER_THE_END,
                         ids=["play", "play_sun", "begin_age", "break_tie", "draft", "namari"])
def test_every_entry_after_the_third_age_is_refused_with_the_game_end(finished, entry):
    before = as_seen(finished.view())
    finished.refused(entry, GAME_END)
    assert as_seen(finished.view()) == before


def test_the_last_card_of_age_three_undone_reopens_the_game_as_it_was(client):
    table = drafted_for_the_game(client)
    age_played(table, 0)
    age_played(table, 1)
    age_played(table, 2, leave_last=True)
    before = as_seen(table.view())
    assert before[4] is False
    last = entered(*AGES[2][3][-1])
    table.accepted(last)
    ended = as_seen(table.view())
    table.undo()
    assert as_seen(table.view()) == before
    offered = [{k: v for k, v in e.items() if k in ("type", "player", "lane")}
               for e in table.view("moon")["legal"]]
    assert {"type": "play", "player": "moon", "lane": "left"} in offered
    table.accepted(last)
    assert as_seen(table.view()) == ended


def test_the_last_card_of_age_one_undone_then_entered_again_scores_the_age_once(client):
    table = drafted_for_the_game(client)
    age_played(table, 0, leave_last=True)
    before = as_seen(table.view())
    assert before[0]["renown"] == {"sun": 0, "moon": 0} and before[0]["ages"] == []
    last = entered(*AGES[0][3][-1])
    table.accepted(last)
    assert table.view()["state"]["renown"] == RENOWN_AFTER[0]
    table.undo()
    assert as_seen(table.view()) == before
    # Moon meant the same 2, with a feather, in the right lane: the Age is scored once.
    table.accepted(last)
    state = table.view()["state"]
    assert state["renown"] == RENOWN_AFTER[0] and len(state["ages"]) == 1
    # A card between the Ages is refused with the next Age's set-up.
    table.refused(entered("moon", "left", 5), NEW_QUESTS)
    begin(table, 1)
    assert table.view()["state"]["renown"] == RENOWN_AFTER[0]


def test_the_wrong_seat_at_each_step_of_age_two(client):
    table = drafted_for_the_game(client)
    age_played(table, 0)
    # Between the Ages: Sun keeps the marker she held in Age I.
    table.refused({"type": "begin_age", "player": "sun", "first_player": "sun",
                   "modifier": "no_divine", "quests": AGES[1][2]}, PASS_MARKER)
    begin(table, 1)
    # Moon holds the marker: Sun's card first is refused, Moon's accepted.
    table.refused(entered("sun", "center", 8), ALTERNATE)
    table.accepted(entered("moon", "left", 8))
    # Moon's second card in a row, then Sun's.
    table.refused(entered("moon", "right", 8), ALTERNATE)
    table.accepted(entered("sun", "center", 8))
    # Starting Age III now is refused: the Age is being played.
    table.refused({"type": "begin_age", "player": "sun", "modifier": "double_suit",
                   "quests": AGES[2][2]}, AGE_ENDS)
    assert table.view()["state"]["age"] == 2


def test_the_wrong_seat_in_the_last_turn_of_age_three(client):
    table = drafted_for_the_game(client)
    age_played(table, 0)
    age_played(table, 1)
    age_played(table, 2, leave_last=True)
    # Moon is to play the Age's last card; Sun's card in her place is refused.
    table.refused(entered("sun", "left", 3), ALTERNATE)
    table.accepted(entered(*AGES[2][3][-1]))
    assert table.view()["over"] is True


MARKED, DRAWN = 13, 14  # powers no card of the book's examples has: easy to find in a read


def test_a_face_down_card_and_its_draw_undone_stay_hidden_from_moon_and_a_spectator(client):
    table = drafted(client)
    table.accepted({**play("sun", "left", MARKED, 1, face="down"),
                    "drawn": [{"power": DRAWN, "feathers": 2, "scorpions": 0}]})
    table.undo()
    moon = seat_headers(client, table, "moon")
    for name, response in reads_by_others(client, table, "moon", moon).items():
        text = json.dumps(response.get_json()) if response.is_json else response.get_data(
            as_text=True)
        for power in (MARKED, DRAWN):
            assert f'"power": {power}' not in text and f">{power}<" not in text, name
    # The table redoes it: still Sun's only.
    redone = client.post(f"/api/sessions/{table.id}/redo", headers=table.headers)
    assert redone.status_code == 200, redone.get_json()
    table.seq = redone.get_json()["seq"]
    for name, response in reads_by_others(client, table, "moon", moon).items():
        text = json.dumps(response.get_json()) if response.is_json else response.get_data(
            as_text=True)
        assert f'"power": {DRAWN}' not in text and f">{DRAWN}<" not in text, name


# --- A tie at the end of an Age: only the pillar holder picks ------------------------------------

def age_one_with_a_power_tie_on_the_right():
    """Age I as above, but Sun's right column 2, 2, 2 (6) against Moon's Naka, 2 and 3 (6): a
    power tie; feathers 3 to 2 dominate. Sun laid the right lane's first face-up card: her pillar."""
    plays = [(p, lane, 2 if (p, lane) == ("sun", "right") else what)
             for p, lane, what in AGES[0][3]]
    plays[-1] = ("moon", "right", 3)
    return plays


def test_a_power_tie_only_sun_the_pillar_holder_picks_and_her_pick_undone(client):
    table = drafted_for_the_game(client)
    begin(table, 0)
    for player, lane, what in age_one_with_a_power_tie_on_the_right():
        table.accepted(entered(player, lane, what))
    view = table.view("sun")
    assert view["phase"] == "ties"
    assert {(e["lane"], e["tie"]) for e in view["legal"]} == {("right", "power")}
    assert table.view("moon")["legal"] == []
    before = as_seen(table.view())
    table.refused({"type": "break_tie", "player": "moon", "lane": "right", "tie": "power",
                   "choice": "moon"}, book("Ties in either suit or power are decided by the "
                                           "player that holds the pillar for that lane."))
    table.refused({"type": "break_tie", "player": "sun", "lane": "right", "tie": "suit",
                   "choice": "feathers"}, "Ties in either suit or power")
    table.refused(entered("moon", "left", 3), book("The end of an Age triggers when each of the "
                                                   "3 lanes are full."))
    assert as_seen(table.view()) == before
    # Sun gives the lane to Moon: Moon takes its 1 feather renown (Age I: Sun 3, Moon 4).
    table.accepted({"type": "break_tie", "player": "sun", "lane": "right", "tie": "power",
                    "choice": "moon"})
    assert table.view()["state"]["renown"] == {"sun": 3, "moon": 4}
    table.undo()
    assert as_seen(table.view()) == before
    table.accepted({"type": "break_tie", "player": "sun", "lane": "right", "tie": "power",
                    "choice": "sun"})
    assert table.view()["state"]["renown"] == RENOWN_AFTER[0]


# --- Namari's look undone --------------------------------------------------------------------

def test_namaris_look_undone_leaves_moon_without_the_card_she_saw(client):
    table = sorcerer_and_namari(client)
    opening(table)
    table.accepted(play("sun", "left", 5, 1))
    table.accepted(play("moon", "left", 6, 1))
    table.accepted(play("sun", "center", MARKED, 0, 3, face="down"))
    table.accepted(play("moon", "center", face="up", **NAMARI_CARD))
    pending = as_seen(table.view())
    table.accepted({"type": "namari_look", "player": "moon", "lane": "center", "side": "sun",
                    "position": 2})
    assert f'"power": {MARKED}' in json.dumps(table.view("moon")["state"])
    table.undo()
    assert as_seen(table.view()) == pending
    moon = seat_headers(client, table, "moon")
    for name, response in reads_by_others(client, table, "moon", moon).items():
        text = json.dumps(response.get_json()) if response.is_json else response.get_data(
            as_text=True)
        assert f'"power": {MARKED}' not in text and f">{MARKED}<" not in text, name
    # She decides to look at nothing after all.
    table.accepted({"type": "namari_look", "player": "moon"})
    assert f'"power": {MARKED}' not in json.dumps(table.view("moon")["state"])


# --- The same game through the calculator ------------------------------------------------------

def tally(first_face_up=True):
    ages = []
    for first, modifier, quests, plays in AGES:
        lanes = {}
        for name, quest in zip(("left", "center", "right"), quests, strict=True):
            columns = {"sun": [], "moon": []}
            for player, lane, what in plays:
                if lane == name:
                    event = entered(player, lane, what)
                    columns[player].append({k: event[k] for k in (
                        "power", "feathers", "scorpions", "face", "divine") if k in event})
            lanes[name] = {"quest": quest, **columns}
            if first_face_up:
                lanes[name]["first"] = next(p for p, lane, _ in plays if lane == name)
        ages.append({"modifier": modifier, "first_player": first, "lanes": lanes})
    return {"ages": ages}


def test_the_calculator_scores_the_same_three_ages_level_and_sun_by_the_pillars(client):
    scores = calculated(client, GAME, tally())
    assert {p["seat"]: p["total"] for p in scores["players"]} == {"sun": 17, "moon": 17}
    assert scores["winners"] == ["sun"]
    assert scores["decided_by"]["rule"]["quote"] == PILLAR_TIE_BREAK


def test_the_calculator_asks_age_threes_pillars_when_renown_is_level(client):
    # Both players have face-up cards in every lane and nobody says who laid the first one: the
    # pillars decide the game (renown 17-17), so the tally must say where they stand.
    error = calculated(client, GAME, tally(first_face_up=False), status=400)["error"]
    assert error["field"].startswith("ages[2].lanes."), error
    assert error["field"].endswith(".pillar"), error


def test_a_divine_card_played_in_age_one_or_never_held_is_refused_in_age_two(client):
    table = drafted_for_the_game(client)
    age_played(table, 0)
    begin(table, 1)
    for player, lane, what in AGES[1][3][:7]:
        table.accepted(entered(player, lane, what))
    unplayed = book("You may select from any of your 3 unplayed Divine cards.")
    # Sun's Klar lies in Age I's discard; Naka is Moon's; Prophet was never dealt to her.
    for divine in ("Klar", "Naka", "Prophet"):
        table.refused(entered("sun", "left", divine), unplayed)
    table.accepted(entered("sun", "left", "Arbiter"))


def test_sun_without_her_divine_card_at_her_last_place_is_offered_only_divine_cards(client):
    table = drafted_for_the_game(client)
    begin(table, 0)
    for player, lane, what in AGES[0][3][:16]:
        table.accepted(entered(player, lane, what))
    offered = table.view("sun")["legal"]
    assert offered and all(e.get("divine") and e["lane"] == "center" for e in offered)
    assert {e["divine"] for e in offered} == {"Klar", "Arbiter", "Eradan"}
    table.refused(entered("sun", "center", 3), book("Once per Age, you must play a Divine card."))
    table.accepted(entered(*AGES[0][3][16]))


def test_the_decks_and_hands_follow_the_draw_back_up_to_five_through_three_ages(client):
    # 32 cards a deck, 4 set aside, 5 drawn: 23 left; 8 champion cards a player each Age, each
    # followed by a draw while the deck lasts: 15, 7, then 0 with a hand of 5 + 23 - 24 = 4.
    table = drafted_for_the_game(client)
    for age, (deck, hand) in enumerate(((15, 5), (7, 5), (0, 4))):
        age_played(table, age)
        state = table.view()["state"]
        assert state["decks"] == {"sun": deck, "moon": deck}
        assert {seat: state["hands"][seat]["count"] for seat in ("sun", "moon")} == {
            "sun": hand, "moon": hand}


def test_suns_hand_and_face_down_card_stay_hidden_in_the_spectators_other_reads_after_undo(
        client):
    """The reads `reads_by_others` does not open: the polling changes since any seq, the
    "Something else happened" forms, the rules search and the log's pages, before and after
    Sun's face-down card (and the card she drew) is undone."""
    table = drafted(client)
    hand = [{"power": MARKED, "feathers": 1, "scorpions": 0}] + [
        {"power": power, "feathers": 1, "scorpions": 0} for power in (2, 3, 4, 5)]
    table.accepted({"type": "hand", "player": "sun", "cards": hand})
    table.accepted({**play("sun", "left", MARKED, 1, face="down"),
                    "drawn": [{"power": DRAWN, "feathers": 2, "scorpions": 0}]})

    def nothing_shown():
        for url in (f"/play/{table.id}/state.json?since=0",
                    f"/play/{table.id}/state.json?since={table.seq - 1}",
                    f"/play/{table.id}/other/play", f"/play/{table.id}/other/play?fragment=1",
                    f"/play/{table.id}/other/hand?fragment=1",
                    f"/play/{table.id}/other/namari_look?fragment=1",
                    f"/play/{table.id}/log?page=1", f"/api/sessions/{table.id}/log?since=0"):
            response = client.get(url)
            assert response.status_code == 200, url
            text = response.get_data(as_text=True)
            for power in (MARKED, DRAWN):
                assert f'"power": {power}' not in text and f'"power":{power}' not in text, url
                assert f">{power}<" not in text, url

    nothing_shown()
    table.undo()
    nothing_shown()


# --- The other player's card while a Divine card's action is pending ----------------------------

AT_ONCE = book("The Divine cards that must be played face up usually possess an action that you "
               "will perform immediately upon playing.")


def quoted(error):
    return [error["rule"]["quote"]] + [rule["quote"] for rule in error.get("rules") or []]


def sorcerer_pending(client):
    table = sorcerer_and_namari(client)
    opening(table)
    table.accepted(play("sun", "left", face="up", **SORCERER_CARD))
    return table, "moon"


def namari_pending(client):
    table = sorcerer_and_namari(client)
    opening(table)
    table.accepted(play("sun", "left", 5, 1))
    table.accepted(play("moon", "left", face="up", **NAMARI_CARD))
    return table, "sun"


@pytest.mark.parametrize("pending", [sorcerer_pending, namari_pending],
                         ids=["moon-in-suns-sorcerer", "sun-in-moons-namari"])
def test_the_other_players_card_while_a_divine_action_is_pending_quotes_the_turn_order(
        client, pending):
    table, other = pending(client)
    before = as_seen(table.view())
    response = table.send(play(other, "right", 6, 1))
    assert response.status_code == 422, response.get_json()
    error = response.get_json()["error"]
    assert ALTERNATE in " ".join(quoted(error)), (quoted(error), error["message"])
    assert as_seen(table.view()) == before


@pytest.mark.parametrize("pending", [sorcerer_pending, namari_pending],
                         ids=["sun-in-her-sorcerer", "moon-in-her-namari"])
def test_the_player_on_turn_playing_on_before_her_divine_action_is_refused_at_once(
        client, pending):
    table, other = pending(client)
    on_turn = "sun" if other == "moon" else "moon"
    table.refused(play(on_turn, "right", 6, 1), AT_ONCE)

"""Journey: the fifteenth audit (session 18). Finding 159: a dead Pilgrim's Sutra Tokens counted as
possessed in Quests 5, 6, 7 and 10 Part 1 (not in Quest 2) without a ruling; it is `dead_pilgrim_sutras`
(default `out_of_the_game`, the literal reading; `still_held`).
Finding 151: under `demon_condition_effects: applied`
a Demon Paralyzed (or Disabled) by the Asura Seal's reflection of its own attack made its next
attack; its activation now ends there ("While Paralyzed, the Pilgrim cannot make any actions, ...";
Disabled: no attack), and an attack entered later quotes that Condition first.
Finding 145: under `no_double_third_action: never`
Curse of the Dead's third Action could not double up, though the FAQ on 3 Action Points names that
card ("Some Corruption Cards, for example Curse of the Dead, prevent double Moves or double Actions.
... then they can choose any third Action, even if it doubles up."); the ruling is Lure of Demons'
alone. Finding 144: a setup option whose description quotes
the rulebook lists that passage in its `rules`, so the setup page and the API can show where the
setting comes from — `gates_sealable` quoted "You can fine tune the challenge ... by letting
Pilgrims Close the Gates." and cited nothing. Checked for every option of every game: a quoted
stretch of the description that is in the book is in one of the option's citations."""

import re

import pytest

from tests import test_blind_scenarios_journey_12 as q12
from tests.api_table import quotes_from

GAMES = ("avignon", "pillars-of-fate", "pilgrims", "we-forlorn-few", "journey")
QUOTED = re.compile(r'["“]([^"”]{25,}?)\.?["”]')

FINE_TUNE = quotes_from("journey")("You can fine tune the challenge by making Gates inactive at the "
                                   "start of the game or by letting Pilgrims Close the Gates.")
SEALING = quotes_from("journey")("Tripitaka - Prayer of Sealing: If a Quest says the Gates cannot "
                                 "be sealed, this card cannot be used.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def test_gates_sealable_cites_the_fine_tune_sentence_and_the_prayer_of_sealing(client):
    option = client.get("/api/games/journey").get_json()["options"]["gates_sealable"]
    quotes = [rule["quote"] for rule in option["rules"]]
    assert quotes == [FINE_TUNE, SEALING]
    assert all(rule["game"] == "journey" and rule["section_id"] for rule in option["rules"])


@pytest.mark.parametrize("game", GAMES)
def test_an_option_quoting_the_book_cites_what_it_quotes(client, game):
    book = quotes_from(game)
    options = client.get(f"/api/games/{game}").get_json()["options"]
    uncited = []
    for name, option in options.items():
        cited = [rule["quote"] for rule in option["rules"]]
        for quoted in QUOTED.findall(option["description"]):
            try:
                book(quoted)
            except AssertionError:
                continue  # not the book's words (a value, a field, an ellipsis between two parts)
            if not any(quoted in quote for quote in cited):
                uncited.append((name, quoted))
    assert uncited == []


# --- Finding 145: Curse of the Dead's third Action may double up under no_double_third_action=never

def curse_and_vigor(client, corruption, ruling="never"):
    """The Monkey King active first at 0 Chi with the Corruption Cards `corruption` and Om Mala of
    Vigor (+1 Action Point) in hand."""
    return q12.free_play(client, q12.ORDER, {}, pilgrims={"monkey_king": {
        "chi": 0, "corruption": corruption, "fortune": ["Om Mala of Vigor"]}},
        no_double_third_action=ruling)


def two_moves_and_a_rest_refused_second(table, quote):
    table.accepted(q12.VIGOR)
    table.accepted(q12.MOVE_TWO)
    q12.refused_unchanged(table, q12.MOVE_TWO, quote)
    table.accepted(q12.by("monkey_king", "rest"))


@pytest.mark.parametrize("ruling", ["never", "third_may_double"])
def test_curse_of_the_dead_third_move_doubles_up_under_either_ruling(client, ruling):
    table = curse_and_vigor(client, ["Curse of the Dead"], ruling)
    two_moves_and_a_rest_refused_second(table, q12.CURSE)
    table.accepted(q12.MOVE_TWO)
    assert table.view()["state"]["pilgrims"]["monkey_king"]["actions_this_turn"].count("move") == 2


def test_under_never_lure_of_demons_still_forbids_the_third_double_beside_the_curse(client):
    # Both Corruptions held: Curse of the Dead lets the third Action double up, Lure of Demons
    # (ruled 'never') does not, so the refusal quotes Lure of Demons.
    table = curse_and_vigor(client, ["Curse of the Dead", "Lure of Demons"])
    table.accepted(q12.VIGOR)
    table.accepted(q12.MOVE_TWO)
    table.accepted(q12.by("monkey_king", "rest"))
    error = q12.refused_unchanged(table, q12.MOVE_TWO, q12.LURE)
    assert error["message"].startswith("Lure of Demons")
    # Accepted once the table rules the FAQ applies to Lure of Demons too.
    ruled = curse_and_vigor(client, ["Curse of the Dead", "Lure of Demons"], "third_may_double")
    ruled.accepted(q12.VIGOR)
    ruled.accepted(q12.MOVE_TWO)
    ruled.accepted(q12.by("monkey_king", "rest"))
    ruled.accepted(q12.MOVE_TWO)


# --- Finding 151: a Demon Paralyzed (or Disabled) by its own reflected attack attacks no more ----

DISABLED = quotes_from("journey")("While Disabled, the Pilgrim cannot attack but the Pilgrim can "
                                  "make all other actions and can defend if attacked.")
DISABLING_BLOW = dict(q12.PLAIN_BLOW, condition="Disabled", condition_duration=1)


def first_quote(error):
    return (error.get("rules") or [error["rule"]])[0]["quote"]


@pytest.mark.parametrize("blow, quote", [(q12.PARALYZING_BLOW, q12.PARALYZED),
                                         (DISABLING_BLOW, DISABLED)], ids=["paralyzed", "disabled"])
def test_a_reflected_condition_ends_the_demon_s_activation_under_applied(client, blow, quote):
    table = q12.koorogg_against_the_asura_seal(client, "applied", others=("berrok",))
    effects = table.accepted(blow)["effects"]
    assert quote in [effect.get("rule", {}).get("quote") for effect in effects]
    phase = table.view()["state"]["demon_phase"]
    assert phase["current"] is None and "koorogg-1" in phase["activated"]
    # The Berrok activates next; Koorogg's second attack quotes the Condition, not the AP.
    error = q12.refused_unchanged(table, q12.PLAIN_BLOW, quote)
    assert first_quote(error) == quote and "Koorogg" in error["message"]
    table.accepted(q12.demons("demon_options", demon="berrok-1", options=[]))


def test_after_the_last_demon_a_second_attack_still_quotes_the_condition_first(client):
    table = q12.koorogg_against_the_asura_seal(client, "applied")
    table.accepted(q12.PARALYZING_BLOW)
    assert table.view()["phase"] == "end"
    error = q12.refused_unchanged(table, q12.PLAIN_BLOW, q12.PARALYZED)
    assert first_quote(error) == q12.PARALYZED


@pytest.mark.parametrize("blow", [q12.PARALYZING_BLOW, DISABLING_BLOW],
                         ids=["paralyzed", "disabled"])
def test_under_damage_only_the_second_attack_is_made(client, blow):
    table = q12.koorogg_against_the_asura_seal(client, "damage_only")
    table.accepted(blow)
    assert table.view()["state"]["demon_phase"]["current"]["demon"] == "koorogg-1"
    table.accepted(q12.PLAIN_BLOW)
    assert table.view()["state"]["demon_phase"]["current"] is None


# --- Finding 159: a dead Pilgrim's Sutra Tokens (dead_pilgrim_sutras) ---------------------------

Q6_DEFEAT = quotes_from("journey")("Defeat: All other conditions, including Defeating Kogaiji "
                                   "without holding 2 Sutra Tokens or letting Tripitaka be "
                                   "Defeated.")


def quest_6_monk_sha_dead_with_a_sutra(client, ruling):
    """Quest 6 at Turn 3: the Monkey King holds a Sutra, Monk Sha died holding another, the third
    lies on the board; the Monkey King then Defeats Kogaiji."""
    options = {"quest": "q6", "initiative": q12.ORDER, "pilgrim_profiles": q12.PROFILES,
               "quest_setup": {"upgrades": q12.Q6_UPGRADES}}
    if ruling:
        options["dead_pilgrim_sutras"] = ruling
    table = q12.ApiTable(client, {"game": "journey", "players": ["Ann", "Ben"], "options": options,
                                  "position": {
        "turn": 3, "gates": [{"id": "gate-1"}, {"id": "gate-2"}, {"id": "gate-3"}],
        "sutras": ["sutra-3"], "villagers": ["villager-1"], "boxes": ["box-1"],
        "doors": ["door-1", "door-2"], "broken_doors": ["door-3"],
        "demons": ["kogaiji", "koorogg", "berrok", "berrok"],
        "pilgrims": {"monkey_king": {"sutras": 1},
                     "monk_sha": {"sutras": 1, "hp": 0, "status": "dead"}}}})
    table.accepted({"type": "maintenance", "player": "p1"})
    table.accepted(q12.by("monkey_king", "attack", targets=["kogaiji-1"], target_hp=9,
                          **q12.Q2_STRIKE))
    return table.view()


@pytest.mark.parametrize("ruling, outcome, quote", [
    (None, "defeat", Q6_DEFEAT), ("out_of_the_game", "defeat", Q6_DEFEAT),
    ("still_held", "victory", q12.Q6_VICTORY)])
def test_a_dead_pilgrims_sutra_counts_only_under_still_held(client, ruling, outcome, quote):
    view = quest_6_monk_sha_dead_with_a_sutra(client, ruling)
    assert view["over"] is True
    decided = view["scores"]["decided_by"]
    assert decided["rule"]["quote"] == quote and outcome in str(decided).lower()


def test_the_dead_pilgrim_sutras_ruling_cites_both_passages(client):
    option = client.get("/api/games/journey").get_json()["options"]["dead_pilgrim_sutras"]
    assert option["default"] == "out_of_the_game"
    assert [rule["quote"] for rule in option["rules"]] == [
        q12.OUT_OF_THE_GAME, quotes_from("journey")(
            "Remove the Sutra Token from the Map Tile and place it near the Pilgrim's Profile "
            "Sheet.")]

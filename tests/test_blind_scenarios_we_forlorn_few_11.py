"""We Forlorn Few, outsider scenarios round 12 (file 11): the table rulings no earlier round played,
each both ways at the table and changing only what it names — a Traveler's Camp Combat against a
Ravenous Player (`attack_ravenous`, `ravenous_wins_camp_combat`, `ravenous_beats_no_companion`:
a Traveler with no Companion left beaten, the game over when nobody is left a Traveler, undone),
a Trade with a Ravenous Player (`trade_with_ravenous`: terms only), a Trading Post purchase
(`trading_post_payment`: over, under and exact Value; a fourth card; no Post), the FAQ's Traveler
who perishes paying a Travel Cost towards a face-down tile (`flip_tiles`), placed items over the
Supply's six (`placed_items_excess`), a Holster traded with its Pistol (`traded_storage_load`),
an Event card that turns the active Traveler Ravenous and also strikes another Player
(`card_after_ravenous`), a Shotgun's and a Knife's Combat dice (`combat_dice`), and a whole
Ravenous turn over a face-down tile to a Traveler and a Ravenous Player
(`ravenous_attacks_ravenous`; each Player once; undone; the Retreat past a Trading Post and a
city); and a round and a half of two Players (Season card, Travel, Gather, a Trading Post, a
Trade and its answer, Combat and the steal, Recuperate, Event cards, the token passed, a Tool
Bonus) with every event undone and entered again; and the table's own Equipment card read once
(`equipment_cards`). Written from the rulebook and the API's own description only
(docs/games/we-forlorn-few.md, GET /api/games/we-forlorn-few), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, quotes_from

GAME = "we-forlorn-few"
book = quotes_from(GAME)

INITIATE_COMBAT = book("To initiate combat, the Active Player selects another Player on their "
                       "current tile, or an adjacent tile, and then makes a Combat roll.")
RAVENOUS_WINS = book("The Ravenous Traveler immediately removes one Hunger from their Player "
                     "board, and the losing Traveler discards a Companion from their Player board.")
NO_COMPANION_LEFT = book("If a Player is required to have a Companion perish, but they have no "
                         "remaining Companion tokens on their Player Board, their Traveler turns "
                         "Ravenous (see page 16).")
ALL_RAVENOUS = book("If all Travelers turn Ravenous, the game is over.")
TRADE_WITH_OTHERS = book("The Active Player may Trade with other Players who are on the same "
                         "Terrain tile, or on the Terrain tiles adjacent to them.")
RAVENOUS_SUPPLY = book("Once this has occurred, the Player then returns all Ailment tokens, "
                       "Resource tokens, and Equipment cards to the Stockpile, and flips their "
                       "Player board to reveal the Ravenous side.")
EQUAL_VALUE = book("Then, you may purchase from those cards by discarding Resources and/or "
                   "Equipment of equal Value.")
ENOUGH_VALUE = book("You can Trade as much or as little as you wish provided you have enough Value "
                    "to afford each item.")
TOP_THREE = book("Flip the top three cards of the Equipment deck to see what is available to "
                 "Trade.")
AT_A_POST = book("If a Player is at a Trading Post they may Trade.")
ONCE_EACH = book("During the Camp Phase the Active Player may perform each of the following "
                 "actions once in any order")
PLACED_EXCESS = book("Note: Any excess cards and tokens that exceed Supply capacity are returned "
                     "to the Stockpile.")
COMBAT_DICE = book("They roll one die as standard and add additional dice if they have Equipment "
                   "cards that allow them to do so.")
WEAPON_DICE = book("Each Player rolls one die, plus an additional die for each Weapon card they "
                   "hold.")

NONE = {"food": 0, "water": 0, "wood": 0}
QUIET = "Quiet Night"
PISTOL = {"name": "Pistol", "type": "weapon", "value": 2, "dice": 1}
HOLSTER = {"name": "Holster", "type": "storage", "value": 1, "holds": {"tool": 0, "weapon": 1}}
SNARE = {"name": "Snare", "type": "tool", "value": 2, "bonus": "food"}
RIFLE = {"name": "Rifle", "type": "weapon", "value": 3, "dice": 1}
SADDLEBAG = {"name": "Saddlebag", "type": "storage", "value": 1, "holds": {"tool": 1, "weapon": 0}}
KNIFE = {"name": "Knife", "type": "weapon", "value": 1, "dice": 0}
SHOTGUN = {"name": "Shotgun", "type": "weapon", "value": 4, "dice": 2}

# Cedar Falls, the Prairie A, the Mountain B with a Trading Post, the face-down X, the Desert C
# with two Food placed on it, Newhaven.
TRAIL = [
    {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1}, "adjacent": ["A"]},
    {"name": "A", "kind": "Prairie", "travel_cost": {"food": 1, "wood": 1},
     "resources": ["food", "water", "wood"], "adjacent": ["B", "X"]},
    {"name": "B", "kind": "Mountain", "travel_cost": {"wood": 1}, "resources": ["water"],
     "trading_post": True, "adjacent": ["X", "C"]},
    {"name": "X", "face_up": False, "adjacent": ["C"]},
    {"name": "C", "kind": "Desert", "travel_cost": {"water": 1}, "resources": ["water"],
     "adjacent": ["NH"], "placed": {"food": 2}},
    {"name": "NH", "kind": "Newhaven", "adjacent": []},
]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def joined(client, phase, players, **options):
    """Ann (p1) and Bob (p2) in round 2 (10 Season cards left), Ann the First Player and on turn
    in `phase`; `players` their boards (what is left out keeps its start-of-game value)."""
    return ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"], "options": {"terrain": TRAIL, **options},
        "position": {"round": 2, "season_deck": 10, "first_player": "p1", "phase": phase,
                     "current": "p1", "players": players}})


def board(table, seat):
    return table.view()["state"]["players"][seat]


def refused_unchanged(table, event, quote):
    before = as_seen(table.view())
    table.refused(event, quote)
    assert as_seen(table.view()) == before


def offered(table, event_type):
    return [event for event in table.view()["legal"] if event["type"] == event_type]


# --- A Traveler's Camp Combat against a Ravenous Player -------------------------------------------

def ann_beside_ravenous_bob(client, companions=4, **options):
    """Ann in her Camp Phase on the Mountain B; Bob, Ravenous with two Hunger, on the same tile."""
    return joined(client, "camp", {
        "p1": {"tile": "B", "companions": companions, "resources": {"food": 2}},
        "p2": {"tile": "B", "status": "ravenous", "hunger": 2}}, **options)


# Ann rolls one die (no Equipment), Bob one per Hunger: 0 against 2 + 1.
ANN_LOSES = {"type": "combat", "player": "p1", "target": "p2", "dice": [0], "target_dice": [2, 1]}


def test_a_ravenous_player_who_wins_a_camp_combat_feeds_as_printed_or_takes_nothing(client):
    feeds = ann_beside_ravenous_bob(client)
    # A Ravenous Player rolls one die per Hunger in defence too.
    assert {len(event["target_dice"]) for event in offered(feeds, "combat")
            if "target_dice" in event} == {2}
    effects = feeds.accepted(ANN_LOSES)["effects"]
    assert RAVENOUS_WINS in [effect.get("rule", {}).get("quote") for effect in effects]
    assert (board(feeds, "p1")["companions"], board(feeds, "p2")["hunger"]) == (3, 1)
    # Nothing to steal from or by a Ravenous Player: Ann's Camp goes on, her Combat spent.
    assert feeds.view()["phase"] == "turn_camp"
    assert board(feeds, "p1")["resources"]["food"] == 2
    refused_unchanged(feeds, ANN_LOSES, ONCE_EACH)
    # Under `nothing` a Camp Combat's Ravenous winner neither feeds nor takes a Companion.
    fasts = ann_beside_ravenous_bob(client, ravenous_wins_camp_combat="nothing")
    fasts.accepted(ANN_LOSES)
    assert (board(fasts, "p1")["companions"], board(fasts, "p2")["hunger"]) == (4, 2)
    assert fasts.view()["phase"] == "turn_camp"


def test_no_combat_with_a_ravenous_player_when_the_table_rules_it_out(client):
    ruled = ann_beside_ravenous_bob(client, attack_ravenous=False)
    assert offered(ruled, "combat") == []
    refused_unchanged(ruled, ANN_LOSES, INITIATE_COMBAT)
    # Only the Combat is ruled out: a Trade on terms is still offered.
    assert {event["with"] for event in offered(ruled, "trade")} == {"p2"}


def test_a_traveler_with_no_companion_beaten_by_a_ravenous_player(client):
    # As printed: a Companion must perish and none is left, so Ann turns Ravenous; with both
    # Players Ravenous the game is over, and nobody reached Newhaven: no winner.
    table = ann_beside_ravenous_bob(client, companions=0)
    before = as_seen(table.view())
    effects = table.accepted(ANN_LOSES)["effects"]
    quotes = [effect.get("rule", {}).get("quote") for effect in effects]
    assert NO_COMPANION_LEFT in quotes
    ann = board(table, "p1")
    assert (ann["status"], ann["hunger"], ann["resources"]) == ("ravenous", 1, NONE)
    view = table.view()
    assert view["over"] is True and view["scores"]["winners"] == []
    assert view["scores"]["decided_by"]["rule"]["quote"] == ALL_RAVENOUS
    # Undone: Ann is a Traveler in her Camp again, the Combat hers to make.
    table.undo()
    assert as_seen(table.view()) == before
    # Ruled `nothing`: there is no Companion to discard, and Ann's Camp goes on.
    nothing = ann_beside_ravenous_bob(client, companions=0, ravenous_beats_no_companion="nothing")
    nothing.accepted(ANN_LOSES)
    assert board(nothing, "p1")["status"] == "traveler"
    assert board(nothing, "p2")["hunger"] == 1
    assert nothing.view()["phase"] == "turn_camp" and nothing.view()["over"] is False


# --- A Trade with a Ravenous Player ---------------------------------------------------------------

ON_TERMS = {"type": "trade", "player": "p1", "with": "p2", "give": {}, "get": {},
            "terms": "you pass me by tonight"}


def test_a_trade_with_a_ravenous_player_is_on_terms_only(client):
    printed = ann_beside_ravenous_bob(client)
    # Bob has no Supply to take Food into.
    refused_unchanged(printed, {**ON_TERMS, "give": {"food": 1}}, RAVENOUS_SUPPLY)
    printed.accepted(ON_TERMS)
    assert printed.view()["phase"] == "turn_trade"
    printed.accepted({"type": "trade_answer", "player": "p2", "accepted": False})
    assert printed.view()["phase"] == "turn_camp"


def test_a_trade_on_terms_with_a_ravenous_player_refused_by_ruling_quotes_the_trade(client):
    ruled = ann_beside_ravenous_bob(client, trade_with_ravenous=False)
    assert offered(ruled, "trade") == []
    refused_unchanged(ruled, ON_TERMS, TRADE_WITH_OTHERS)


# --- A Trading Post purchase ----------------------------------------------------------------------

def at_the_post(client, tile="B", **options):
    """Ann in her Camp Phase on `tile` with three Food; B has the Trading Post."""
    return joined(client, "camp", {"p1": {"tile": tile, "resources": {"food": 3}}}, **options)


def buy(cards, pay, offered_cards=(SNARE, RIFLE, SADDLEBAG)):
    return {"type": "trading_post", "player": "p1", "offered": list(offered_cards),
            "buy": cards, "pay": pay}


def test_a_trading_post_purchase_is_paid_equal_value_as_printed(client):
    post = at_the_post(client)
    refused_unchanged(post, buy(["Snare"], {"food": 3}), EQUAL_VALUE)
    refused_unchanged(post, buy(["Snare"], {"food": 1}), EQUAL_VALUE)
    refused_unchanged(post, buy(["Snare"], {"food": 2}, (SNARE, RIFLE, SADDLEBAG, KNIFE)),
                      TOP_THREE)
    post.accepted(buy(["Snare"], {"food": 2}))
    ann = board(post, "p1")
    assert ann["resources"]["food"] == 1
    assert [card["name"] for card in ann["equipment"]] == ["Snare"]
    # The Rifle and the Saddlebag went back: buying one now is a second Trading Post action.
    refused_unchanged(post, buy(["Saddlebag"], {"food": 1}), ONCE_EACH)


def test_a_trading_post_purchase_may_overpay_under_at_least_but_never_underpay(client):
    post = at_the_post(client, trading_post_payment="at_least")
    refused_unchanged(post, buy(["Snare"], {"food": 1}), ENOUGH_VALUE)
    # Two cards of Value 1 each for three Food: no change is given.
    post.accepted(buy(["Saddlebag", "Knife"], {"food": 3}, (SNARE, SADDLEBAG, KNIFE)))
    ann = board(post, "p1")
    assert ann["resources"] == NONE
    assert sorted(card["name"] for card in ann["equipment"]) == ["Knife", "Saddlebag"]


def test_no_trading_post_purchase_away_from_a_post(client):
    refused_unchanged(at_the_post(client, tile="A"), buy(["Snare"], {"food": 2}), AT_A_POST)


# --- The FAQ's Traveler who perishes paying the Travel Cost towards a face-down tile ------------

FOREST = {"kind": "Forest", "travel_cost": {"wood": 1}, "resources": ["wood"]}


def ann_on_her_last_legs(client, **options):
    """Ann on the Prairie A with no Companion, three Hunger and no Resource: the Prairie's Food
    is a fourth Hunger."""
    return joined(client, "travel", {
        "p1": {"tile": "A", "companions": 0, "ailments": {"hunger": 3}, "resources": NONE},
        "p2": {"tile": "C"}}, **options)


@pytest.mark.parametrize("reading, flipped", [("on_arrival", False), ("on_declaring", True)])
def test_a_traveler_perishing_on_the_travel_cost_stays_and_the_tile_flips_by_the_ruling(
        client, reading, flipped):
    options = {} if reading == "on_arrival" else {"flip_tiles": reading}
    table = ann_on_her_last_legs(client, **options)
    before = as_seen(table.view())
    travel = {"type": "travel", "player": "p1", "to": "X"}
    table.accepted({**travel, "reveal": FOREST} if flipped else travel)
    # "Paying Travel Cost happens before your Traveler moves, so you'd remain on the same tile."
    ann = board(table, "p1")
    assert (ann["status"], ann["tile"], ann["hunger"]) == ("ravenous", "A", 1)
    assert table.view()["state"]["tiles"]["X"]["face_up"] is flipped
    # Her turn ended at once: Bob's begins.
    assert table.view()["current_players"] == ["p2"]
    table.undo()
    assert as_seen(table.view()) == before
    assert table.view()["state"]["tiles"]["X"]["face_up"] is False


# --- Placed items over the Supply's six -----------------------------------------------------------

def ann_full_before_the_desert(client, **options):
    """Ann on B with one Wood and five Water (six Resources); the Desert C holds two Food."""
    return joined(client, "travel", {"p1": {"tile": "B", "resources": {"wood": 1, "water": 5}},
                                    "p2": {"tile": "A"}}, **options)


def test_placed_items_over_the_supply_are_returned_or_make_room_by_the_ruling(client):
    to_the_desert = {"type": "travel", "player": "p1", "to": "C"}
    printed = ann_full_before_the_desert(client)
    refused_unchanged(printed, {**to_the_desert, "discard": {"water": 1}}, PLACED_EXCESS)
    printed.accepted(to_the_desert)
    # The Wood paid the Mountain's cost: five Water and one of the two Food, the other returned.
    assert board(printed, "p1")["resources"] == {"food": 1, "water": 5, "wood": 0}
    assert printed.view()["state"]["tiles"]["C"]["placed"]["food"] == 0
    chooses = ann_full_before_the_desert(client, placed_items_excess="choose")
    chooses.accepted({**to_the_desert, "discard": {"water": 1}})
    assert board(chooses, "p1")["resources"] == {"food": 2, "water": 4, "wood": 0}


# --- A Holster traded with its Pistol -------------------------------------------------------------

@pytest.mark.parametrize("reading, load", [("discarded", []), ("kept", ["Pistol"])])
def test_a_holster_traded_with_its_pistol(client, reading, load):
    options = {} if reading == "discarded" else {"traded_storage_load": reading}
    table = joined(client, "camp", {"p1": {"tile": "B",
                                           "equipment": [{**HOLSTER, "stored": [PISTOL]}]},
                                    "p2": {"tile": "B"}}, **options)
    table.accepted({"type": "trade", "player": "p1", "with": "p2",
                    "give": {"equipment": ["Holster"]}, "get": {"food": 1}})
    table.accepted({"type": "trade_answer", "player": "p2", "accepted": True})
    assert board(table, "p1")["equipment"] == []
    (holster,) = board(table, "p2")["equipment"]
    assert holster["name"] == "Holster"
    assert [card["name"] for card in holster["stored"]] == load
    assert board(table, "p1")["resources"]["food"] == 2


# --- An Event card that turns the active Traveler Ravenous ---------------------------------------

def stampede(**extra):
    """An Event card entered as read: a Companion of Ann's perishes, Bob loses a Food."""
    return {"type": "event_card", "player": "p1", "card": "Stampede", "perish": 1,
            "others": {"p2": {"lose": {"food": 1}}}, **extra}


@pytest.mark.parametrize("reading, others_first, bobs_food", [
    ("stops", False, 1), ("completes", False, 0), ("stops", True, 0), ("completes", True, 0)])
def test_the_rest_of_an_event_card_after_it_turns_the_traveler_ravenous(
        client, reading, others_first, bobs_food):
    options = {} if reading == "stops" else {"card_after_ravenous": reading}
    table = joined(client, "event", {"p1": {"tile": "B", "companions": 0}, "p2": {"tile": "C"}},
                   **options)
    table.accepted(stampede(others_first=True) if others_first else stampede())
    assert board(table, "p1")["status"] == "ravenous"
    assert board(table, "p2")["resources"]["food"] == bobs_food
    assert table.view()["current_players"] == ["p2"]


# --- Combat dice: a Shotgun's two, a Knife's none -------------------------------------------------

@pytest.mark.parametrize("reading, dice, quote", [
    ("equipment", (3, 1), COMBAT_DICE), ("weapons", (2, 2), WEAPON_DICE)])
def test_combat_dice_by_what_the_equipment_allows_or_by_weapon_cards(client, reading, dice, quote):
    options = {} if reading == "equipment" else {"combat_dice": reading}
    table = joined(client, "camp", {"p1": {"tile": "B", "equipment": [SHOTGUN]},
                                    "p2": {"tile": "C", "equipment": [KNIFE]}}, **options)
    assert {(len(event["dice"]), len(event["target_dice"])) for event in offered(table, "combat")
            if "dice" in event} == {dice}
    wrong = (2, 2) if dice == (3, 1) else (3, 1)
    refused_unchanged(table, {"type": "combat", "player": "p1", "target": "p2",
                              "dice": [1] * wrong[0], "target_dice": [0] * wrong[1]}, quote)
    table.accepted({"type": "combat", "player": "p1", "target": "p2",
                    "dice": [1] * dice[0], "target_dice": [0] * dice[1]})
    assert table.view()["phase"] == "turn_steal"


# --- A whole Ravenous turn with a Ravenous Player on the tile ------------------------------------

ONCE_EACH_PLAYER = book("They may only attack each Player once per turn.")
NO_TRADING_POST = book("Ravenous Travelers cannot move onto Trading Post tiles, Cedar Falls or "
                       "Newhaven.")


def ravenous_ann_with_cleo_and_bob(client, **options):
    """Three Players: Ann (p1, the First Player) Ravenous with two Hunger on the Prairie A, at the
    start of her turn; Bob a Traveler and Cleo Ravenous with one Hunger, both on the Desert C."""
    return ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob", "Cleo"], "options": {"terrain": TRAIL, **options},
        "position": {"round": 2, "season_deck": 10, "first_player": "p1",
                     "phase": "ravenous_movement", "current": "p1", "players": {
                         "p1": {"tile": "A", "status": "ravenous", "hunger": 2},
                         "p2": {"tile": "C"},
                         "p3": {"tile": "C", "status": "ravenous", "hunger": 1}}}})


def ravenous_attack(target, dice, target_dice):
    return {"type": "ravenous_attack", "player": "p1", "target": target, "dice": dice,
            "target_dice": target_dice}


@pytest.mark.parametrize("ravenous_attacks_ravenous", [True, False])
def test_a_whole_ravenous_turn_past_a_face_down_tile_to_two_players(
        client, ravenous_attacks_ravenous):
    options = {} if ravenous_attacks_ravenous else {"ravenous_attacks_ravenous": False}
    table = ravenous_ann_with_cleo_and_bob(client, **options)
    # Two tiles, free, over the face-down X, which stays face down.
    table.accepted({"type": "ravenous_move", "player": "p1", "path": ["X", "C"]})
    assert table.view()["state"]["tiles"]["X"]["face_up"] is False
    assert board(table, "p1")["tile"] == "C"
    targets = {event["target"] for event in offered(table, "ravenous_attack")}
    assert targets == ({"p2", "p3"} if ravenous_attacks_ravenous else {"p2"})
    hunger = 2
    if ravenous_attacks_ravenous:
        # Two dice (two Hunger) against Cleo's one: 3 to 0. Ann feeds; Cleo has no Companion.
        table.accepted(ravenous_attack("p3", [2, 1], [0]))
        hunger -= 1
        assert (board(table, "p1")["hunger"], board(table, "p3")["hunger"]) == (1, 1)
        assert board(table, "p3")["status"] == "ravenous"
    else:
        refused_unchanged(table, ravenous_attack("p3", [2, 1], [0]), RAVENOUS_WINS)
    before = as_seen(table.view())
    dice = [2] * hunger
    table.accepted(ravenous_attack("p2", dice, [0]))
    assert (board(table, "p1")["hunger"], board(table, "p2")["companions"]) == (hunger - 1, 3)
    # Bob once only; undone, the attack is Ann's to make again.
    refused_unchanged(table, ravenous_attack("p2", dice, [0]), ONCE_EACH_PLAYER)
    table.undo()
    assert as_seen(table.view()) == before
    table.accepted(ravenous_attack("p2", dice, [0]))
    # The Retreat: the Mountain B has a Trading Post and Newhaven is a city; X it is.
    table.accepted({"type": "end_combat", "player": "p1"})
    refused_unchanged(table, {"type": "retreat", "player": "p1", "to": "B"}, NO_TRADING_POST)
    refused_unchanged(table, {"type": "retreat", "player": "p1", "to": "NH"}, NO_TRADING_POST)
    table.accepted({"type": "retreat", "player": "p1", "to": "X"})
    ann = board(table, "p1")
    assert (ann["tile"], ann["hunger"]) == ("X", hunger - 1 + 1)
    assert table.view()["state"]["tiles"]["X"]["face_up"] is False
    # Bob's turn follows Ann's, then Cleo's.
    assert table.view()["current_players"] == ["p2"]


# --- A round and a half, every event undone and entered again ------------------------------------

SNARE_AT_THE_POST = {"type": "trading_post", "player": "p1", "offered": [SNARE, RIFLE],
                     "buy": ["Snare"], "pay": {"water": 2}}
TWO_ROUNDS = [
    # Round 2: Ann, the First Player, resolves the Season card, travels to the Mountain B (the
    # Prairie's cost: a Food and a Wood), gathers two Water, buys the Snare with them, trades a
    # Water for Bob's Food, and draws a quiet Event card.
    {"type": "season", "player": "p1", "card": "Spring thaw", "season": "spring",
     "add_to_bag": {"water": 2, "thirst": 1}},
    {"type": "travel", "player": "p1", "to": "B"},
    {"type": "gather", "player": "p1", "roll": 2, "take": ["water", "water"]},
    SNARE_AT_THE_POST,
    {"type": "trade", "player": "p1", "with": "p2", "give": {"water": 1}, "get": {"food": 1}},
    {"type": "trade_answer", "player": "p2", "accepted": True},
    {"type": "end_camp", "player": "p1"},
    {"type": "event_card", "player": "p1", "card": QUIET},
    # Bob stays, rolls Worth 0 and draws the Thirst, beats Ann and steals her two Food,
    # recuperates the Thirst with the Water she traded him, and takes a Wagon Damage.
    {"type": "stay", "player": "p2"},
    {"type": "gather", "player": "p2", "roll": 0, "draw": "thirst"},
    {"type": "combat", "player": "p2", "target": "p1", "dice": [2], "target_dice": [0]},
    {"type": "steal", "player": "p2", "take": {"food": 2}},
    {"type": "recuperate", "player": "p2", "remove": {"thirst": 1}},
    {"type": "event_card", "player": "p2", "card": "Dust storm", "ailments": {"wagon_damage": 1}},
    # Round 3: the token has passed to Bob, who resolves the next Spring card and passes his
    # turn quietly; Ann stays and gathers a Water, her Snare's Food coming first.
    {"type": "season", "player": "p2", "card": "Late frost", "season": "spring",
     "add_to_bag": {"hunger": 1}},
    {"type": "stay", "player": "p2"},
    {"type": "skip_gathering", "player": "p2"},
    {"type": "event_card", "player": "p2", "card": QUIET},
    {"type": "stay", "player": "p1"},
    {"type": "gather", "player": "p1", "roll": 1, "take": ["water"]},
]


def test_a_round_and_a_half_each_event_undone_restores_exactly(client):
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"], "options": {"terrain": TRAIL},
        "position": {"round": 2, "season_deck": 11, "first_player": "p1", "phase": "season",
                     "players": {"p1": {"tile": "A", "resources": {"food": 2, "water": 1,
                                                                   "wood": 2}},
                                 "p2": {"tile": "B", "resources": {"food": 2, "water": 0,
                                                                   "wood": 1}}}}})
    for event in TWO_ROUNDS:
        before = as_seen(table.view())
        table.accepted(event)
        after = as_seen(table.view())
        table.undo()
        assert as_seen(table.view()) == before, event
        table.accepted(event)
        assert as_seen(table.view()) == after, event
        if event["type"] == "event_card" and event["player"] == "p2" and event["card"] != QUIET:
            # The end of round 2: Ann's Supply 0 / 0 / 1 and the Snare; Bob's three Food, a Wood,
            # and a Wagon Damage; the token with Bob.
            assert board(table, "p1")["resources"] == {"food": 0, "water": 0, "wood": 1}
            assert board(table, "p2")["resources"] == {"food": 3, "water": 0, "wood": 1}
            assert board(table, "p2")["ailments"] == {"hunger": 0, "thirst": 0,
                                                      "wagon_damage": 1}
            assert table.view()["current_players"] == ["p2"]
    ann = board(table, "p1")
    assert ann["resources"] == {"food": 1, "water": 1, "wood": 1}
    assert [card["name"] for card in ann["equipment"]] == ["Snare"]
    assert table.view()["state"]["round"] == 3


# --- The table's own Equipment cards, read once ---------------------------------------------------

BOWIE_KNIFE = {"name": "Bowie Knife", "type": "weapon", "value": 2, "dice": 1}
BOWIE_BY_NAME = {"type": "trading_post", "player": "p1", "offered": ["Bowie Knife", "Lantern"],
                 "buy": ["Bowie Knife"], "pay": {"food": 2}}


def test_a_card_the_table_read_once_is_named_alone_and_one_it_never_read_is_asked_for(client):
    players = {"p1": {"tile": "B", "resources": {"food": 3}}, "p2": {"tile": "C"}}
    # Entered once for the game: bought by name, its Value paid, its die rolled in Combat.
    read_once = joined(client, "camp", players, equipment_cards=[BOWIE_KNIFE])
    read_once.accepted(BOWIE_BY_NAME)
    (knife,) = board(read_once, "p1")["equipment"]
    assert (knife["name"], knife["type"], knife["value"], knife["dice"]) == (
        "Bowie Knife", "weapon", 2, 1)
    assert board(read_once, "p1")["resources"]["food"] == 1
    assert {len(event["dice"]) for event in offered(read_once, "combat") if "dice" in event} == {2}
    # Never read: the book does not print it, so the table is asked for it (not a 500, nothing
    # written).
    never_read = joined(client, "camp", players)
    before = as_seen(never_read.view())
    response = never_read.send(BOWIE_BY_NAME)
    assert response.status_code == 400
    assert response.get_json()["error"]["field"].startswith("event.offered")
    assert as_seen(never_read.view()) == before


# --- The token that turned an Explorer Ravenous ------------------------------------------------------

def test_the_explored_hunger_that_turns_a_traveler_ravenous_is_told_once(client):
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"], "options": {"terrain": TRAIL},
        "position": {"round": 2, "season_deck": 10, "first_player": "p1", "phase": "gathering",
                     "current": "p1", "bag": {"hunger": 3}, "players": {
                         "p1": {"tile": "A", "companions": 0, "ailments": {"hunger": 3},
                                "resources": NONE},
                         "p2": {"tile": "B"}}}})
    effects = [effect["text"] for effect in table.accepted(
        {"type": "explore", "player": "p1", "draw": "hunger"})["effects"]]
    ann = board(table, "p1")
    # The state is right: the Ravenous side holds its one Hunger, the Traveler's Ailments are gone.
    assert (ann["status"], ann["hunger"], ann["ailments"]["hunger"]) == ("ravenous", 1, 0)
    assert table.view()["current_players"] == ["p2"]
    # What the table is told should say the same.
    assert not any("added to the Player board" in text for text in effects), effects

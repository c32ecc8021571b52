"""We Forlorn Few: a seventh independent audit (session 11), written from the rulebook first, then
played through the HTTP API only: the last round's leftovers (the Ravenous Turn Example under the
default reading, a Traveler cut off from Newhaven, the partner's own answer to a Trade, `legal`
with many Tools) and what a scenario writer with the book open would try first (setup at each
player count, the first round, each "cannot", Seasons, Winter, the end). Each docstring quotes its
rule."""

import pytest

from referee.core import engine
from referee.we_forlorn_few.game import Game
from tests.api_table import ApiTable, quotes_from
from tests.guard_cases import we_forlorn_few as guard
from tests.test_we_forlorn_few_audit import PISTOL, TOOL_BOX, Table, board, position
from tests.test_we_forlorn_few_audit_5 import legal, listed

in_book = quotes_from("we-forlorn-few")

Q_DEFENSE_ONE = in_book("In defense, The Self-Made Entrepreneur rolls one die which results in a "
                        "Worth 2 giving them a result of two.")
Q_RAVENOUS_LOSE = in_book("They must immediately begin the Retreat Phase.")
Q_OBJECTIVE = in_book("The objective of the game is to be the first Traveler to successfully cross "
                      "the Game Board and reach Newhaven.")
Q_TRAVEL_ADJACENT = in_book("Players can Travel to an adjacent tile by paying Travel Cost before "
                            "moving their Player piece to the adjacent tile of their choosing.")
NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve")
ENTREPRENEUR = "The Self-Made Entrepreneur"


@pytest.fixture
def client(module_client):
    """One app and database for the whole file (each scenario starts its own session)."""
    return module_client


def phase(t) -> str:
    return t.view()["phase"]


# ---------------------------------------------------------------- the Ravenous Turn Example


# CF - A (Forest) - X (face down) - W (Wetlands) - NH: the example's two-tile move across a face-down
# tile onto the Wetlands where the Entrepreneur is.
EXAMPLE_TERRAIN = [
    {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1}, "adjacent": ["A"]},
    {"name": "A", "kind": "Forest", "travel_cost": {"wood": 1}, "resources": ["wood"],
     "adjacent": ["X"]},
    {"name": "X", "face_up": False, "adjacent": ["W"]},
    {"name": "W", "kind": "Wetlands", "travel_cost": {"water": 1}, "resources": ["water"],
     "adjacent": ["NH"]},
    {"name": "NH", "kind": "Newhaven", "adjacent": []},
]


def ravenous_example(client, **options):
    """Ann Ravenous (one Hunger) on A; Bob plays The Self-Made Entrepreneur with his printed
    starting Equipment (a Pistol and a Tool Box: the book prints neither card, so their type and
    Value are entered), on the Wetlands."""
    return ApiTable(client, {
        "game": "we-forlorn-few", "players": ["Ann", "Bob"],
        "options": {"terrain": EXAMPLE_TERRAIN,
                    "travelers": {"p2": {"name": ENTREPRENEUR, "equipment": [PISTOL, TOOL_BOX]}},
                    **options},
        "position": {"round": 2, "season_deck": 10, "phase": "ravenous_movement",
                     "current": "p1",
                     "players": {"p1": {"tile": "A", "status": "ravenous", "hunger": 1},
                                 "p2": {"tile": "W"}}}})


def test_the_ravenous_turn_example_as_printed_under_the_one_die_ruling(client):
    """Ravenous Turn Example, played with the Entrepreneur as his board prints him (a Pistol): "In
    defense, The Self-Made Entrepreneur rolls one die which results in a Worth 2 giving them a
    result of two." Under `defense_against_ravenous` = one_die (the ruling that reads the example
    as printed) it plays through: the move of two tiles leaves the crossed tile face down, Worth 1
    loses to Worth 2, the Retreat onto the face-down tile, one Hunger, Bob's turn. Two dice for Bob
    are refused quoting the example, and only one is listed."""
    t = ravenous_example(client, defense_against_ravenous="one_die")
    names = [card["name"] for card in t.view()["state"]["players"]["p2"]["equipment"]]
    assert sorted(names) == ["Pistol", "Tool Box"]
    t.accepted({"type": "ravenous_move", "player": "p1", "path": ["X", "W"]})
    assert t.view()["state"]["tiles"]["X"]["face_up"] is False
    attack = {"type": "ravenous_attack", "player": "p1", "target": "p2", "dice": [1]}
    assert listed(t, {**attack, "target_dice": [2]})
    assert not listed(t, {**attack, "target_dice": [2, 0]})
    t.refused({**attack, "target_dice": [2, 0]}, Q_DEFENSE_ONE)
    done = t.accepted({**attack, "target_dice": [2]})
    assert Q_RAVENOUS_LOSE in [e["rule"]["quote"] for e in done["effects"] if e.get("rule")]
    assert phase(t) == "ravenous_retreat"
    assert t.view()["state"]["players"]["p2"]["companions"] == 4
    t.accepted({"type": "retreat", "player": "p1", "to": "X"})
    ann = t.view()["state"]["players"]["p1"]
    assert (ann["tile"], ann["hunger"]) == ("X", 2)
    assert t.view()["state"]["tiles"]["X"]["face_up"] is False
    assert t.view()["current_players"] == ["p2"]


def test_the_default_reading_gives_the_entrepreneur_his_pistol_die(client):
    """The default `defense_against_ravenous` = equipment (the Combat rules: "They roll one die as
    standard and add additional dice if they have Equipment cards that allow them to do so.", whose
    example's defender "has one pistol in their Supply and rolls two dice"): the Entrepreneur still
    holding his Pistol rolls two dice in defense, one is refused with the Combat sentence. The
    example never says he still holds it; without it, his one die is the example as printed. The
    option cites both passages."""
    quote = in_book("They roll one die as standard and add additional dice if they have Equipment "
                    "cards that allow them to do so.")
    t = ravenous_example(client)
    t.accepted({"type": "ravenous_move", "player": "p1", "path": ["X", "W"]})
    attack = {"type": "ravenous_attack", "player": "p1", "target": "p2", "dice": [1]}
    t.refused({**attack, "target_dice": [2]}, quote)
    assert listed(t, {**attack, "target_dice": [2, 0]})
    t.accepted({**attack, "target_dice": [2, 0]})
    assert phase(t) == "ravenous_retreat"
    option = client.get("/api/games/we-forlorn-few").get_json()["options"]["defense_against_ravenous"]
    assert option["default"] == "equipment"
    cited = [c["quote"] for c in option["rules"]]
    assert Q_DEFENSE_ONE in cited
    assert in_book("The Sheriff's Daughter has one pistol in their Supply and rolls two dice (one "
                   "die for standard Combat and one for the pistol).") in cited


# ---------------------------------------------------------------- a Traveler cut off from Newhaven


def test_a_traveler_cut_off_from_newhaven_may_still_travel_to_each_adjacent_tile(client):
    """A Season card removes B1 and B2 (the Effect may remove tiles), so nothing on the board leads
    from A1 or A2 to Newhaven. The book prints no rule for that: "Players can Travel to an adjacent
    tile by paying Travel Cost before moving their Player piece to the adjacent tile of their
    choosing." Ann on A1 may still travel to A2 and back to Cedar Falls (toward Cedar Falls), and
    may stay; each listed travel is accepted. The standings show her on her tile with no way left
    to Newhaven, not "off the board"."""
    t = Table(client, position("season", current=None, p1=board("A1", food=2, water=2, wood=2),
                               p2=board("CF"), p3=board("A2")))
    t.ok({"type": "season", "player": "p1", "card": "Rockslide", "season": "spring",
          "remove_tiles": ["B1", "B2"]})
    assert phase(t) == "turn_travel"
    entries = [e for e in legal(t) if e["type"] in ("travel", "stay")]
    assert {e.get("to") for e in entries} == {None, "A2", "CF", "FD"}
    ann = next(p for p in t.view()["scores"]["players"] if p["seat"] == "p1")
    progress = ann["breakdown"][0]
    assert progress["counts"] == "no way left to Newhaven from A1"
    assert progress["rule"]["quote"] == Q_OBJECTIVE
    for entry in entries:
        again = Table(client, position("season", current=None,
                                       p1=board("A1", food=2, water=2, wood=2),
                                       p2=board("CF"), p3=board("A2")))
        again.ok({"type": "season", "player": "p1", "card": "Rockslide", "season": "spring",
                  "remove_tiles": ["B1", "B2"]})
        event = dict(entry)
        if "reveal" in event.get("open", ()):
            event["reveal"] = {"kind": "Desert", "travel_cost": {"water": 1}, "resources": []}
        event.pop("open", None)
        again.ok(event)
        assert again.p("p1")["tile"] == event.get("to", "A1")


# ---------------------------------------------------------------- a Trade: the partner answers


Q_TRADE_ACCEPT = in_book("The Player they are proposing the Trade with may then accept or reject "
                         "the terms of the Trade and any tokens and cards are exchanged "
                         "immediately.")
Q_TRADE_AGREE = in_book("Both Players must agree to the terms of the trade.")
Q_CAMP_ONCE = in_book("During the Camp Phase the Active Player may perform each of the following "
                      "actions once in any order: Recuperate, Trade with another Player, Initiate "
                      "Combat with another Player, or Trade at a Trading Post.")


def camp_table(client, **options):
    """Ann (two Food) and Bob (two Wood) on A1 in Ann's Camp Phase; Cleo in Cedar Falls."""
    return Table(client, position("camp", p1=board("A1", food=2, water=0, wood=0),
                                  p2=board("A1", food=0, water=0, wood=2), p3=board("CF")),
                 options=options)


def seat_phone(t, seat: str) -> dict:
    """The headers of the phone that claimed `seat`."""
    token = t.client.post(f"/api/sessions/{t.id}/seats",
                          headers={"Authorization": "Bearer " + t.join_token},
                          json={"seat": seat}).get_json()["seat_token"]
    return {"Authorization": "Bearer " + token}


def sent_by(t, headers: dict, event: dict):
    response = t.client.post(f"/api/sessions/{t.id}/events", headers=headers,
                             json={"event": event, "expected_seq": t.seq})
    if response.status_code == 200:
        t.seq = response.get_json()["seq"]
    return response


def test_a_proposed_trade_waits_for_the_partners_answer(client):
    """ "The Player they are proposing the Trade with may then accept or reject the terms of the
    Trade and any tokens and cards are exchanged immediately." Ann proposes a Food for a Wood:
    nothing is exchanged yet, it is Bob's to answer (listed: his answers, and Ann's Sacrifice, "At
    any time during their turn"); Ann cannot end her Camp meanwhile, nor answer for him (both
    refused with that sentence). Bob
    accepts: the tokens are exchanged, Ann's Camp goes on, and her Trade is used."""
    t = camp_table(client)
    t.ok({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1}, "get": {"wood": 1}})
    view = t.view()
    assert view["phase"] == "turn_trade" and view["current_players"] == ["p2"]
    assert t.p("p1")["resources"]["food"] == 2 and t.p("p2")["resources"]["wood"] == 2
    assert {(e["type"], e["player"], e.get("accepted")) for e in view["legal"]} == \
        {("trade_answer", "p2", True), ("trade_answer", "p2", False), ("sacrifice", "p1", None)}
    t.refused({"type": "end_camp", "player": "p1"}, Q_TRADE_ACCEPT)
    t.refused({"type": "trade_answer", "player": "p1", "accepted": True}, Q_TRADE_ACCEPT)
    done = t.ok({"type": "trade_answer", "player": "p2", "accepted": True})
    assert Q_TRADE_ACCEPT in [e["rule"]["quote"] for e in done["effects"] if e.get("rule")]
    assert t.p("p1")["resources"] == {"food": 1, "water": 0, "wood": 1}
    assert t.p("p2")["resources"] == {"food": 1, "water": 0, "wood": 1}
    assert phase(t) == "turn_camp" and t.view()["current_players"] == ["p1"]
    assert "trade" not in {e["type"] for e in legal(t)}
    t.refused({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1}}, Q_CAMP_ONCE)


def test_a_rejected_trade_exchanges_nothing_and_uses_the_trade_by_default(client):
    """Bob rejects: nothing is exchanged; under the default `rejected_trade_uses_camp_trade`
    (proposing is the action) Ann's Trade is used; under false she may propose again."""
    t = camp_table(client)
    t.ok({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1}, "get": {"wood": 1}})
    t.ok({"type": "trade_answer", "player": "p2", "accepted": False})
    assert t.p("p1")["resources"]["food"] == 2 and t.p("p2")["resources"]["wood"] == 2
    assert phase(t) == "turn_camp"
    t.refused({"type": "trade", "player": "p1", "with": "p2"}, Q_CAMP_ONCE)
    t = camp_table(client, rejected_trade_uses_camp_trade=False)
    t.ok({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1}, "get": {"wood": 1}})
    t.ok({"type": "trade_answer", "player": "p2", "accepted": False})
    t.ok({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 2}, "get": {"wood": 1}})
    t.ok({"type": "trade_answer", "player": "p2", "accepted": True})
    assert t.p("p1")["resources"] == {"food": 0, "water": 0, "wood": 1}


def test_only_the_partners_phone_answers_a_trade(client):
    """ "Both Players must agree to the terms of the trade." With seat phones, Ann's phone proposes
    the Trade; it can neither answer it nor enter the Trade already `accepted` (403: the answer is
    Bob's to enter); Bob's phone answers. The table's own device may enter both at once."""
    t = camp_table(client)
    ann, bob = seat_phone(t, "p1"), seat_phone(t, "p2")
    one_step = {"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1},
                "get": {"wood": 1}, "accepted": True}
    r = sent_by(t, ann, one_step)
    assert r.status_code == 403, r.get_json()
    assert "Bob's to enter" in r.get_json()["error"]["message"]
    r = sent_by(t, ann, {"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1},
                         "get": {"wood": 1}})
    assert r.status_code == 200, r.get_json()
    r = sent_by(t, ann, {"type": "trade_answer", "player": "p2", "accepted": True})
    assert r.status_code == 403, r.get_json()
    r = sent_by(t, bob, {"type": "trade_answer", "player": "p2", "accepted": True})
    assert r.status_code == 200, r.get_json()
    assert t.p("p2")["resources"]["food"] == 1
    table = camp_table(client)
    table.ok(one_step)
    assert table.p("p2")["resources"]["food"] == 1 and phase(table) == "turn_camp"


def test_a_trade_of_what_a_side_lacks_is_refused_when_proposed(client):
    """The terms must be what each side can hand over at once ("any tokens and cards are exchanged
    immediately"): a proposal asking Bob for the Food he lacks, or giving Ann's Pistol she does not
    hold, is refused before Bob is asked; a promise alone ("or by repaying a debt on a future
    turn") is a proposal Bob may accept."""
    t = camp_table(client)
    t.refused({"type": "trade", "player": "p1", "with": "p2", "get": {"food": 1}}, Q_TRADE_ACCEPT)
    t.refused({"type": "trade", "player": "p1", "with": "p2", "give": {"equipment": ["Pistol"]},
               "get": {"wood": 1}}, Q_TRADE_ACCEPT)
    assert phase(t) == "turn_camp"
    t.ok({"type": "trade", "player": "p1", "with": "p2", "terms": "two Wood next round",
          "get": {"wood": 2}})
    t.ok({"type": "trade_answer", "player": "p2", "accepted": True})
    assert t.p("p1")["resources"] == {"food": 2, "water": 0, "wood": 2}


def test_the_partner_chooses_what_to_discard_for_a_full_supply(client):
    """ "Anytime a Traveler receives a token or card that exceeds their Supply capacity, they must
    immediately discard either something from their Supply to make space, or return the newly
    acquired item to the Stockpile." Bob, with six Resources, accepts a Food Ann gives for a
    promise and discards a Water to keep it (his `discard`, listed open); another time he keeps his
    Supply and the Food returns."""
    full = board("A1", food=0, water=4, wood=2)
    for discard, water in (({"water": 1}, 3), (None, 4)):
        t = Table(client, position("camp", p1=board("A1", food=2, water=0, wood=0), p2=full,
                                   p3=board("CF")))
        t.ok({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1},
              "terms": "safe passage"})
        answer = {"type": "trade_answer", "player": "p2", "accepted": True}
        if discard:
            answer["discard"] = discard
            assert listed(t, answer)
        t.ok(answer)
        assert t.p("p2")["resources"] == {"food": 1 if discard else 0, "water": water, "wood": 2}
        assert t.p("p1")["resources"]["food"] == 1


# ---------------------------------------------------------------- `legal` with many Tools and dice


def every_complete_entry_is_accepted(body: dict) -> list[dict]:
    """Each complete entry `legal` lists for the game `body` sets up, applied to a fresh copy of
    it: none is refused. The entries."""
    setup = engine.check_setup(Game, {"game": "we-forlorn-few", **body})
    entries = engine.start(Game, setup).legal()
    for entry in entries:
        if "open" not in entry:
            engine.apply(engine.start(Game, setup), entry)
    return entries


def test_many_tools_hide_no_sacrifice_and_leave_the_tool_bonus_open():
    """Quick Reference: "You may add one token per card." Ann holds six Tools (two for each
    Resource; her board's slots are not checked) and Ailments: the ways to end her Gathering
    Phase with a smaller Tool Bonus are too many to list one by one, so each action is listed with
    every token (the field left out) and once more with `tool_bonus` open; every Sacrifice the rules
    allow is still listed (the old 400-entry cap cut them off), and every complete entry is
    accepted. A Tool Bonus of one Food entered in the open field is accepted."""
    tools = [{"name": f"{kind} tool {n}", "type": "tool", "value": 1, "bonus": kind}
             for kind in ("food", "water", "wood") for n in (1, 2)]
    ann = guard.traveler("P1", equipment=tools, ailments={"hunger": 3, "thirst": 2,
                                                          "wagon_damage": 1})
    body = guard.table({**guard.at("gathering", p1=ann, p2=guard.traveler()),
                        "bag": {"food": 1, "thirst": 1}}, players=("Ann", "Bob"))
    entries = every_complete_entry_is_accepted(body)
    sacrifices = [e for e in entries if e["type"] == "sacrifice"]
    # four of her six Ailments removed (Hunger, Thirst, Wagon Damage: 3+1+0, 3+0+1, 2+2+0, 2+1+1,
    # 1+2+1), the Skull on any of the three tracks (each has a free slot after the removal)
    assert len(sacrifices) == 5 * 3
    opened = {e["type"] for e in entries if "tool_bonus" in e.get("open", ())}
    assert opened == {"gather", "explore", "skip_gathering"}
    assert not any("tool_bonus" in e for e in entries)
    model = engine.start(Game, engine.check_setup(Game, {"game": "we-forlorn-few", **body}))
    engine.apply(model, {"type": "skip_gathering", "player": "p1", "tool_bonus": {"food": 1}})
    assert model.G["players"]["p1"]["resources"]["food"] == 2


def test_one_tool_lists_each_smaller_bonus_with_each_action():
    """With a single Snare the smaller Tool Bonus (nothing) is listed with each action (few ways),
    each accepted."""
    ann = guard.traveler("P1", equipment=[guard.SNARE])
    body = guard.table(guard.at("gathering", p1=ann, p2=guard.traveler()), players=("Ann", "Bob"))
    entries = every_complete_entry_is_accepted(body)
    assert {"type": "skip_gathering", "player": "p1", "tool_bonus": {}} in entries
    assert {"type": "skip_gathering", "player": "p1"} in entries


def test_a_combat_of_many_dice_a_side_is_listed_with_the_dice_open():
    """ "They roll one die as standard and add additional dice if they have Equipment cards that
    allow them to do so." Ann and Bob each hold four Pistols: 15 rolls a side are 225 ways, listed
    once with the dice open (the entry filled in is accepted); with one Pistol each the 36 ways are
    listed one by one."""
    pistols = [dict(guard.PISTOL, dice=1, name=f"Pistol {n}") for n in range(4)]
    body = guard.table(guard.camp(p1=guard.traveler("W1", equipment=pistols),
                                  p2=guard.traveler("W1", equipment=pistols)),
                       players=("Ann", "Bob"))
    entries = every_complete_entry_is_accepted(body)
    assert [e for e in entries if e["type"] == "combat"] == [
        {"type": "combat", "player": "p1", "target": "p2", "open": ["dice", "target_dice"]}]
    model = engine.start(Game, engine.check_setup(Game, {"game": "we-forlorn-few", **body}))
    engine.apply(model, {"type": "combat", "player": "p1", "target": "p2",
                         "dice": [2, 2, 1, 0, 0], "target_dice": [1, 1, 1, 0, 0]})
    assert model.phase == "turn_steal"
    body = guard.table(guard.camp(p1=guard.traveler("W1", equipment=pistols[:1]),
                                  p2=guard.traveler("W1", equipment=pistols[:1])),
                       players=("Ann", "Bob"))
    entries = every_complete_entry_is_accepted(body)
    assert len([e for e in entries if e["type"] == "combat"]) == 36


def test_a_trade_waiting_for_its_answer_on_the_page_and_undone(client):
    """The table page shows whose answer is awaited and the terms, and offers Bob's answers
    ("Accept the Trade", "Reject the Trade"); a spectator sees the terms too (nothing in a Trade is
    secret: it is made across the table). Undone, the proposal is gone: Ann's Camp Phase as it was,
    the Trade listed again."""
    t = camp_table(client)
    before = t.view()
    t.ok({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1}, "get": {"wood": 1},
          "terms": "and a song"})
    spectator = client.get(f"/play/{t.id}")
    assert spectator.status_code == 200
    assert "answers Ann's Trade" in spectator.text and "and a song" in spectator.text
    client.get(f"/play/{t.id}/join?token={t.token}")
    page = client.get(f"/play/{t.id}")
    assert page.status_code == 200
    assert "Accept the Trade" in page.text and "Reject the Trade" in page.text
    undone = client.post(f"/api/sessions/{t.id}/undo", headers=t.headers)
    assert undone.status_code == 200, undone.get_json()
    back = t.view()
    assert back["phase"] == "turn_camp" and back["state"] == before["state"]
    assert back["legal"] == before["legal"]


# ---------------------------------------------------------------- what the book leaves to the table


def test_a_trading_post_on_cedar_falls_is_as_the_table_enters_it(client):
    """ "Some Terrain tiles contain Trading Posts." The book never says whether Cedar Falls or
    Newhaven shows one: the table enters its tile as printed. Entered with a Trading Post, Ann trades
    there; entered without (the default), "If a Player is at a Trading Post they may Trade." refuses
    it. (The cities' Trading Post was silently dropped before.)"""
    quote = in_book("If a Player is at a Trading Post they may Trade.")
    snare = {"name": "Snare", "type": "tool", "value": 1, "bonus": "food"}
    buy = {"type": "trading_post", "player": "p1", "offered": [snare], "buy": ["Snare"],
           "pay": {"food": 1}}
    with_post = [dict(tile, trading_post=True) if tile["name"] == "CF" else tile
                 for tile in guard.TERRAIN]
    t = Table(client, position("camp", p1=board("CF"), p2=board("CF"), p3=board("CF")),
              options={"terrain": with_post})
    assert t.state["tiles"]["CF"]["trading_post"] is True
    assert any(e["type"] == "trading_post" for e in legal(t))
    t.ok(buy)
    assert [c["name"] for c in t.p("p1")["equipment"]] == ["Snare"]
    t = Table(client, position("camp", p1=board("CF"), p2=board("CF"), p3=board("CF")),
              options={"terrain": guard.TERRAIN})
    t.refused(buy, quote)


Q_SACRIFICE = in_book("At any time during their turn, Players may Sacrifice a Companion in order "
                      "to remove four Ailment tokens currently on their Player board.")


def test_the_active_player_may_sacrifice_while_the_partner_answers_or_the_defender_steals(client):
    """ "At any time during their turn, Players may Sacrifice a Companion..." — Ann's turn goes on
    while Bob answers her Trade, and while Bob, who won her Combat, steals: her Sacrifice is listed
    and accepted at both points; Bob answers and steals, Ann cannot do either for him (the Trade
    sentence; "The winner may steal..."), and Bob's own Sacrifice is refused (not his turn)."""
    q_steal = in_book("The winner may steal any Resources and Equipment up to the Value of their "
                      "total roll result from the losing Player's Supply.")
    sacrifice = {"type": "sacrifice", "player": "p1", "remove": {"hunger": 2}, "skull": "thirst"}
    t = Table(client, position("camp", p1=board("A1", food=2, hunger=2),
                               p2=board("A1", hunger=2), p3=board("CF")))
    t.ok({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1}})
    assert t.view()["current_players"] == ["p2"]
    assert listed(t, sacrifice)
    t.ok(sacrifice)
    assert (t.p("p1")["companions"], t.p("p1")["ailments"]["hunger"]) == (3, 0)
    t.refused({"type": "sacrifice", "player": "p2", "remove": {"hunger": 2}, "skull": "thirst"},
              Q_SACRIFICE)
    t.ok({"type": "trade_answer", "player": "p2", "accepted": True})
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [0], "target_dice": [2]})
    assert t.view()["current_players"] == ["p2"]
    t.refused({"type": "steal", "player": "p1", "take": {"food": 1}}, q_steal)
    sacrifice = {"type": "sacrifice", "player": "p1", "remove": {}, "skull": "wagon_damage"}
    assert listed(t, sacrifice)
    t.ok(sacrifice)
    t.ok({"type": "steal", "player": "p2", "take": {"food": 1}})
    assert phase(t) == "turn_camp" and t.p("p1")["companions"] == 2


# ---------------------------------------------------------------- setup and the first round


Q_ROUND = in_book("The First Player resolves a Season card. Beginning with the First Player and "
                  "moving to the left, the Player turns are resolved.")
Q_SEASON_DRAW = in_book("At the beginning of each round the First Player will draw the top Season "
                        "card, read it aloud and resolve it.")


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_the_first_round_from_the_last_seat_wraps_to_the_left(client, players):
    """Setup: "Each Player then selects four Companion tokens", "takes one Food, one Water and one
    Wood token", pieces "on the Cedar Falls tile"; "The First Player is the person who traveled the
    furthest in order to play." — here the last seat. "The First Player resolves a Season card.
    Beginning with the First Player and moving to the left, the Player turns are resolved." Nobody
    else may draw the Season card, nobody plays before their turn; after the round "The
    First-Player token moves to the Player on their left." (the first seat), who draws next."""
    seats = [f"p{n}" for n in range(1, players + 1)]
    last = seats[-1]
    t = ApiTable(client, {"game": "we-forlorn-few", "players": list(NAMES[:players]),
                          "options": {"terrain": guard.TERRAIN, "first_player": last}})
    state = t.view()["state"]
    for seat in seats:
        me = state["players"][seat]
        assert (me["tile"], me["companions"], me["resources"], me["status"]) == \
            ("CF", 4, {"food": 1, "water": 1, "wood": 1}, "traveler")
    assert t.view()["phase"] == "season" and t.view()["current_players"] == [last]
    if players > 1:
        t.refused({"type": "season", "player": seats[0], "season": "spring"}, Q_SEASON_DRAW)
    t.accepted({"type": "season", "player": last, "card": "Thaw", "season": "spring"})
    for seat in [last, *seats[:-1]]:
        assert t.view()["current_players"] == [seat]
        others = [s for s in seats if s != seat]
        if others:
            t.refused({"type": "stay", "player": others[0]}, Q_ROUND)
        t.accepted({"type": "stay", "player": seat})
        t.accepted({"type": "skip_gathering", "player": seat})
        t.accepted({"type": "end_camp", "player": seat})
        t.accepted({"type": "event_card", "player": seat, "card": "A quiet road"})
    view = t.view()
    assert view["phase"] == "season" and view["state"]["round"] == 2
    assert view["state"]["first_player"] == seats[0] and view["current_players"] == [seats[0]]


def test_a_position_with_more_season_cards_left_than_its_round_allows_is_refused(client):
    """ "At the beginning of each round the First Player will draw the top Season card" — round 13
    about to begin has drawn twelve, so no deck of twelve is left (found by the session-11 outsider:
    it was accepted); in round 3's Travel Phase at most nine are left. A 400 naming
    position.season_deck; round 3 with nine left is a table."""
    def new(round_, deck, phase):
        return client.post("/api/sessions", json={
            "game": "we-forlorn-few", "players": ["Ann", "Bob"],
            "options": {"terrain": guard.TERRAIN},
            "position": {"round": round_, "season_deck": deck, "phase": phase,
                         "players": {"p1": {"tile": "CF"}, "p2": {"tile": "CF"}}}})
    for round_, deck, phase in ((13, 12, "season"), (3, 10, "travel")):
        response = new(round_, deck, phase)
        assert response.status_code == 400, response.get_json()
        error = response.get_json()["error"]
        assert error["field"] == "position.season_deck" and Q_SEASON_DRAW in error["message"]
    assert new(3, 9, "travel").status_code == 201
    assert new(3, 10, "season").status_code == 201


@pytest.mark.parametrize(("phase_name", "roll"), [("travel", 2), ("gathering", 2), ("gathering", 1)])
def test_a_gather_on_cedar_falls_with_nothing_to_take_left_out(client, phase_name, roll):
    """Outsider finding 6 (session 11): Cedar Falls lists no Resources, so a Worth 1 or 2 Gather
    there takes nothing; entered without `take` it answered 500. It is accepted (nothing taken);
    taking Food there is refused with "Travelers can only gather the Resources that are listed on
    their current tile." (finding 7: it quoted the count sentence)."""
    quote = in_book("Travelers can only gather the Resources that are listed on their current "
                    "tile.")
    t = Table(client, position(phase_name, p1=board("CF"), p2=board(), p3=board()),
              options={"terrain": guard.TERRAIN})
    t.refused({"type": "gather", "player": "p1", "roll": roll, "take": ["food"]}, quote)
    t.ok({"type": "gather", "player": "p1", "roll": roll})
    assert t.p("p1")["resources"] == {"food": 1, "water": 1, "wood": 1}
    assert phase(t) == "turn_camp"

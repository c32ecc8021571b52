"""Journey campaigns (issue 14): Quests played back to back through the HTTP API — what carries over
("Back to Back Game Play"), the Karma Upgrades a Quest gives at its setup (10-point blocks), the
order of the Quests, Quest 10's two parts as one Quest, the campaign's edit token, and its page."""

import pytest

from referee.core import RuleViolation
from referee.journey import campaign as C
from referee.journey.profiles import PILGRIMS

PROFILES = {"monkey_king": {"max_hp": 10}, "cho_hakkai": {"max_hp": 12, "mv": 3},
            "monk_sha": {"max_hp": 9}, "tripitaka": {"max_hp": 8, "mv": 3}}
DEMONS = {"berrok": {"hp": 4, "sp": 2, "gkr": 2, "bkr": 4, "attack_dice": 2}}
BOARD = {"gates": [{"id": "gate-1"}], "demons": ["berrok"], "villagers": ["villager-1"]}


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def new_campaign(client, players=("Ann", "Ben"), **extra):
    answer = client.post("/api/campaigns", json={
        "game": "journey", "players": list(players),
        "options": {"pilgrim_profiles": PROFILES}, **extra})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def start_quest(client, campaign, body, status=201):
    answer = client.post(f"/api/campaigns/{campaign['id']}/quests", json=body,
                         headers=auth(campaign["edit_token"]))
    assert answer.status_code == status, answer.get_json()
    return answer.get_json()


def play(client, token, session, *events):
    seq = session["seq"]
    for event in events:
        answer = client.post(f"/api/sessions/{session['id']}/events", headers=auth(token),
                             json={"event": event, "expected_seq": seq})
        assert answer.status_code == 200, (event, answer.get_json())
        seq = answer.get_json()["seq"]
    return seq


def refused_quote(answer) -> str:
    assert answer.status_code == 422, answer.get_json()
    return answer.get_json()["error"]["rule"]["quote"]


def test_a_campaign_needs_its_edit_token_to_go_on(client):
    campaign = new_campaign(client)
    url = f"/api/campaigns/{campaign['id']}/quests"
    body = {"quest": "free", "position": BOARD}
    assert client.post(url, json=body).status_code == 401
    assert client.post(url, json=body, headers=auth("not-the-token")).status_code == 403
    assert client.post("/api/campaigns/nosuchcampaign1/quests", json=body,
                       headers=auth(campaign["edit_token"])).status_code == 404
    first = start_quest(client, campaign, {**body, "options": {"demon_profiles": DEMONS}})
    # the campaign's edit token is the table's token of its sessions
    game = client.get(f"/api/sessions/{first['id']}", headers=auth(campaign["edit_token"]))
    assert game.get_json()["viewer"]["role"] == "table"
    moved = client.post(url, json={**body, "expected_quests": 0},
                        headers=auth(campaign["edit_token"]))
    assert moved.status_code == 409
    assert moved.get_json()["error"]["field"] == "expected_quests"


def test_bad_campaigns_are_refused_with_the_field_named(client):
    for body, field in (
            ({"game": "avignon", "players": ["A", "B"]}, None),
            ({"game": "journey", "players": ["A"], "options": {"quest": "free"}}, "options.quest"),
            ({"game": "journey", "players": ["A"], "rulings": {"nope": 1}}, "rulings.nope"),
            ({"game": "journey", "players": ["A"], "rulings": {"quest_upgrades": "x"}},
             "rulings.quest_upgrades")):
        answer = client.post("/api/campaigns", json=body)
        assert 400 <= answer.status_code < 500, answer.get_json()
        if field:
            assert answer.get_json()["error"]["field"] == field
    assert client.get("/api/campaigns/nosuchcampaign1").status_code == 404


def test_a_quest_is_finished_before_the_next_one_starts(client):
    campaign = new_campaign(client)
    start_quest(client, campaign, {"quest": "free", "position": BOARD})
    answer = client.post(f"/api/campaigns/{campaign['id']}/quests",
                         json={"quest": "free", "position": BOARD},
                         headers=auth(campaign["edit_token"]))
    assert refused_quote(answer) == C.Q_IN_ORDER


def test_back_to_back_health_chi_and_conditions_reset_karma_and_cards_kept(client):
    campaign = new_campaign(client, options={"pilgrim_profiles": PROFILES,
                                             "demon_profiles": DEMONS})
    first = start_quest(client, campaign, {"quest": "free", "position": {
        **BOARD, "pilgrims": {"monkey_king": {"hand": ["Phase Walk"], "weapon_level": 2,
                                              "corruption": ["Permanent Limp"],
                                              "fortune": ["Wild Herbs"], "bad_karma": 3,
                                              "conditions": [{"name": "Poisoned"}]}}}})
    token = campaign["edit_token"]
    play(client, token, first,
         {"type": "maintenance", "player": "p1"},
         {"type": "rescue_villager", "player": "p1", "pilgrim": "monkey_king",
          "villager": "villager-1"},
         {"type": "attack", "player": "p1", "pilgrim": "monkey_king", "targets": ["berrok-1"],
          "attack_dice": [2, 2], "pilgrim_die": 1, "weapon_damage": 1},
         {"type": "resolve_defeat", "player": "p1", "pilgrim": "monkey_king", "choice": "kill"},
         {"type": "quest_result", "player": "p1", "outcome": "victory",
          "condition": "the table's own Quest"})
    ended = client.get(f"/api/sessions/{first['id']}").get_json()["state"]["pilgrims"]
    assert ended["monkey_king"]["hp"] < 10  # Poisoned at Maintenance
    assert ended["monkey_king"]["good_karma"] == 3 and ended["monkey_king"]["bad_karma"] == 7

    second = start_quest(client, campaign, {"quest": "free", "position": BOARD})
    monkey = second["state"]["pilgrims"]["monkey_king"]
    assert (monkey["hp"], monkey["chi"], monkey["conditions"]) == (10, 10, [])
    assert (monkey["good_karma"], monkey["bad_karma"]) == (3, 7)
    assert monkey["skills"] == ["Phase Walk"] and monkey["skills_unknown"] == 0
    assert (monkey["weapon_level"], monkey["corruption"], monkey["fortune"]) == (
        2, ["Permanent Limp"], ["Wild Herbs"])
    tripitaka = second["state"]["pilgrims"]["tripitaka"]
    assert tripitaka["skills_unknown"] == 2  # the 2 starting cards never named stay unknown
    assert (monkey["sutras"], monkey["villagers"]) == (0, 0)  # Quest items stay with the Quest
    quotes = [effect["rule"]["quote"] for effect in second["carry_over"]]
    assert quotes == [C.Q_HEALTH, C.Q_KARMA, C.Q_CARDS]
    # the Demon Profile values entered are kept for the next Quest
    assert second["options"]["demon_profiles"]["berrok"]["bkr"] == 4



def test_a_demon_value_entered_during_a_quest_joins_the_campaigns_own_demon_values(client):
    """The campaign's Demon Profile values stay with it: a value the table enters during a Quest
    (the Berrok's Bad Karma reward, not set up) is added to them for the next Quest, value by
    value; the other Demons' and the Berrok's other values are not asked for again."""
    berrok = {key: value for key, value in DEMONS["berrok"].items() if key != "bkr"}
    boof = {"hp": 6, "sp": 3, "gkr": 3, "bkr": 3, "attack_dice": 3}
    campaign = new_campaign(client, options={"pilgrim_profiles": PROFILES,
                                             "demon_profiles": {"berrok": berrok, "boof": boof}})
    first = start_quest(client, campaign, {"quest": "free", "position": BOARD})
    play(client, campaign["edit_token"], first,
         {"type": "maintenance", "player": "p1"},
         {"type": "attack", "player": "p1", "pilgrim": "monkey_king", "targets": ["berrok-1"],
          "attack_dice": [2, 2], "pilgrim_die": 1, "weapon_damage": 1},
         {"type": "resolve_defeat", "player": "p1", "pilgrim": "monkey_king", "choice": "kill",
          "reward": 4},
         {"type": "quest_result", "player": "p1", "outcome": "victory",
          "condition": "the table's own Quest"})
    second = start_quest(client, campaign, {"quest": "free", "position": {
        **BOARD, "demons": ["berrok", "boof"]}, "options": {"demon_profiles": {
            "boof": {"attack_dice": 4}}}})
    assert second["options"]["demon_profiles"] == {"berrok": {**berrok, "bkr": 4},
                                                   "boof": {**boof, "attack_dice": 4}}
    demons = second["state"]["demons"]
    assert {demon["type"]: demon["profile"]["bkr"] for demon in demons.values()} == {
        "berrok": 4, "boof": 3}

def test_the_pilgrims_are_not_entered_again_in_a_later_quest(client):
    campaign = new_campaign(client)
    first = start_quest(client, campaign, {"quest": "free", "position": BOARD})
    play(client, campaign["edit_token"], first,
         {"type": "quest_result", "player": "p1", "outcome": "defeat", "condition": "lost"})
    answer = client.post(f"/api/campaigns/{campaign['id']}/quests",
                         json={"quest": "free", "position": {
                             **BOARD, "pilgrims": {"tripitaka": {"good_karma": 9}}}},
                         headers=auth(campaign["edit_token"]))
    assert refused_quote(answer) == C.Q_CARDS


def test_a_quest_that_gives_no_upgrade_refuses_one(client):
    campaign = new_campaign(client)
    answer = client.post(f"/api/campaigns/{campaign['id']}/quests", json={
        "quest": "free", "position": BOARD,
        "upgrades": {"monk_sha": [{"good_karma": 10, "card": "Brotherhood of the Skull"}]}},
        headers=auth(campaign["edit_token"]))
    assert refused_quote(answer) == C.Q_UPGRADE_CHOICE


# -- Karma Upgrades (the rules on their own) --------------------------------------------------------


def upgrade(state, entry):
    effects = []
    C.Campaign.apply_upgrade("monk_sha", state, entry, "upgrades.monk_sha[0]", effects)
    return effects


def test_an_upgrade_is_a_block_of_10_good_or_10_bad_karma():
    for entry in ({"good_karma": 5, "bad_karma": 5, "card": "x"}, {"good_karma": 20, "card": "x"},
                  {"good_karma": 10, "bad_karma": 10, "card": "x"}, {}):
        with pytest.raises(RuleViolation) as refused:
            upgrade({}, entry)
        assert refused.value.citation.quote == C.Q_BLOCKS


def test_10_good_karma_gives_a_permanent_skill_card_and_nothing_else():
    state = {"hand": ["Healing Fellowship"], "good_karma": 4}
    effects = upgrade(state, {"good_karma": 10, "card": "Brotherhood of the Skull",
                              "discarded": ["Spirit of Fortune"]})
    assert state == {"hand": ["Healing Fellowship", "Brotherhood of the Skull"], "good_karma": 4}
    assert effects[0]["quote"] == C.Q_UPGRADE_GOOD
    with pytest.raises(RuleViolation) as refused:
        upgrade({}, {"good_karma": 10, "card": "x", "corruption": "Permanent Limp"})
    assert refused.value.citation.quote == C.Q_UPGRADE_GOOD


def test_10_bad_karma_upgrades_the_weapon_and_gives_a_corruption_card():
    state = {"weapon_level": 1}
    effects = upgrade(state, {"bad_karma": 10, "corruption": "Lure of Demons"})
    assert state == {"weapon_level": 2, "corruption": ["Lure of Demons"]}
    assert effects[0]["quote"] == C.Q_UPGRADE_BAD
    state = {"weapon_level": 3, "corruption": ["Lure of Demons"]}
    effects = upgrade(state, {"bad_karma": 10, "corruption": "Permanent Limp"})
    assert state == {"weapon_level": 3, "corruption": ["Lure of Demons", "Permanent Limp"]}
    assert "fully upgraded" in effects[0]["text"]
    with pytest.raises(RuleViolation) as refused:
        upgrade({}, {"bad_karma": 10, "corruption": "x", "card": "Phase Walk"})
    assert refused.value.citation.quote == C.Q_UPGRADE_BAD


def test_every_pilgrim_is_summarised():
    assert C.ORDER[-1] == C.PART_TWO and len(C.ORDER) == 11
    assert C.UPGRADES["6"] == (1, C.Q_ONE_UPGRADE) and C.UPGRADES["10-1"] == (2, C.Q_TWO_UPGRADES)
    assert C.UPGRADES["10-2"] == (0, None)
    assert set(PILGRIMS) == set(C.START_SCHEMA["properties"]["upgrades"]["propertyNames"]["enum"])


# -- the page --------------------------------------------------------------------------------------


def test_the_campaign_page_shows_each_quest_and_every_link_answers(app):
    from tests.test_crawl import crawl

    client = app.test_client()
    campaign = new_campaign(client)
    first = start_quest(client, campaign, {"quest": "free", "position": BOARD})
    play(client, campaign["edit_token"], first,
         {"type": "quest_result", "player": "p1", "outcome": "victory", "condition": "won"})
    start_quest(client, campaign, {"quest": "free", "position": BOARD})
    page = client.get(f"/play/campaigns/{campaign['id']}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Monk Sha" in text and C.Q_HEALTH in text and f"/play/{first['id']}" in text
    statuses = crawl(client, [f"/play/campaigns/{campaign['id']}"])
    assert {url: s for url, s in statuses.items() if s >= 400} == {}
    assert client.get("/play/campaigns/nosuchcampaign1").status_code == 404


# -- the Quests back to back -------------------------------------------------------------------------

from tests.test_journey_quests_6_10 import LORDS, NINE, clear_the_deck, kill_every_demon  # noqa: E402
from tests.test_journey_quests_framework import QuestTable  # noqa: E402


def quest_table(client, campaign, started) -> QuestTable:
    """A Quest of the campaign, played through the HTTP API with the campaign's edit token."""
    table = QuestTable.__new__(QuestTable)
    table.client = client
    table.session = {**started, "edit_token": campaign["edit_token"]}
    table.seq = started["seq"]
    return table


def one_each(**chosen):
    return {name: [chosen.get(name, {"good_karma": 10, "card": f"{name} skill"})]
            for name in PILGRIMS}


def test_three_quests_back_to_back_with_karma_upgrades_and_carry_over(client):
    campaign = new_campaign(client, ("Solo",), options={"pilgrim_profiles": PROFILES,
                                                        "demon_profiles": LORDS})
    bad = {"bad_karma": 10, "corruption": "Permanent Limp"}
    # Quest 6: 1 Karma Upgrade each, given at its setup
    wrong = client.post(f"/api/campaigns/{campaign['id']}/quests", json={"quest": "q6"},
                        headers=auth(campaign["edit_token"]))
    assert refused_quote(wrong) == C.Q_ONE_UPGRADE
    halves = one_each(monkey_king={"good_karma": 5, "bad_karma": 5, "card": "x"})
    wrong = client.post(f"/api/campaigns/{campaign['id']}/quests",
                        json={"quest": "q6", "upgrades": halves},
                        headers=auth(campaign["edit_token"]))
    assert refused_quote(wrong) == C.Q_BLOCKS
    started = start_quest(client, campaign, {"quest": "q6", "upgrades": one_each(monkey_king=bad)})
    monkey = started["state"]["pilgrims"]["monkey_king"]
    assert (monkey["weapon_level"], monkey["corruption"]) == (2, ["Permanent Limp"])
    assert started["state"]["pilgrims"]["tripitaka"]["skills"] == ["tripitaka skill"]
    q6 = quest_table(client, campaign, started)
    q6.do("maintenance")
    q6.do("collect_sutra", pilgrim="monkey_king", sutra="sutra-1")
    q6.do("collect_sutra", pilgrim="monkey_king", sutra="sutra-2")
    q6.do("rescue_villager", pilgrim="cho_hakkai", villager="villager-1")
    q6.do("attack", pilgrim="cho_hakkai", targets=["kogaiji-1"], **NINE)
    assert q6.result()["outcome"] == "heroic_victory"

    following = client.get(f"/api/campaigns/{campaign['id']}").get_json()["next"]
    assert [(q["quest"], q["upgrades"]) for q in following] == [("free", 0), ("q6", 0), ("q7", 1)]
    # Quest 8 does not follow Quest 6
    wrong = client.post(f"/api/campaigns/{campaign['id']}/quests",
                        json={"quest": "q8", "upgrades": one_each()},
                        headers=auth(campaign["edit_token"]))
    assert refused_quote(wrong) == C.Q_IN_ORDER

    # Quest 7: the Pilgrims as Quest 6 left them, Health and Chi back, one more Upgrade
    started = start_quest(client, campaign, {
        "quest": "q7", "options": {"quest_setup": {"kei_lun_hp": 6, "deck_cards": 4}},
        "upgrades": one_each(monkey_king=bad, cho_hakkai={"bad_karma": 10,
                                                          "corruption": "Demon Distraction"})})
    pilgrims = started["state"]["pilgrims"]
    assert (pilgrims["monkey_king"]["weapon_level"], pilgrims["monkey_king"]["corruption"]) == (
        3, ["Permanent Limp", "Permanent Limp"])
    assert pilgrims["monkey_king"]["skills"] == []
    assert pilgrims["cho_hakkai"]["good_karma"] == 3  # the Villager's Karma, kept
    assert pilgrims["cho_hakkai"]["skills"] == ["cho_hakkai skill"]
    assert pilgrims["monk_sha"]["skills"] == ["monk_sha skill", "monk_sha skill"]
    assert (pilgrims["monkey_king"]["sutras"], pilgrims["monkey_king"]["hp"]) == (0, 10)
    quotes = [effect["rule"]["quote"] for effect in started["carry_over"]]
    assert quotes[:3] == [C.Q_HEALTH, C.Q_KARMA, C.Q_CARDS] and C.Q_UPGRADE_BAD in quotes
    q7 = quest_table(client, campaign, started)
    clear_the_deck(q7)
    kill_every_demon(q7)
    assert q7.result()["outcome"] == "heroic_victory"
    killed_by_monkey = q7.G["pilgrims"]["monkey_king"]["bad_karma"]

    # Quest 8: a third Quest, the weapon fully upgraded: only a Corruption Card
    started = start_quest(client, campaign, {"quest": "q8", "upgrades": one_each(
        monkey_king={"bad_karma": 10, "corruption": "Curse of the Dead"})})
    monkey = started["state"]["pilgrims"]["monkey_king"]
    assert monkey["weapon_level"] == 3 and monkey["corruption"][-1] == "Curse of the Dead"
    assert monkey["bad_karma"] == killed_by_monkey
    assert C.Q_FULLY_UPGRADED in [e["rule"]["quote"] for e in started["carry_over"]]

    shown = client.get(f"/api/campaigns/{campaign['id']}").get_json()
    assert shown["next"] == []  # Quest 8 is not over
    assert [q["quest"] for q in shown["quests"]] == ["q6", "q7", "q8"]
    assert [q["result"]["outcome"] if q["result"] else None for q in shown["quests"]] == [
        "heroic_victory", "heroic_victory", None]
    assert shown["quests"][1]["start"]["monkey_king"]["weapon_level"] == 3
    page = client.get(f"/play/campaigns/{campaign['id']}").get_data(as_text=True)
    assert "Quest 7 - Demon Army" in page and "Curse of the Dead" in page


def test_ruling_no_upgrade_for_pilgrims_who_earned_theirs(client):
    campaign = new_campaign(client, options={"pilgrim_profiles": PROFILES,
                                             "demon_profiles": LORDS},
                            rulings={"quest_upgrades": "earned_only"})
    started = start_quest(client, campaign, {"quest": "q6"})
    assert started["carry_over"][0]["rule"]["quote"] == C.Q_EARNED
    assert started["state"]["pilgrims"]["monkey_king"]["weapon_level"] == 1


def test_quest_10_part_two_continues_part_one_unchanged(client):
    campaign = new_campaign(client, ("Solo",), options={"pilgrim_profiles": PROFILES,
                                             "demon_profiles": LORDS,
                                             "initiative": ["monk_sha", "tripitaka",
                                                            "monkey_king", "cho_hakkai"]})
    two_each = {name: [{"good_karma": 10, "card": f"{name} 1"},
                       {"bad_karma": 10, "corruption": "Permanent Limp"}] for name in PILGRIMS}
    wrong = client.post(f"/api/campaigns/{campaign['id']}/quests",
                        json={"quest": "q10a", "upgrades": one_each()},
                        headers=auth(campaign["edit_token"]))
    assert refused_quote(wrong) == C.Q_TWO_UPGRADES
    part_one = quest_table(client, campaign,
                           start_quest(client, campaign, {"quest": "q10a", "upgrades": two_each}))
    part_one.do("maintenance")
    part_one.do("collect_sutra", pilgrim="monk_sha", sutra="sutra-1")
    part_one.do("collect_sutra", pilgrim="monk_sha", sutra="sutra-2")
    part_one.do("collect_sutra", pilgrim="tripitaka", sutra="sutra-3")
    part_one.do("rescue_villager", pilgrim="tripitaka", villager="villager-1")
    part_one.do("collect_sutra", pilgrim="monkey_king", sutra="sutra-4")
    part_one.do("move", pilgrim="monkey_king", steps=1)  # onto the Fiery Bridge
    part_one.do("fiery_bridge", pilgrim="monkey_king")
    assert part_one.result()["outcome"] == "heroic_victory"
    ended = part_one.G["pilgrims"]

    wrong = client.post(f"/api/campaigns/{campaign['id']}/quests",
                        json={"quest": "q10b", "options": {"initiative": list(PILGRIMS)}},
                        headers=auth(campaign["edit_token"]))
    assert refused_quote(wrong) == C.Q_SAME_INITIATIVE
    started = start_quest(client, campaign, {"quest": "q10b"})
    pilgrims = started["state"]["pilgrims"]
    assert started["state"]["initiative"] == ["monk_sha", "tripitaka", "monkey_king",
                                              "cho_hakkai"]
    assert pilgrims["tripitaka"]["sutras"] == 4 and pilgrims["monk_sha"]["sutras"] == 0
    assert pilgrims["tripitaka"]["villagers"] == 0
    assert pilgrims["tripitaka"]["good_karma"] == ended["tripitaka"]["good_karma"] == 3
    assert [pilgrims[n]["weapon_level"] for n in PILGRIMS] == [2, 2, 2, 2]
    assert started["carry_over"][0]["rule"]["quote"] == C.Q_PART_TWO


def test_part_two_never_follows_a_lost_part_one_nor_another_quest(client):
    campaign = new_campaign(client, ("Solo",), options={"pilgrim_profiles": PROFILES,
                                                        "demon_profiles": LORDS})
    two_each = {name: [{"good_karma": 10, "card": "a"}, {"good_karma": 10, "card": "b"}]
                for name in PILGRIMS}
    part_one = quest_table(client, campaign,
                           start_quest(client, campaign, {"quest": "q10a", "upgrades": two_each}))
    part_one.do("maintenance")
    part_one.do("move", pilgrim="monkey_king", steps=1)  # onto the Fiery Bridge
    part_one.do("fiery_bridge", pilgrim="monkey_king")
    assert part_one.result()["outcome"] == "defeat"
    wrong = client.post(f"/api/campaigns/{campaign['id']}/quests", json={"quest": "q10b"},
                        headers=auth(campaign["edit_token"]))
    assert refused_quote(wrong) == C.Q_PART_ONE_LOST
    again = start_quest(client, campaign, {"quest": "q10a"})  # its Upgrades were given
    assert C.Q_REPLAY in [effect["rule"]["quote"] for effect in again["carry_over"]]
    other = new_campaign(client, options={"pilgrim_profiles": PROFILES, "demon_profiles": LORDS})
    first = quest_table(client, other, start_quest(client, other, {"quest": "free",
                                                                    "position": BOARD}))
    first.do("quest_result", outcome="victory", condition="won")
    wrong = client.post(f"/api/campaigns/{other['id']}/quests", json={"quest": "q10b"},
                        headers=auth(other["edit_token"]))
    assert refused_quote(wrong) == C.Q_PART_TWO


def test_cards_drawn_or_discarded_between_quests(client):
    campaign = new_campaign(client)
    first = start_quest(client, campaign, {"quest": "free", "position": {
        **BOARD, "pilgrims": {"monk_sha": {"hand": ["Spirit of Fortune"],
                                           "fortune": ["Wild Herbs"]}}}})
    play(client, campaign["edit_token"], first,
         {"type": "quest_result", "player": "p1", "outcome": "victory", "condition": "won"})
    answer = client.post(f"/api/campaigns/{campaign['id']}/quests", json={
        "quest": "free", "position": BOARD, "adjust": {"monk_sha": {"discard": ["Iron Skin"]}}},
        headers=auth(campaign["edit_token"]))
    assert refused_quote(answer) == C.Q_ADJUST
    second = start_quest(client, campaign, {
        "quest": "free", "position": BOARD,
        "adjust": {"monk_sha": {"discard": ["Spirit of Fortune", "Wild Herbs"],
                                "draw": ["Brotherhood of the Skull"]}}})
    monk = second["state"]["pilgrims"]["monk_sha"]
    assert monk["skills"] == ["Brotherhood of the Skull"] and monk["fortune"] == []
    assert [e["rule"]["quote"] for e in second["carry_over"]][-3:] == [C.Q_ADJUST] * 3

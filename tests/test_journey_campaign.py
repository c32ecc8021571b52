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


def new_campaign(client, **extra):
    answer = client.post("/api/campaigns", json={
        "game": "journey", "players": ["Ann", "Ben"],
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
    assert C.BOOK[-1][0] == C.PART_TWO and len(C.ORDER) == 11
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

"""The Quest framework (referee/journey/quests/): the registry, Conditions as data (sets, timed, no
longer possible), the automatic end with the Condition quoted, the view, and every quote of every
Quest verbatim in the rulebook and found in that Quest's own section."""

import ast
from pathlib import Path

import pytest

from referee.core import Citation, engine
from referee.journey import Game
from referee.journey import quests as Q
from rulebook_index import corpus, sections

PILGRIMS = ("monkey_king", "cho_hakkai", "monk_sha", "tripitaka")
MK, CH, MS, TP = PILGRIMS
PROFILES = {MK: {"max_hp": 10}, CH: {"max_hp": 12, "mv": 3}, MS: {"max_hp": 9},
            TP: {"max_hp": 8, "mv": 3}}
DEMONS = {"berrok": {"hp": 4, "sp": 2, "gkr": 2, "bkr": 2, "attack_dice": 2},
          "boof": {"hp": 6, "sp": 3, "gkr": 3, "bkr": 3, "attack_dice": 3},
          "bharhaz": {"hp": 4, "sp": 2, "gkr": 2, "bkr": 2, "attack_dice": 2},
          "borrack": {"hp": 7, "sp": 3, "gkr": 3, "bkr": 3, "attack_dice": 2},
          "kogaiji": {"hp": 9, "sp": 3, "gkr": 4, "bkr": 4}}
HIT = {"attack_dice": [3, 3], "pilgrim_die": 1, "weapon_damage": 1}  # 7 damage: a One Hit Kill
MISS = {"attack_dice": [0, 0], "pilgrim_die": 0, "weapon_damage": 0}
QUEST_DIR = Path(Q.__file__).parent


class QuestTable:
    """A Quest played through the HTTP API, as a table's phones would enter it."""

    def __init__(self, client, quest, position=None, players=("Solo",), **options):
        self.client = client
        self.title = Q.QUESTS[quest].title
        body = {"game": "journey", "players": list(players),
                "options": {"quest": quest, "pilgrim_profiles": PROFILES,
                            "demon_profiles": DEMONS, **options}}
        if position is not None:
            body["position"] = position
        answer = client.post("/api/sessions", json=body)
        assert answer.status_code == 201, answer.get_json()
        self.session = answer.get_json()
        self.seq = self.session["seq"]

    def post(self, type_, player="p1", **fields):
        return self.client.post(f"/api/sessions/{self.session['id']}/events",
                                headers={"Authorization": f"Bearer {self.session['edit_token']}"},
                                json={"event": {"type": type_, "player": player, **fields},
                                      "expected_seq": self.seq})

    def do(self, type_, player="p1", **fields) -> list[str]:
        answer = self.post(type_, player, **fields)
        assert answer.status_code == 200, (type_, fields, answer.get_json())
        body = answer.get_json()
        self.seq = body["seq"]
        return [effect["text"] for effect in body.get("effects", [])]

    def refuse(self, quote, type_, player="p1", **fields) -> str:
        answer = self.post(type_, player, **fields)
        assert answer.status_code == 422, (type_, fields, answer.get_json())
        error = answer.get_json()["error"]
        # a sentence printed in several Quests is widened until it is found in its own Quest
        assert error["rule"]["quote"] == Q.printed_in(self.title, quote), error
        assert error["rule"]["section_id"], error
        return error["message"]

    def view(self) -> dict:
        return self.client.get(f"/api/sessions/{self.session['id']}").get_json()

    @property
    def G(self):
        return self.view()["state"]

    def end(self, *names):
        for name in names:
            self.do("end_activation", pilgrim=name)

    def to_demon_phase(self):
        """Maintenance, then every Pilgrim still to act ends its activation."""
        if self.view()["phase"] == "maintenance":
            self.do("maintenance")
        while (activation := self.G["activation"]) is not None:
            self.do("end_activation", pilgrim=activation["pilgrim"])

    def quiet_demon_phase(self, spawns=None):
        """The rest of a Demon Phase as legal offers it: each Gate draws a Minion card (`spawns`:
        the Demons placed per Gate, default one Berrok), every Demon takes its Plan 4 move."""
        while self.view()["phase"] in ("demons_spawn", "demons_activate"):
            offered = self.view()["legal"]
            kinds = {e["type"]: e for e in offered}
            if "measure" in kinds:
                of = kinds["measure"]["of"]
                names = self.G["demons"] if of == "demons" else self.G["gates"]
                self.do("measure", of=of, distances={n: i + 1 for i, n in enumerate(names)})
            elif "spawn" in kinds:
                gate = kinds["spawn"]["gate"]
                self.do("spawn", gate=gate, card="reinforcement",
                        demons=(spawns or {}).get(gate, ["berrok"]))
            elif "demon_plan" in kinds:
                self.do("demon_plan", demon=kinds["demon_plan"]["demon"],
                        option=kinds["demon_plan"]["option"])
            else:
                self.do("demon_options", demon=kinds["demon_options"]["demon"], options=[])

    def quiet_turn(self, spawns=None):
        """A whole Turn in which nobody acts: the Pilgrims end their activations, the Demons
        spawn and move, the End of Turn Phase."""
        self.to_demon_phase()
        self.quiet_demon_phase(spawns)
        self.do("end_turn")

    def conditions(self) -> dict:
        return {c["outcome"] + ":" + c["quote"][:30]: c["status"]
                for c in self.view()["scores"]["quest"]["conditions"]}

    def status(self, outcome) -> list[str]:
        return [c["status"] for c in self.view()["scores"]["quest"]["conditions"]
                if c["outcome"] == outcome]

    def result(self) -> dict | None:
        return self.G["result"]


def start(quest, position=None, **options):
    body = {"players": ["Solo"], "options": {"quest": quest, "pilgrim_profiles": PROFILES,
                                             "demon_profiles": DEMONS, **options},
            "position": position or {}}
    return engine.start(Game, engine.check_setup(Game, body))


# -- the registry and the declarations ----------------------------------------------------------------

def test_the_quest_option_lists_free_play_and_the_quests_in_order():
    keys = list(Q.QUESTS)
    assert keys[0] == "free" and keys[1] == "q1"
    assert Game.options["quest"].schema["enum"] == keys
    assert Game.options["quest"].default == "free"
    numbers = [quest.number for quest in Q.QUESTS.values() if quest.number]
    assert numbers == sorted(numbers)


@pytest.mark.parametrize("key", [k for k in Q.QUESTS if k != "free"])
def test_each_quest_declares_its_conditions_and_quotes_its_own_section(key):
    quest = Q.QUESTS[key]
    text = corpus.rulebook_text("journey")
    assert quest.title in text and quest.ends and quest.victory and quest.defeats
    quoted = [c.quote for c in quest.conditions()]
    quoted += [rule.quote for rule in quest.rules]
    quoted += [c.quote for option in quest.options.values() for c in option.citations]
    for quote in quoted:
        assert quote in text, quote
        section = sections.locate("journey", quote)
        assert section is not None, quote
    for condition in quest.conditions():  # Conditions are the Quest's own sentences
        assert quest.title in sections.locate("journey", condition.quote).path_text, (
            condition.quote)
    for name in quest.options:
        assert name.startswith(quest.key + "_"), name


def quotes_in_quest_sources() -> set[str]:
    """String constants bound to Q_* names in the quest modules (every quote they can raise)."""
    found = set()
    for path in QUEST_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and isinstance(node.targets[0], ast.Name)
                    and node.targets[0].id.startswith("Q_")):
                value = node.value
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    found.add(value.value)
    return found


def test_every_quote_in_the_quest_modules_is_verbatim_and_resolves():
    text = corpus.rulebook_text("journey")
    quotes = quotes_in_quest_sources()
    assert len(quotes) >= 4 * (len(Q.QUESTS) - 1)
    assert [q for q in quotes if q not in text] == []
    assert [q for q in quotes if sections.locate("journey", q) is None] == []


def test_quest_events_and_options_are_part_of_the_game_declaration():
    for name, event in Q.QUEST_EVENTS.items():
        assert Game.event_types[name] is event.event_type
        engine.check_schema(event.event_type.schema(name, ["p1"]), event.event_type.example,
                            "example")
    for name, option in Q.QUEST_OPTIONS.items():
        assert Game.options[name] is option


# -- the condition machinery ---------------------------------------------------------------------------

class FakeGame:
    def __init__(self, turn=1, turn_ended=False):
        self.G = {"turn": turn, "turn_ended": turn_ended, "quest_state": {"latched": {}}}


def test_a_set_is_met_when_all_its_parts_are_and_gone_when_one_is_gone():
    flags = {"a": True, "b": False, "gone": False}
    condition = Q.all_of("victory", "q", Q.holds("a", lambda g: flags["a"]),
                         Q.holds("b", lambda g: flags["b"], lambda g: flags["gone"]))
    game = FakeGame()
    assert condition.status(game)[0] == Q.NOT_YET
    flags["b"] = True
    assert condition.status(game)[0] == Q.MET
    flags["b"], flags["gone"] = False, True
    status, parts = condition.status(game)
    assert status == Q.GONE and [p["status"] for p in parts] == [Q.MET, Q.GONE]


def test_one_of_is_met_by_any_part_and_gone_only_when_all_are():
    condition = Q.any_of("end", "q", Q.holds("a", lambda g: False, lambda g: True),
                         Q.holds("b", lambda g: False))
    assert condition.status(FakeGame())[0] == Q.NOT_YET
    condition = Q.any_of("end", "q", Q.holds("a", lambda g: False, lambda g: True))
    assert condition.status(FakeGame())[0] == Q.GONE


def test_a_defeat_can_be_the_victory_out_of_reach():
    flags = {"gone": False}
    victory = Q.all_of("victory", "v", Q.holds("seal", lambda g: False, lambda g: flags["gone"]))
    defeat = Q.all_of("defeat", "d", Q.out_of_reach("the seal can no longer be made", victory))
    assert defeat.status(FakeGame())[0] == Q.NOT_YET
    flags["gone"] = True
    assert defeat.status(FakeGame())[0] == Q.MET


def test_a_latched_part_stays_met():
    flag = {"on": True}
    part = Q.holds("revived", lambda g: flag["on"], latched=True)
    game = FakeGame()
    assert Q.evaluate(game, part) == Q.MET
    flag["on"] = False
    assert Q.evaluate(game, part) == Q.MET


def test_a_timed_part_is_met_in_time_and_gone_after_its_turn():
    flag = {"on": False}
    part = Q.by_end_of_turn(5, Q.holds("sealed", lambda g: flag["on"]))
    game = FakeGame(turn=5)
    assert Q.evaluate(game, part) == Q.NOT_YET
    game.G["turn_ended"] = True
    assert Q.evaluate(game, part) == Q.GONE
    late = FakeGame(turn=6)
    flag["on"] = True
    assert Q.evaluate(late, part) == Q.GONE  # met, but too late
    early = FakeGame(turn=3)
    assert Q.evaluate(early, part) == Q.MET
    flag["on"] = False
    early.G["turn"] = 9
    assert Q.evaluate(early, part) == Q.MET  # met at Turn 3: it stays met


# -- the end of the game and the view, through the API ----------------------------------------------

def test_free_play_has_no_conditions_and_the_table_reports_the_result(client):
    table = QuestTable(client, "free", {"gates": [{"id": "gate-1"}]})
    assert table.view()["scores"]["quest"] is None
    table.do("quest_result", outcome="victory", condition="The house is clear.")
    assert table.result()["outcome"] == "victory"


def test_a_quest_is_checked_by_the_referee_not_reported(client):
    table = QuestTable(client, "q1", quest_setup={"house": ["berrok-1", "berrok-2"]})
    table.refuse(Q.Q_CHECKED, "quest_result", outcome="victory", condition="We won.")


def test_the_view_lists_every_condition_with_its_parts_and_status(client):
    table = QuestTable(client, "q1", quest_setup={"house": ["berrok-1", "berrok-2"]})
    quest = table.view()["scores"]["quest"]
    assert quest["title"] == "Quest 1 - Meeting" and quest["key"] == "q1"
    outcomes = [c["outcome"] for c in quest["conditions"]]
    assert outcomes == ["end", "heroic_victory", "victory", "defeat"]
    heroic = quest["conditions"][1]
    assert [p["status"] for p in heroic["parts"]] == ["not_yet"] * 4
    assert table.G["quest_state"]["conditions"] == quest["conditions"]


def test_an_ended_quest_refuses_everything_quoting_the_condition_met(client):
    from referee.journey.quests import q01_meeting as Q1

    table = QuestTable(client, "q1", quest_setup={"house": ["berrok-1"]})
    table.do("maintenance")
    table.do("break_door", pilgrim=MK, door="door-1", opens=["berrok-1"])
    table.do("attack", pilgrim=MK, targets=["berrok-1"], **HIT)
    table.do("resolve_defeat", pilgrim=MK, choice="kill")
    result = table.result()
    assert result["outcome"] == "victory" and result["quote"] == Q1.Q_VICTORY
    assert table.view()["scores"]["decided_by"]["rule"]["quote"] == Q1.Q_VICTORY
    table.refuse(Q1.Q_VICTORY, "rest", pilgrim=CH)


def test_a_setup_that_breaks_the_board_setup_is_a_clear_4xx(client):
    answer = client.post("/api/sessions", json={
        "game": "journey", "players": ["Solo"],
        "options": {"quest": "q1", "pilgrim_profiles": PROFILES,
                    "quest_setup": {"house": ["berrok-1"]}},
        "position": {"gates": [{"id": "g1"}, {"id": "g2"}]}})
    assert answer.status_code == 422  # a player's mistake at setup: the Board Setup line quoted
    assert "places 1 Gate; the position has 2 Gates" in answer.get_json()["error"]["message"]
    assert answer.get_json()["error"]["rule"]["quote"] == "- Gate x 1"
    answer = client.post("/api/sessions", json={
        "game": "journey", "players": ["Solo"],
        "options": {"quest": "q1", "pilgrim_profiles": PROFILES, "quest_setup": {"nope": 1}}})
    assert answer.status_code == 400
    assert answer.get_json()["error"]["field"].startswith("options.quest_setup")


def test_replay_of_a_quest_is_deterministic(client):
    table = QuestTable(client, "q1", quest_setup={"house": ["berrok-1", "berrok-2"]})
    table.do("maintenance")
    table.do("break_door", pilgrim=MK, door="door-1", opens=["berrok-1", "berrok-2"])
    table.do("attack", pilgrim=MK, targets=["berrok-1"], **HIT)
    table.do("resolve_defeat", pilgrim=MK, choice="kill")
    live = table.G
    undone = client.post(f"/api/sessions/{table.session['id']}/undo",
                         headers={"Authorization": f"Bearer {table.session['edit_token']}"},
                         json={"expected_seq": table.seq})
    assert undone.status_code == 200, undone.get_json()
    redone = client.post(f"/api/sessions/{table.session['id']}/redo",
                         headers={"Authorization": f"Bearer {table.session['edit_token']}"},
                         json={"expected_seq": undone.get_json()["seq"]})
    assert redone.status_code == 200, redone.get_json()
    assert table.G == live


def test_the_quest_citation_of_an_option_names_both_passages():
    for quest in Q.QUESTS.values():
        for option in quest.options.values():
            assert len(option.citations) >= 2
            assert all(isinstance(c, Citation) for c in option.citations)
            assert option.default == option.schema["enum"][0]

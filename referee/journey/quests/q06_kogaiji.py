"""Quest 6 - Kogaiji: Gates that wake when a Pilgrim steps on their Map Tile, one Gate at most
sealed (by Closing it, or by the Prayer of Sealing: the card's text is not printed, so which Gate it
seals is the table's, but it counts as the one), the Bull Demon King who attacks but never moves,
and the end when Kogaiji is Defeated.

The Quest Mini-Map is a figure: which Gates stand on which Map Tile is the table's, so a Pilgrim
stepping onto a Map Tile with Gates is entered (`gate_tile`, naming the Gates on it). The Demons in
the room (Kogaiji and the Bull Demon King behind a closed door) are placed with the position's
`inactive_demons`, and wake when the door is broken down, as in the core game.

The helpers at the end (a Quest event that is a Pilgrim's Action, a Demon Lord Defeated) are shared
by Quests 7-10.
"""

from __future__ import annotations

from referee.core import (
    BadRequest,
    Citation,
    EventType,
    Option,
    RuleViolation,
    SetupError,
    citations,
    cites,
)

from . import (
    PRAYER_OF_SEALING,
    Q_ONE_UPGRADE,
    Quest,
    QuestEvent,
    all_of,
    any_of,
    facts,
    gates_in,
    holds,
    pilgrim_down,
    printed_in,
    sutras_held,
)

Q_INACTIVE = "Gate Activation: The Gates are initially inactive."
Q_WAKE = "They become active when a Pilgrim steps on the Map Tile containing the Gate(s)."
Q_SEAL_ONE = "Seal 1 Gate: A maximum of 1 Gate can be sealed, regardless of the means."
Q_KING = ("The Bull Demon King's Actions: The Bull Demon King does not move, but he will attack "
          "any Pilgrim that is in his attack zone/LOS.")
Q_ENDS = "The Quest ends immediately when Kogaiji or Tripitaka is Defeated."
Q_HEROIC = ("Heroic Victory: The Pilgrims must (1) Rescue the Villagers, (2) possess 2 Sutra "
            "Tokens and (3) Defeat Kogaiji.")
Q_VICTORY = "Victory: The Pilgrims must (1) possess 2 Sutra Tokens and (2) Defeat Kogaiji."
Q_DEFEAT = ("Defeat: All other conditions, including Defeating Kogaiji without holding 2 Sutra "
            "Tokens or letting Tripitaka be Defeated.")
Q_AT_LEAST = ("Victory: The Pilgrims must (1) Revive Cho Hakkai, (2) possess at least 2 Sutra "
              "Tokens.")
Q_PRAYER_OF_SEALING = ("Tripitaka - Prayer of Sealing: If a Quest says the Gates cannot be "
                       "sealed, this card cannot be used.")
Q_LORD_DEFEATED = ("There are specific Quest events that are triggered by Defeating Demon Lords. "
                   "Demons are first Defeated, then Killed or Cleansed, so this refers to the "
                   "first step in removing a Demon from play.")
SUTRAS = 2
TOKEN = {"type": "string", "minLength": 1, "maxLength": 40}


# -- helpers Quests 6-10 share ---------------------------------------------------------------------

def pilgrim_acts(game, event, action: str) -> None:
    """A Quest event that is a Pilgrim's Action, named `action` as it is spent (`game.spend`): the
    core's checks of an Action (the active Pilgrim, conscious, not Paralyzed, no trade due, an
    Action Point left...), each raising its own sentence, and Lure of Demons / Curse of the Dead
    ("the same Action twice in one turn"), which counts the Actions by that name."""
    from ..game import _ACT  # the core's checks of every Action, in its order

    if game.phase != "pilgrims":
        raise game.violation("Pilgrims take Actions in the Pilgrim Phase.",
                             game.phase_quote(game.phase))
    for guard in _ACT:
        getattr(game, guard)(event)
    game.not_a_double_action({**event, "type": action})


def may_act(game, event: dict, action: str) -> bool:
    """`pilgrim_acts` passes: the Quest's Action is one `legal` lists."""
    try:
        pilgrim_acts(game, event, action)
    except (RuleViolation, BadRequest):
        return False
    return True


def defeated(game, kind: str) -> str | None:
    """The Demon of this kind a Pilgrim has just Defeated (waiting to be Killed or Cleansed)."""
    pending = game.G["pending"]
    if pending and game.G["demons"].get(pending["demon"], {}).get("type") == kind:
        return pending["demon"]
    return None


def remove_defeated(game, demon: str, quote: str, *others: str) -> None:
    """A Defeated Demon the Quest takes out of play at once (with `others` it removes with it): no
    Kill, no Cleanse, no Karma; the game goes on as after a Kill — the Pilgrim's activation, or the
    Demon Phase when the Asura Seal Defeated it there. `quote`: the Quest's sentence that says so,
    which a Kill or Cleanse entered after it is refused with."""
    game.G["pending"] = None
    for removed in (demon, *others):
        game.G["demons"].pop(removed)
        game.G["removed"].append({"demon": removed, "turn": game.G["turn"],
                                  **({"how": "defeated", "quote": quote} if removed == demon
                                     else {"how": "removed"})})
    game.after_defeat_resolved()


def place(game, kind: str) -> str:
    """A Demon of this kind placed on the board (with the Profile values the table entered)."""
    from ..position import next_demon_id, placed_demon

    G = game.G
    ident = next_demon_id(kind, G["demons"])
    entered = {**((game.option("demon_profiles") or {}).get(kind) or {}),
               **G["entered_profiles"].get(kind, {})}
    G["demons"][ident] = placed_demon(kind, entered)
    return ident


def demons_of(game, kind: str) -> list[str]:
    return [d for d, demon in game.G["demons"].items() if demon["type"] == kind]


def lord_defeated(kind: str, text: str):
    """A latched part: the Demon Lord of this kind was Defeated (the first step)."""
    return holds(text, lambda game: kind in facts(game).get("lords_defeated", []), latched=True)


def record_lord_defeated(game) -> None:
    pending = game.G["pending"]
    if pending:
        kind = game.G["demons"][pending["demon"]]["type"]
        if game.G["demons"][pending["demon"]]["profile"]["lord"]:
            known = facts(game).setdefault("lords_defeated", [])
            if kind not in known:
                known.append(kind)


# -- Quest 6 ---------------------------------------------------------------------------------------

@cites(Q_SEAL_ONE)
def one_gate_sealed(game, event):
    closed = gates_in(game.G, "closed")
    by_prayer = game.G["quest_state"].get("sealed_by_prayer", False)
    prayer = event["type"] == "play_card" and event["card"] == PRAYER_OF_SEALING
    if prayer and len(event.get("seals") or []) > 1:
        return "The Prayer of Sealing can seal only 1 Gate in this Quest."
    if not closed and not by_prayer:
        return True
    sealed = f"{closed[0]} is sealed" if closed else "The Prayer of Sealing has sealed a Gate"
    if event["type"] == "close_gate":
        return f"{sealed}: no other Gate can be."
    if prayer:
        return f"{sealed}: the Prayer of Sealing cannot seal another Gate."
    return True


@cites(Q_KING)
def the_king_does_not_move(game, event):
    """His options, and the moves a card or a Knock Back would give him: "Quest rules override
    Card rules" (Flood Gate), and a Follow is a Move."""
    king = [d for d, demon in game.G["demons"].items() if demon["type"] == "koorogg"]
    if event["type"] == "flood_gate" and any(event["closer"].get(d) for d in king):
        return ("The Bull Demon King does not move: the Flood Gate leaves him where he stands "
                "(Quest rules override Card rules).")
    if event["type"] == "follow" and event["attacker"] in king and (
            event["steps"] or event.get("turns")):
        return "The Bull Demon King does not move: he does not Follow (0 steps)."
    if event["type"] != "demon_options" or event["demon"] not in king:
        return True
    moving = [n for n, option in enumerate(event["options"], 1) if "move" in option["actions"]]
    return not moving or f"Option {moving[0]}: the Bull Demon King does not move."


def possess_two(game) -> bool:
    held = sutras_held(game)
    return held == SUTRAS if game.G["quest_state"]["sutras"] == "exactly" else held >= SUTRAS


def two_out_of_reach(game) -> bool:
    return sutras_held(game) + len(game.G["tokens"]["sutras"]) < SUTRAS


KOGAIJI_DEFEATED = lord_defeated("kogaiji", "Defeat Kogaiji")
TRIPITAKA_DEFEATED = pilgrim_down("tripitaka", "Tripitaka is Defeated")
TWO_SUTRAS = holds("possess 2 Sutra Tokens", possess_two, two_out_of_reach)


class Kogaiji(Quest):
    key = "q6"
    number = 6
    title = "Quest 6 - Kogaiji"
    upgrades, upgrades_quote = 1, printed_in(title, Q_ONE_UPGRADE)
    board = {"gates": 3, "villagers": 1, "sutras": 3, "boxes": 1, "broken_doors": 1, "doors": 2,
             "demons": {"berrok": 2, "kogaiji": 1, "koorogg": 1}}
    tracks_villagers = True
    options = {
        "q6_sutras": Option(
            "Quest 6 table ruling: \"possess 2 Sutra Tokens\". \"exactly\": the Pilgrims hold 2, "
            "as written (Quest 2 says \"at least\" where it means it); \"at_least\": 2 or more.",
            {"enum": ["exactly", "at_least"]}, "exactly",
            citations("journey", Q_VICTORY, Q_AT_LEAST)),
    }
    rules = (one_gate_sealed, the_king_does_not_move)
    event_types = {
        "gate_tile": QuestEvent(EventType(
            "Quests 6: a Pilgrim stepped onto a Map Tile with Gates on it; the Gates on that Map "
            "Tile become active.",
            properties={"pilgrim": {"enum": ["monkey_king", "cho_hakkai", "monk_sha",
                                             "tripitaka"]},
                        "gates": {"type": "array", "items": TOKEN, "minItems": 1,
                                  "maxItems": 5}},
            required=("pilgrim", "gates"),
            example={"type": "gate_tile", "player": "p1", "pilgrim": "monkey_king",
                     "gates": ["gate-1"]}),
            ("pilgrims",)),
    }
    ends = (any_of("end", Q_ENDS, KOGAIJI_DEFEATED, TRIPITAKA_DEFEATED),)
    heroic = all_of("heroic_victory", Q_HEROIC,
                    holds("Rescue the Villagers", lambda game: bool(facts(game)["rescued"])),
                    TWO_SUTRAS, KOGAIJI_DEFEATED)
    victory = all_of("victory", Q_VICTORY, TWO_SUTRAS, KOGAIJI_DEFEATED)
    defeats = (all_of("defeat", Q_DEFEAT, TRIPITAKA_DEFEATED),)
    defeat_at_end = Q_DEFEAT

    @classmethod
    def prepare(cls, G, options, entered):
        cls.villagers_off_board(G)  # rescued before a later Turn: held by a Pilgrim
        closed = gates_in(G, "closed")
        if len(closed) > 1:
            raise SetupError(f"{len(closed)} Gates are sealed", "position.gates",
                             Citation("journey", Q_SEAL_ONE))
        G["quest_state"].update({"sutras": options.get("q6_sutras", "exactly"),
                                 "sealed_by_prayer": False})
        for gate in G["gates"].values():
            if gate["status"] == "active" and G["turn"] == 1:
                gate["status"] = "inactive"

    @classmethod
    def after_event(cls, game, event=None):
        record_lord_defeated(game)
        if event and event["type"] == "play_card" and event["card"] == PRAYER_OF_SEALING:
            game.G["quest_state"]["sealed_by_prayer"] = True
            game.effect("The Prayer of Sealing seals a Gate: it is the one Gate this Quest lets "
                        "the Pilgrims seal.", Q_SEAL_ONE)
        if (event and event["type"] == "demon_plan"
                and game.G["demons"].get(event["demon"], {}).get("type") == "koorogg"
                and game.G["demon_phase"]["current"] is None):
            game.effect("The Bull Demon King does not move: he stays where he stands.", Q_KING)
        super().after_event(game, event)

    @classmethod
    def own_legal(cls, game):
        asleep = [g for g, gate in game.G["gates"].items() if gate["status"] == "inactive"]
        activation = game.activation()
        if not asleep or activation is None:
            return []
        return [{"type": "gate_tile", "player": game.G["controllers"][activation["pilgrim"]],
                 "pilgrim": activation["pilgrim"], "open": ["gates"]}]

    @classmethod
    def event_gate_tile(cls, game, event):
        for name in ("controls_pilgrim", "conscious"):
            getattr(game, name)(event)
        activation = game.activation()
        if activation is None or activation["pilgrim"] != event["pilgrim"]:
            raise game.violation("A Pilgrim steps onto a Map Tile when he Moves, in his "
                                 "activation.", Q_WAKE)
        for gate in event["gates"]:
            status = game.G["gates"].get(gate, {}).get("status")
            if status is None:
                raise BadRequest(f"there is no Gate named {gate}", "event.gates")
            if status == "inactive":
                game.G["gates"][gate]["status"] = "active"
                game.effect(f"{game.name_of(event['pilgrim'])} steps onto the Map Tile of "
                            f"{gate}: it becomes active.", Q_WAKE)


QUEST = Kogaiji

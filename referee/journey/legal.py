"""What can be done now (`legal`), the standings (`scores`) and the end-of-Quest calculator.

Every complete event listed passes all of its type's guards; an event with values only the table
knows (dice, a card drawn, a distance measured) is listed with those fields "open". The Demon AI's
choice is listed complete, as one tap.
"""

from __future__ import annotations

from referee.core import BadRequest, RuleViolation
from referee.core.engine import PLAYER_NAME

from .profiles import PILGRIM_NAMES, PILGRIMS, fortune_card, skill_card
from .rules import (
    Q_BAD_KARMA_WHEEL,
    Q_CHI_WHEEL,
    Q_CONDITION_BESIDE,
    Q_COOPERATIVE,
    Q_DEAD,
    Q_END,
    Q_GOOD_KARMA_WHEEL,
    Q_HEALTH_TRACK,
    Q_PILGRIM_DEFEATED,
    Q_QUEST_FAIL,
)

OUTCOMES = ("heroic_victory", "victory", "defeat")


def passes(game, kind: str, event: dict, guards=None) -> bool:
    from .game import EVENT_RULES

    sources, all_guards = EVENT_RULES[kind]
    if not any(game.phase == s or game.phase.startswith(f"{s}_") for s in sources):
        return False
    try:
        for guard in guards if guards is not None else all_guards:
            if getattr(game, guard)(event) is False:
                return False
    except (RuleViolation, BadRequest, KeyError):
        return False
    return True


def legal_events(game) -> list[dict]:
    if game.game_over:
        return []
    G, phase = game.G, game.phase
    seat_of = G["controllers"]
    # "If you cannot decide as a group, the Player controlling Tripitaka decides."
    table = seat_of["tripitaka"]
    out: list[dict] = []
    if phase == "maintenance":
        out.append({"type": "maintenance", "player": table})
    elif phase == "end":
        out.append({"type": "end_turn", "player": table})
        if game.may_stand_on_red():
            out.append({"type": "end_turn", "player": table, "open": ["on_red_square"]})
    elif phase == "pilgrims":
        out.extend(pilgrim_events(game))
    elif phase == "demons_spawn":
        if game.flood_gate_due():
            for gate in game.flood_gate_gates():
                out.append({"type": "flood_gate", "player": table, "gate": gate,
                            "open": ["closer"]})
        elif game.needs_measure("gates"):
            out.append({"type": "measure", "player": table, "of": "gates", "open": ["distances"]})
        else:
            for gate in game.closest(game.gates_to_spawn(), G["demon_phase"]["gate_distances"]):
                out.append({"type": "spawn", "player": table, "gate": gate,
                            "open": ["card", "demons"]})
    elif phase == "demons_activate":
        out.extend(demon_events(game, table))
    follow = G.get("follow")
    if follow:
        attacker = follow["attacker"]
        seat = seat_of.get(attacker, table)
        for event in ({"type": "follow", "player": seat, "attacker": attacker, "steps": 0},
                      {"type": "follow", "player": seat, "attacker": attacker,
                       "open": ["steps", "blue", "red"]}):
            probe = {"steps": 1, **{k: v for k, v in event.items() if k != "open"}}
            if passes(game, "follow", probe, ["quest_rules", "follow_after_knock_back",
                                              "demon_follows_to_attack_again"]):
                out.insert(0, event)
    for name in PILGRIMS:
        pilgrim = G["pilgrims"][name]
        for due in game.trades_due(name):
            event = {"type": "karma_trade", "player": seat_of[name], "pilgrim": name,
                     "kind": due.lower()}
            drawn = "card" if due == "Good" else "corruption" if game.corruption_cards_left() else None
            out.append({**event, "open": [drawn]} if drawn else event)
        for card in sorted(set(pilgrim["misfortunes_due"])):
            out.append({"type": "misfortune", "player": seat_of[name], "pilgrim": name,
                        "card": card, "open": ["lose", "condition"]})
    out.extend(card_events(game))
    for creature in G.get("neutral_creatures") or []:
        out.append({"type": "creature_attack", "player": table, "creature": creature,
                    "open": ["target", "attack_dice"]})
    out.append({"type": "quest_result", "player": table, "open": ["outcome", "condition"]})
    return out


def spin_cards(game) -> list[dict]:
    """The cards a Pilgrim holds that affect a Fortune Wheel spin (Spirit of Fortune: "This can only
    be used to affect any Fortune Wheel spin."), as an event's `cards` enters them: played before
    the spin, as a card that names no time ("it can be played at almost any point in the game")."""
    return [{"pilgrim": name, "card": card, "timing": "anytime", "played": "before_roll"}
            for name, pilgrim in game.G["pilgrims"].items() if pilgrim["status"] == "active"
            and not game.has_condition(name, "paralyzed")
            for card in dict.fromkeys(pilgrim["skills"])
            if skill_card(card)["effect"] == "fortune_wheel_spin"
            and skill_card(card)["pilgrim"] in (None, name)]


# What a Skill Card the book describes needs entered when it is played (beyond its cost, which no
# card prints here), and a value that lets the probe past the guards that require it.
CARD_FIELDS = {"takes_fortune": {"draws": "Wild Herbs"}, "extra_move": {"move": {"steps": 0}},
               "seals_gates": {"seals": []}, "attack_reflected": {"duration": "end_of_turn"},
               "om_chant": {"duration": "end_of_turn"}, "enters_room": {"duration": "this_action"}}
PLAY_GUARDS = ["controls_pilgrim", "conscious", "not_paralyzed", "card_in_hand",
               "card_from_own_deck", "card_as_printed", "card_action_limit",
               "card_ap_gain_while_active"]


def card_events(game) -> list[dict]:
    """Every card a Pilgrim holds that can be played now: "If a card does not mention a specific
    time it can be played, it can be played at almost any point in the game." Listed with what the
    table reads off the card still open (its cost; its gain and duration where the book prints
    none); cards used inside another event (an Attack's, a spin's) are listed with that event."""
    out = []
    for name, pilgrim in game.G["pilgrims"].items():
        seat = game.G["controllers"][name]
        held = [("skill", card) for card in dict.fromkeys(pilgrim["skills"])]
        held += [("fortune", card) for card in dict.fromkeys(pilgrim["fortune"])]
        for kind, card in held:
            event = {"type": "play_card", "player": seat, "pilgrim": name, "card": card,
                     "kind": kind}
            if kind == "skill":
                effect = skill_card(card)["effect"]
                filler = CARD_FIELDS.get(effect, {})
                opened = ["cost", *filler] if effect else ["cost", "gain", "duration"]
            else:
                printed = fortune_card(card)
                filler = {}
                opened = (["selects", "discards"] if printed["selects_skill"]
                          else [] if printed["gain"] else ["gain", "duration"])
            if passes(game, "play_card", {**event, **filler}, PLAY_GUARDS):
                out.append({**event, "open": opened} if opened else event)
    return out


def defeat_events(game) -> list[dict]:
    """Kill or Cleanse the Demon just Defeated (by a Pilgrim's attack, or the Asura Seal)."""
    G = game.G
    pending = G["pending"]
    name = pending["pilgrim"]
    seat = G["controllers"][name]
    kill = {"type": "resolve_defeat", "player": seat, "pilgrim": name, "choice": "kill"}
    if G["demons"][pending["demon"]]["profile"].get("bkr") is None:
        kill["open"] = ["reward"]
    return [kill, {"type": "resolve_defeat", "player": seat, "pilgrim": name,
                   "choice": "cleanse", "open": ["cleanse_dice"]}]


def pilgrim_events(game) -> list[dict]:
    G = game.G
    if G["pending"]:
        return defeat_events(game)
    activation = G["activation"]
    if activation is None:
        return []
    name = activation["pilgrim"]
    seat = G["controllers"][name]
    base = {"player": seat, "pilgrim": name}
    complete = [{"type": "end_activation", **base}, {"type": "rest", **base}]
    complete += [{"type": "break_door", **base, "door": d} for d in G["tokens"]["doors"]]
    complete += [{"type": "collect_sutra", **base, "sutra": s} for s in G["tokens"]["sutras"]]
    complete += [{"type": "give_sutra", **base, "to": other} for other in G["pilgrims"]
                 if other != name]
    complete += [{"type": "rescue_villager", **base, "villager": v}
                 for v in G["tokens"]["villagers"]]
    complete += [{"type": "recover", **base, "well": w} for w in G["tokens"]["wells"]]
    complete += [{"type": "close_gate", **base, "gate": g} for g, gate in G["gates"].items()
                 if gate["status"] != "closed"]
    out = [event for event in complete if passes(game, event["type"], event)]
    from .game import _ACT

    # "Instead of performing two single moves, make one move of double the Movement Points."
    opened = [{"type": "move", **base, **({"action_points": points} if points > 1 else {}),
               "open": ["steps", "turns", "blue", "red"]} for points in (1, 2, 3)]
    opened += [{"type": "attack", **base, "targets": [d], "open": ["attack_dice", "pilgrim_die",
                                                                   "weapon_damage"]}
               for d, demon in G["demons"].items()]
    if activation["strikes"]:
        opened += [{"type": "attack", **base, "targets": [d], "same_action": True,
                    "open": ["attack_dice", "pilgrim_die", "weapon_damage"]} for d in G["demons"]]
    drawn = ["card"] if game.fortune_cards_left() else []  # none left: a Pray draws nothing
    opened += [{"type": kind, **base, "box": b, **({"open": fields} if fields else {})}
               for b in G["tokens"]["boxes"]
               for kind, fields in (("pray", drawn),
                                    ("meditate", ["spinner", "seen", "kept", "misfortune"]))]
    opened += [{"type": "meditate", **base, "box": b, "cards": [card],
                "open": ["spinner", "seen", "kept", "misfortune"]}
               for b in G["tokens"]["boxes"] for card in spin_cards(game)]
    opened += [{"type": "revive", **base, "target": p, "open": ["hp", "chi"]}
               for p, pilgrim in G["pilgrims"].items() if pilgrim["status"] == "unconscious"
               # "To perform the action, Tripitaka must have at least 1 Action and 2 Health Points."
               and name == "tripitaka" and G["pilgrims"][name]["hp"] >= 2]
    opened += [{"type": "master_skill", **base, "open": ["card", "discarded"]}]
    extra = {"move": ["not_a_double_action"],
             "attack": ["not_disabled", "not_a_double_action", "further_attack",
                        "target_in_range"],
             "pray": ["box_once_per_activation", "not_a_double_action"],
             "meditate": ["box_once_per_activation", "not_a_double_action"],
             "master_skill": ["master_once", "not_a_double_action", "good_karma_for_skill"],
             "revive": ["tripitaka_revives", "not_a_double_action"]}
    for event in opened:
        probe = {k: v for k, v in event.items() if k != "open"}
        if passes(game, event["type"], probe, [*_ACT, *extra.get(event["type"], [])]):
            out.append(event)
    return out


def demon_events(game, table: str) -> list[dict]:
    G = game.G
    if G["pending"]:
        return defeat_events(game)
    current = G["demon_phase"]["current"]
    replanning = G["demon_phase"].get("replanning")
    if current is None and replanning:
        return [{"type": "demon_options", "player": table, "demon": replanning["demon"],
                 "open": ["options"]}]
    if current is None:
        if game.needs_measure("demons"):
            return [{"type": "measure", "player": table, "of": "demons", "open": ["distances"]}]
        out = []
        for demon in game.closest(game.demons_to_activate(), G["demon_phase"]["demon_distances"]):
            out.append({"type": "demon_options", "player": table, "demon": demon, "options": []})
            out.append({"type": "demon_options", "player": table, "demon": demon,
                        "open": ["options"]})
        return out
    if current["plan"] is None:
        return [{"type": "demon_plan", "player": table, "demon": current["demon"], "option": n}
                for n in current["best"]]
    if (G.get("follow") or {}).get("must"):  # it Follows before attacking again
        return []
    profile = G["demons"][current["demon"]]["profile"]
    fields = ["attack_dice", *(["demon_die"] if profile.get("demon_die") else []), "defense_dice"]
    return [{"type": "demon_attack", "player": table, "demon": current["demon"], "target": t,
             "open": fields} for t in dict.fromkeys(current["attacks"])]


# -- standings -----------------------------------------------------------------------------------------

def standings(game) -> dict:
    G = game.G
    cite = game.cite
    health_rule = {"active": Q_HEALTH_TRACK, "unconscious": Q_PILGRIM_DEFEATED, "dead": Q_DEAD}
    players = []
    for player in game.players:
        lines = []
        for name in PILGRIMS:
            if G["controllers"][name] != player["seat"]:
                continue
            pilgrim, label = G["pilgrims"][name], PILGRIM_NAMES[name]
            state = pilgrim["status"] if pilgrim["status"] != "active" else "standing"
            # a Pilgrim's statistics are his state, not points (finding 116): shown in `counts`
            lines += [
                {"label": f"{label}: Health Points", "points": 0,
                 "counts": f"{pilgrim['hp']}/{pilgrim['profile']['max_hp']} ({state})",
                 "rule": cite(health_rule[pilgrim["status"]]).to_json()},
                {"label": f"{label}: Chi", "points": 0,
                 "counts": f"{pilgrim['chi']}/{pilgrim['profile']['max_chi']}",
                 "rule": cite(Q_CHI_WHEEL).to_json()},
                {"label": f"{label}: Good Karma", "points": 0,
                 "counts": str(pilgrim["good_karma"]),
                 "rule": cite(Q_GOOD_KARMA_WHEEL).to_json()},
                {"label": f"{label}: Bad Karma", "points": 0,
                 "counts": f"{pilgrim['bad_karma']} (weapon Level {pilgrim['weapon_level']})",
                 "rule": cite(Q_BAD_KARMA_WHEEL).to_json()},
            ]
            for condition in pilgrim["conditions"]:
                left = (condition["duration"] - condition["tokens"]
                        if condition["duration"] is not None else None)
                lines.append({"label": f"{label}: {condition['name']}", "points": 0,
                              "counts": f"{left} turns left" if left is not None else "in effect",
                              "rule": cite(Q_CONDITION_BESIDE).to_json()})
        players.append({"seat": player["seat"], "name": player["name"], "total": 0,
                        "breakdown": lines})
    result = G["result"]
    if result is None:
        held = [f"{game.name_of(d)} {c['name']} ({c['duration'] - c['tokens']} turns left)"
                for d, demon in G["demons"].items() for c in demon.get("conditions") or []]
        decided = {"text": f"Turn {G['turn']}: the Quest goes on. Cooperative: the Pilgrims win or "
                           f"lose as a team. Demons on the board: {len(G['demons'])}."
                           + (f" Condition Cards on Demons: {', '.join(held)}." if held else ""),
                   "rule": cite(Q_COOPERATIVE).to_json()}
        winners = []
    else:
        decided = {"text": f"{result['outcome'].replace('_', ' ').title()}: {result['text']}",
                   "rule": cite(result["quote"]).to_json()}
        winners = ([p["seat"] for p in game.players] if result["outcome"] != "defeat" else [])
        for player in players:  # the calculator's line and total, on the same outcome
            line = outcome_line(game, result["outcome"])
            player["breakdown"].insert(0, line)
            player["total"] = line["points"]
    return {"players": players, "winners": winners, "decided_by": decided}


def outcome_line(game, outcome: str) -> dict:
    """A Player's line for how the Quest ended: 1 for a win (every Player), 0 for a Defeat."""
    return {"label": outcome.replace("_", " "), "points": 0 if outcome == "defeat" else 1,
            "rule": game.cite(Q_COOPERATIVE).to_json()}


SCORE_SCHEMA = {
    "type": "object",
    "description": "The end of a Quest: who played and how it ended. Cooperative, so everyone "
                   "wins or loses together.",
    "properties": {
        "players": {"type": "array", "minItems": 1, "maxItems": 4, "items": PLAYER_NAME},
        "outcome": {"enum": list(OUTCOMES)},
    },
    "required": ["players", "outcome"],
    "additionalProperties": False,
    "examples": [{"players": ["Ann", "Ben"], "outcome": "victory"}],
}


def calculator(game, tallies: dict) -> dict:
    seats = [f"p{n}" for n in range(1, len(tallies["players"]) + 1)]
    won = tallies["outcome"] != "defeat"
    quote = Q_END if won else Q_QUEST_FAIL
    line = outcome_line(game, tallies["outcome"])
    return {
        "players": [{"seat": s, "name": n, "total": line["points"], "breakdown": [line]}
                    for s, n in zip(seats, tallies["players"], strict=True)],
        "winners": seats if won else [],
        "decided_by": {"text": ("The Pilgrims win together." if won
                                else "The Pilgrims fail the Quest together."),
                       "rule": game.cite(quote).to_json()},
    }

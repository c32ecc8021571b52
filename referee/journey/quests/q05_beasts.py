"""Quest 5 - Beasts: Kei Lun, a maddened Heavenly Creature with its own AI, calmed by Tripitaka's
Healing Trance once every Demon is gone.

Kei Lun is not a Demon: he is kept in `G["quest_state"]["kei_lun"]`. His one Action comes directly
after the Pilgrims (the referee holds the Pilgrim Phase until it is entered, event `kei_lun`): he
attacks every Pilgrim in range with LOS, or, with none, moves as the Pilgrim Die says. The board
facts (who is in range, what he pushes or tramples) are entered; his dice are entered as rolled.
"""

from __future__ import annotations

from referee.core import BadRequest, EventType, cites

from ..combat import Q_RED_DEMONS
from ..rules import Q_RED_ENTERED
from . import (
    Quest,
    QuestEvent,
    all_alive,
    all_of,
    any_of,
    holds,
    pilgrim_down,
    sutras_available,
    sutras_held,
)
from .common import kei_lun_acts_by_his_own_event

Q_KEI_LUN = ("Kei Lun's Actions: Kei Lun will take 1 Action each turn, directly after the "
             "Pilgrims have been.")
Q_ATTACK_OR_MOVE = ("He will attack all Pilgrims in range/LOS or, if there are no attacks to be "
                    "made, he will move as described below.")
Q_RANDOM = "Move Kei Lun at random. Roll the Pilgrim Die:"
Q_STILL = "- X: Kei Lun stays still."
Q_FORWARD = "- 1: Kei Lun moves one square forwards."
Q_RIGHT = "- 2: Turn Kei Lun 90° to his right."
Q_LEFT = "- 3: Turn Kei Lun 90° to his left."
Q_PUSH = ("If Kei Lun moves forwards when a Demon or Pilgrim is in front of him, move the other "
          "Miniature one square too, as if the Miniature is pushed back.")
Q_BLOCKED = ("If obstacles or the edge of the board prevent Kei Lun (and/or the Miniatures he "
             "pushes) moving, turn Kei Lun through 180° instead.")
Q_DESTRUCTION = ("Destruction: Kei Lun can move onto the Mystical Box, the Sutra, and the Well. If "
                 "he does, remove them from the board, they are destroyed.")
Q_DEMONS_IGNORE = ("The Demons do not attack Kei Lun and move around him as if he were a normal "
                   "obstacle.")
Q_CALM = ("Calming Influence: Tripitaka must calm Kei Lun by using the Healing Trance when all the "
          "Demons have been removed from play.")
Q_TRANCE_EARLY = "However, he can use Healing Trance as usual earlier in the Quest, if required."
Q_ENDS = ("The Quest ends immediately when Tripitaka calms Kei Lun or when Tripitaka is "
          "Defeated.")
Q_HEROIC = ("Heroic Victory: The Pilgrims must (1) not be Killed, (2) possess the Sutra and (3) "
            "Tripitaka must calm Kei Lun.")
Q_VICTORY = "Victory: (1) Tripitaka must calm Kei Lun."
Q_DEFEAT = "Defeat: Tripitaka is Defeated."
KEI_LUN = "kei_lun"  # also his event (Quest 7's Kei Lun, another AI, has kei_lun_ally)
TRANCE = "Healing Trance"
DIE_MOVES = {0: ("stays still", Q_STILL), 1: ("moves one square forwards", Q_FORWARD),
             2: ("turns 90° to his right", Q_RIGHT), 3: ("turns 90° to his left", Q_LEFT)}
FACE = {"enum": [0, 1, 2, 3], "description": "the face rolled: 0 for X, else 1-3"}
DICE = {"type": "array", "items": FACE, "maxItems": 6}
PILGRIM = {"enum": ["monkey_king", "cho_hakkai", "monk_sha", "tripitaka"]}
FIGURE = {"type": "string", "minLength": 1, "maxLength": 40}


def kei_lun(game) -> dict:
    return game.G["quest_state"]["kei_lun"]


def calmed(game) -> bool:
    return kei_lun(game)["calmed"]


def pilgrims_done(game) -> bool:
    return game.phase == "pilgrims" and not game.G["activation"] and not game.G["pending"]


@cites(Q_KEI_LUN)
def kei_lun_after_the_pilgrims(game, event):
    if event["type"] == KEI_LUN and not pilgrims_done(game):
        return "Kei Lun acts directly after the Pilgrims: a Pilgrim is still to act."
    return True


@cites(Q_ATTACK_OR_MOVE)
def kei_lun_attacks_all_in_range(game, event):
    if event["type"] != KEI_LUN:
        return True
    in_range = [p for p in event.get("in_range", []) if game.G["pilgrims"][p]["status"] == "active"]
    attacked = [a["target"] for a in event.get("attacks", [])]
    if sorted(set(attacked)) != sorted(in_range) or len(attacked) != len(set(attacked)):
        return (f"Kei Lun attacks every Pilgrim in range/LOS ({', '.join(in_range) or 'none'}), "
                f"once each, not {', '.join(attacked) or 'none'}.")
    if in_range and "die" in event:
        return "Kei Lun has Pilgrims to attack: he does not move."
    return True


@cites(Q_DESTRUCTION)
def kei_lun_destroys_only_those(game, event):
    if event["type"] != KEI_LUN or not event.get("destroys"):
        return True
    tokens = game.G["tokens"]
    crushable = [*tokens["boxes"], *tokens["sutras"], *tokens["wells"]]
    wrong = [t for t in event["destroys"] if t not in crushable]
    if wrong:
        return (f"{wrong[0]} is not a Mystical Box, Sutra or Well on the board: Kei Lun destroys "
                "only those.")
    if event.get("blocked"):
        raise game.violation("Kei Lun was blocked: he turns through 180° instead of moving, onto "
                             "no token.", Q_BLOCKED)
    if event.get("die") != 1:
        return "Kei Lun moves onto a token only when he moves forwards (1 on the Pilgrim Die)."
    return True


@cites(Q_PUSH)
def kei_lun_pushes_only_moving_forwards(game, event):
    """A push is a forwards move's; one that an obstacle stops is no push but his turn about, so
    nobody takes Crushing Damage (the Knock Back's) from it; a Pilgrim pushed onto a red-line square
    enters it (1 Health Point), a Demon takes nothing from one."""
    if event["type"] != KEI_LUN:
        return True
    pushed = event.get("pushed") or []
    if event.get("crushed"):
        raise game.violation("A Miniature Kei Lun pushes that an obstacle stops stops him too: he "
                             "turns through 180° instead, nobody is pushed or Crushed.", Q_BLOCKED)
    if not pushed:
        return not event.get("pushed_red") or "Kei Lun pushed nobody onto a red square."
    if event.get("blocked"):
        raise game.violation("Kei Lun was blocked: he turns through 180° instead of moving, and "
                             "pushes nobody.", Q_BLOCKED)
    if event.get("die") != 1 or event.get("attacks"):
        return "Kei Lun pushes a Miniature only when he moves forwards (1 on the Pilgrim Die)."
    red = event.get("pushed_red") or []
    not_pushed = [m for m in red if m not in pushed]
    if not_pushed:
        return f"Kei Lun did not push {not_pushed[0]}: it entered no square."
    demons = [m for m in red if m not in game.G["pilgrims"]]
    if demons:
        raise game.violation(f"{demons[0]} is no Pilgrim: a red square does not damage it.",
                             Q_RED_DEMONS)
    return True


@cites(Q_DEMONS_IGNORE)
def demons_do_not_attack_kei_lun(game, event):
    if event["type"] == "demon_options" and any(
            KEI_LUN in (option.get("targets") or []) for option in event["options"]):
        return "Demons do not see Kei Lun as a threat: they target the Pilgrims."
    if event["type"] == "demon_attack" and event["target"] == KEI_LUN:
        return "Demons do not see Kei Lun as a threat: they target the Pilgrims."
    return True


class Beasts(Quest):
    key = "q5"
    number = 5
    title = "Quest 5 - Beasts"
    board = {"gates": 2, "sutras": 1, "boxes": 1, "wells": 1,
             "demons": {"berrok": 3, "bharhaz": 2}}
    taken_off = frozenset({"sutras"})  # Q_DESTRUCTION: Kei Lun tramples the Sutra
    rules = (kei_lun_after_the_pilgrims, kei_lun_attacks_all_in_range, kei_lun_destroys_only_those,
             kei_lun_pushes_only_moving_forwards, demons_do_not_attack_kei_lun,
             kei_lun_acts_by_his_own_event(Q_KEI_LUN, KEI_LUN))
    event_types = {
        KEI_LUN: QuestEvent(EventType(
            "Quest 5: Kei Lun's 1 Action, directly after the Pilgrims: the Pilgrims in his range "
            "with LOS and his attack roll on each (his Attack Dice and the Target's Defense "
            "Dice); or, with nobody in range, the Pilgrim Die rolled to move him, whether he was "
            "blocked (he turns 180°), the Miniatures he pushed and the tokens he trampled.",
            properties={"in_range": {"type": "array", "items": PILGRIM, "maxItems": 4},
                        "attacks": {"type": "array", "maxItems": 4, "items": {
                            "type": "object",
                            "properties": {"target": FIGURE, "attack_dice": DICE,
                                           "defense_dice": DICE},
                            "required": ["target", "attack_dice"],
                            "additionalProperties": False}},
                        "die": FACE, "blocked": {"type": "boolean"},
                        "pushed": {"type": "array", "items": FIGURE, "maxItems": 6},
                        "pushed_red": {"type": "array", "items": FIGURE, "maxItems": 6,
                                       "uniqueItems": True,
                                       "description": "the pushed Miniatures that entered a "
                                                      "red-line square"},
                        "crushed": {"type": "array", "items": FIGURE, "maxItems": 6,
                                    "description": "Miniatures pushed against an obstacle (a "
                                                   "push that cannot be made: refused)"},
                        "destroys": {"type": "array", "items": FIGURE, "maxItems": 3,
                                     "uniqueItems": True}},
            required=("in_range",),
            example={"type": KEI_LUN, "player": "p1", "in_range": [], "die": 1,
                     "destroys": ["box-1"]},
            chance=True),
            ("pilgrims",)),
    }
    ends = (any_of("end", Q_ENDS, holds("Tripitaka calms Kei Lun", calmed),
                   pilgrim_down("tripitaka", "Tripitaka is Defeated")),)
    heroic = all_of("heroic_victory", Q_HEROIC,
                    holds("not be Killed", all_alive, lambda game: not all_alive(game)),
                    holds("possess the Sutra", lambda game: sutras_held(game) >= 1,
                          lambda game: sutras_available(game) == 0),
                    holds("Tripitaka must calm Kei Lun", calmed))
    victory = all_of("victory", Q_VICTORY, holds("Tripitaka must calm Kei Lun", calmed))
    defeats = (all_of("defeat", Q_DEFEAT, pilgrim_down("tripitaka", "Tripitaka is Defeated")),)

    @classmethod
    def prepare(cls, G, options, entered):
        cls.tripitaka_last(G, options)
        cls.starting_skill(G, options, "tripitaka", TRANCE)
        G["quest_state"]["kei_lun"] = {"acted": 0, "calmed": False}

    @classmethod
    def holds_phase(cls, game):
        return (pilgrims_done(game) and kei_lun(game)["acted"] != game.G["turn"]
                and not calmed(game))

    @classmethod
    def forbidden_quote(cls, game, kind):
        """While Kei Lun's Action is due, what the phase refuses waits for him; once he has taken
        it, another is refused with the same sentence ("1 Action each turn", finding 88)."""
        if cls.holds_phase(game) or (kind == KEI_LUN
                                     and kei_lun(game)["acted"] == game.G["turn"]):
            return Q_KEI_LUN
        return super().forbidden_quote(game, kind)

    @classmethod
    def own_legal(cls, game):
        if not cls.holds_phase(game):
            return []
        return [{"type": KEI_LUN, "player": game.G["controllers"]["tripitaka"],
                 "open": ["in_range", "attacks", "die", "destroys"]}]

    @classmethod
    def event_kei_lun(cls, game, event):
        kei_lun(game)["acted"] = game.G["turn"]
        attacks = event.get("attacks") or []
        if attacks:
            game.effect(f"Kei Lun attacks {', '.join(a['target'] for a in attacks)}.",
                        Q_ATTACK_OR_MOVE)
            for attack in attacks:
                damage = max(0, sum(attack["attack_dice"]) - sum(attack.get("defense_dice", [])))
                if damage:
                    game.damage_pilgrim(attack["target"], damage, "Kei Lun's attack",
                                        Q_ATTACK_OR_MOVE)
                else:
                    game.effect(f"Kei Lun's attack on {attack['target']} does no damage.")
            return
        if "die" not in event:
            raise BadRequest("nobody is in Kei Lun's range: enter the Pilgrim Die rolled to move "
                             "him", "event.die")
        if event.get("blocked") and event["die"] == 1:
            game.effect("Kei Lun cannot move forwards: he turns through 180° instead.",
                        Q_BLOCKED)
            return
        words, quote = DIE_MOVES[event["die"]]
        game.effect(f"Kei Lun {words}.", quote)
        if event.get("pushed"):
            game.effect(f"Kei Lun pushes {', '.join(event['pushed'])} one square back.", Q_PUSH)
        for pilgrim in event.get("pushed_red") or []:
            game.damage_pilgrim(pilgrim, 1, "pushed onto a red square", Q_RED_ENTERED)
        for token in event.get("destroys") or []:
            for kind in ("boxes", "sutras", "wells"):
                if token in game.G["tokens"][kind]:
                    game.G["tokens"][kind].remove(token)
                    game.G["wells_used"].pop(token, None)
            game.effect(f"Kei Lun tramples {token}: it is destroyed.", Q_DESTRUCTION)

    @classmethod
    def record(cls, game, event):
        super().record(game, event)
        if (event["type"] == "play_card" and event["card"] == TRANCE
                and event["pilgrim"] == "tripitaka"):
            if game.G["demons"]:
                game.effect(f"Healing Trance used as usual: {len(game.G['demons'])} Demons are "
                            "still in play, Kei Lun is not calmed yet.", Q_TRANCE_EARLY)
            else:
                kei_lun(game)["calmed"] = True
                game.effect("Every Demon is gone: Tripitaka's Healing Trance calms Kei Lun.",
                            Q_CALM)


QUEST = Beasts

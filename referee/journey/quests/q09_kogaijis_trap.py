"""Quest 9 - Kogaiji's Trap: no Gate can be sealed; Kogaiji, immune and still under his spell until
the Elder Monk is rescued; a Rescue that is first a spin of the Fortune Spinner (the Elder Monk, or
a Bull General breaking the deception); Demon Rage when no Bull General model is left, lasting until
Kogaiji is Defeated; Kogaiji out of play when Defeated, the Gates no longer spawning.

A Rescue in this Quest is the `rescue_attempt` event (the spinner's colour entered); the core's
`rescue_villager` is refused, quoting the spin. The Quest Mini-Map is a figure: the Villager Tokens
in Kogaiji's room are entered (`quest_setup.room`; by default all of them, as the Interlude has the
Pilgrims meet Kogaiji and the villagers in one room). When the Elder Monk is found only the tokens in
the room become Bull Generals; one outside stays a token, and a later Rescue attempt on it finds a
Bull General (only one token is the Elder Monk): a white spin for it is refused.
"""

from __future__ import annotations

from referee.core import (
    BadRequest,
    Citation,
    EventType,
    Option,
    SetupError,
    citations,
    cites,
)

from ..events import CARDS_USED
from . import (
    ALL_SURVIVE,
    PRAYER_OF_SEALING,
    Q_ONE_UPGRADE,
    TRIPITAKA_KILLED,
    TRIPITAKA_SURVIVES,
    Quest,
    QuestEvent,
    all_of,
    any_of,
    gates_in,
    holds,
    printed_in,
)
from .q06_kogaiji import (
    TOKEN,
    defeated,
    may_act,
    pilgrim_acts,
    place,
    remove_defeated,
)

Q_NO_SEAL = ("Cannot Seal Gates: None of the Gates can be sealed, even with the Prayer of "
             "Sealing.")
Q_GATES_STOP = "Kogaiji's Defeat: The Gates stop spawning once Kogaiji is Defeated."
Q_OUT = ("Defeat Kogaiji: In this Quest, the Pilgrims do not Kill or Cleanse Kogaiji. Once he is "
         "Defeated, he is out of game play. Pilgrims do not take Karma Rewards for this.")
Q_SPELL = ("He will not move or attack while doing so, and he is immune from attack. Once the "
           "Elder Monk is rescued, Kogaiji ends the spell and is then controlled by the normal "
           "Demon AI.")
Q_SPIN = ("When the Pilgrims attempt a Rescue, first spin the Fortune Spinner. If the result is "
          "Good Fortune, the Pilgrim has found the Elder Monk, if the result is Bad Fortune, the "
          "Pilgrim has broken the deception. Regardless of the outcome, the rescue attempt costs "
          "the Pilgrim 1 Action Point.")
Q_ELDER = ("Elder Monk: Take the Token and the 3 Good Karma points, as normal. Kogaiji's spell "
           "ends. If there are other Villager Tokens in the room, immediately replace them with "
           "Bull Generals, facing Tripitaka.")
Q_BROKEN = ("Deception is Broken: Replace the Token with a Bull General, facing towards the "
            "Pilgrim that attempted the Rescue.")
Q_FINAL = ("Final Token: If there is only 1 of the 4 Villager Tokens left, there is no need to "
           "use the Fortune Spinner when you attempt a Rescue. It is the Elder Monk.")
Q_RAGE = ("Demon Rage: If there are not enough Bull General Miniatures to place when the "
          "deception is broken, Demon Rage begins and lasts until Kogaiji is Defeated.")
Q_RAGE_STOPS = ("Demon Rage: Place the Demon Rage Card on the Demon Card Draw Deck to mark the "
                "start of Demon Rage. Stop drawing Demon Cards for the rest of the Demon Phase of "
                "this Turn.")
Q_RUN_OUT = ("Demon Rage: Players might run out of Demon Miniatures to place on the Game Board "
             "when required to spawn new Demons.")
Q_SPIN_FULL = ("The Player must spin the arrow at least one full rotation. Anything less does not "
               "count and the Player should spin again.")
Q_VILLAGER_KARMA = "Pilgrims gain 3 Good Karma Points for this heroic deed."
Q_TRAP = ("Kogaiji's Trap: Only 1 of the Villager Tokens is the Elder Monk, the other 3 are Borrack "
          "Bull Generals hidden by the deception spell.")
BULL_GENERALS = 3  # "the other 3 are Borrack Bull Generals"
Q_ENDS = ("The Quest ends when all the Demons minions are removed from play and Kogaiji is "
          "Defeated or if Tripitaka is Killed.")
# The same words close Quest 8: each quote here runs on from this Quest's end sentence.
Q_HEROIC = Q_ENDS + "\nHeroic Victory: All the Pilgrims survive."
Q_VICTORY = Q_HEROIC + "\nVictory: Tripitaka survives."
Q_DEFEAT = Q_VICTORY + "\nDefeat: Tripitaka is Killed."
VILLAGER_TOKENS = 4
RESCUE_CARDS = ("card_from_own_deck", "card_used_where_it_applies", "cards_in_time",
                "cards_used_in_hand")


def state(game) -> dict:
    return game.G["quest_state"]


@cites(Q_NO_SEAL)
def no_gate_sealed(game, event):
    if event["type"] == "close_gate":
        return "No Gate can be sealed in this Quest."
    if event["type"] == "play_card" and event["card"] == PRAYER_OF_SEALING:
        return "No Gate can be sealed in this Quest, even with the Prayer of Sealing."
    return True


@cites(Q_SPELL)
def kogaiji_under_his_spell(game, event):
    if not state(game)["spell"]:
        return True
    kogaiji = [d for d, demon in game.G["demons"].items() if demon["type"] == "kogaiji"]
    if event["type"] == "attack" and set(event["targets"]) & set(kogaiji):
        return "Kogaiji is immune from attack while he casts his spell."
    if event["type"] in ("demon_options", "demon_plan") and event["demon"] in kogaiji:
        return "Kogaiji will not move or attack while he casts his spell."
    if event["type"] == "flood_gate" and any(event["closer"].get(d) for d in kogaiji):
        # "Quest rules override Card rules": the card's Move does not move him
        return ("Kogaiji will not move while he casts his spell: the Flood Gate leaves him where "
                "he stands (Quest rules override Card rules).")
    return True


@cites(Q_SPIN)
def rescue_is_a_spin(game, event):
    return (event["type"] != "rescue_villager"
            or "In this Quest a Rescue is first a spin of the Fortune Spinner: enter "
               "rescue_attempt.")


KOGAIJI_OUT_AND_CLEAR = holds("all the Demons minions are removed from play and Kogaiji is "
                              "Defeated",
                              lambda game: state(game)["kogaiji_defeated"] and not game.G["demons"])


class KogaijisTrap(Quest):
    key = "q9"
    number = 9
    title = "Quest 9 - Kogaiji's Trap"
    upgrades, upgrades_quote = 1, printed_in(title, Q_ONE_UPGRADE)
    board = {"gates": 2, "villagers": VILLAGER_TOKENS, "boxes": 2, "doors": 3,
             "demons": {"kogaiji": 1}}
    taken_off = frozenset({"villagers"})  # Q_ELDER, Q_BROKEN: tokens become Bull Generals
    tracks_villagers = True  # which tokens are left decides whether the Elder Monk was found (Q_FINAL)
    options = {
        "q9_no_model": Option(
            "Quest 9 table ruling: a Villager Token that breaks the deception when no Bull "
            "General model is left. \"token_removed\": the deception is broken, the token leaves "
            "the board and Demon Rage begins; \"token_stays\": it cannot be replaced, so it stays "
            "(still one of the tokens left) and Demon Rage begins.",
            {"enum": ["token_removed", "token_stays"]}, "token_removed",
            citations("journey", Q_BROKEN, Q_RAGE)),
        "q9_rage_on_elder_monk": Option(
            "Quest 9 table ruling: more Villager Tokens to replace than Bull General models when "
            "the Elder Monk is found. \"rage\": there are not enough Miniatures to place, Demon "
            "Rage begins as when the deception is broken; \"no_rage\": the Quest's Rage is only "
            "\"when the deception is broken\" (a Bad Fortune spin).",
            {"enum": ["rage", "no_rage"]}, "rage",
            citations("journey", Q_RUN_OUT, Q_RAGE)),
        "q9_rage_draws": Option(
            "Quest 9 table ruling: Demon Cards while the Quest's Demon Rage lasts. "
            "\"this_phase_only\": as in the core game, the Demon Phase in which the Rage began "
            "draws no more cards, later ones draw normally (with 3 Action Points); "
            "\"none_while_raging\": the Rage Card stays on the Demon Deck until Kogaiji is "
            "Defeated, so no card is drawn.",
            {"enum": ["this_phase_only", "none_while_raging"]}, "this_phase_only",
            citations("journey", Q_RAGE_STOPS, Q_RAGE)),
    }
    setup_schema = {
        "type": "object",
        "properties": {
            "room": {"type": "array", "items": TOKEN, "uniqueItems": True, "maxItems": 4,
                     "description": "Quest 9: the Villager Tokens in Kogaiji's room (default: all "
                                    "of them)"}},
        "additionalProperties": False,
    }
    rules = (no_gate_sealed, kogaiji_under_his_spell, rescue_is_a_spin)
    event_types = {
        "rescue_attempt": QuestEvent(EventType(
            "Quest 9: a Rescue attempt (1 Action Point) adjacent to a Villager Token: the Fortune "
            "Spinner's colour (white: Good Fortune, the Elder Monk; black: Bad Fortune, a Bull "
            "General). No spin for the last token.",
            properties={"pilgrim": {"enum": ["monkey_king", "cho_hakkai", "monk_sha",
                                             "tripitaka"]},
                        "villager": TOKEN, "spinner": {"enum": ["white", "black"]},
                        "full_rotation": {"type": "boolean"}, "adjacent": {"type": "boolean"},
                        "cards": CARDS_USED},
            required=("pilgrim", "villager"),
            example={"type": "rescue_attempt", "player": "p1", "pilgrim": "monkey_king",
                     "villager": "villager-1", "spinner": "black"}),
            ("pilgrims",)),
    }
    ends = (any_of("end", Q_ENDS, KOGAIJI_OUT_AND_CLEAR, TRIPITAKA_KILLED),)
    heroic = all_of("heroic_victory", Q_HEROIC, ALL_SURVIVE)
    victory = all_of("victory", Q_VICTORY, TRIPITAKA_SURVIVES)
    defeats = (all_of("defeat", Q_DEFEAT, TRIPITAKA_KILLED),)

    @classmethod
    def prepare(cls, G, options, entered):
        closed = gates_in(G, "closed")
        if closed:
            raise SetupError(f"{closed[0]} is sealed", "position.gates",
                             Citation("journey", Q_NO_SEAL))
        tokens = G["tokens"]["villagers"]
        room = entered.get("room", tokens)
        unknown = [token for token in room if token not in tokens]
        if unknown:
            raise SetupError(f"there is no Villager Token named {unknown[0]}",
                             "options.quest_setup.room")
        # a game joined mid-way: the Elder Monk is the only token a Pilgrim takes, and the last
        # token left is him, so a token held, or none left, means he was found
        found = not tokens or any(p["villagers"] for p in G["pilgrims"].values())
        G["quest_state"].update({"spell": not found, "rage": False, "kogaiji_defeated": False,
                                 "room": list(room)})
        for demon in G["demons"].values():
            if demon["type"] == "kogaiji":
                demon["active"] = found  # under his spell: no move, no attack

    @classmethod
    def held_in_the_open(cls, game, demon):
        """Kogaiji under his spell (immune: his own rule says so)."""
        return game.G["demons"][demon]["type"] == "kogaiji" and state(game)["spell"]

    @classmethod
    def forbidden_quote(cls, game, kind):
        if kind == "spawn" and state(game)["kogaiji_defeated"]:
            return Q_GATES_STOP
        return super().forbidden_quote(game, kind)

    # -- Kogaiji ---------------------------------------------------------------------------------

    @classmethod
    def after_event(cls, game, event=None):
        kogaiji = defeated(game, "kogaiji")
        if kogaiji is not None:
            remove_defeated(game, kogaiji, Q_OUT)
            state(game)["kogaiji_defeated"] = True
            game.effect("Kogaiji is Defeated: he is out of game play, with no Karma Reward.",
                        Q_OUT)
            for gate in game.G["gates"].values():
                if gate["status"] == "active":
                    gate["status"] = "inactive"
            game.effect("The Gates stop spawning.", Q_GATES_STOP)
            if state(game)["rage"]:
                state(game)["rage"] = False
                phase = game.G["demon_phase"]
                game.G["rage"] = bool(phase and phase.get("rage_began"))  # the core's own Rage
                game.effect("The Demon Rage lasted until Kogaiji was Defeated: it ends now.",
                            Q_RAGE)
        if state(game)["spell"]:
            for demon in game.G["demons"].values():
                if demon["type"] == "kogaiji":
                    demon["active"] = False  # he casts his spell: no move, no attack
        super().after_event(game, event)

    @classmethod
    def on_maintenance(cls, game):
        if state(game)["rage"]:
            game.G["rage"] = True
            game.effect("Demon Rage goes on until Kogaiji is Defeated.", Q_RAGE)

    @classmethod
    def on_phase(cls, game, phase):
        if (phase == "demons_spawn" and state(game)["rage"]
                and game.option("q9_rage_draws") == "none_while_raging"):
            game.G["demon_phase"]["rage_stopped"] = True
            game.effect("The Demon Rage Card lies on the Demon Deck until Kogaiji is Defeated: no "
                        "Demon Card is drawn (table ruling).", Q_RAGE_STOPS)
        super().on_phase(game, phase)

    # -- the Rescue --------------------------------------------------------------------------------

    @classmethod
    def own_legal(cls, game):
        """A Rescue attempt on each token: with the spinner to fill in, and with each card that
        affects the spin; complete (no spin) for the final token and once the Elder Monk is found."""
        from ..legal import spin_cards

        activation, tokens = game.activation(), game.G["tokens"]["villagers"]
        if activation is None or not tokens:
            return []
        base = {"type": "rescue_attempt", "player": game.G["controllers"][activation["pilgrim"]],
                "pilgrim": activation["pilgrim"]}
        if not may_act(game, base, "rescue_villager"):
            return []
        if len(tokens) == 1 or not state(game)["spell"]:
            return [{**base, "villager": villager} for villager in tokens]
        return [{**base, "villager": villager, **cards, "open": ["spinner"]} for villager in tokens
                for cards in ({}, *({"cards": [card]} for card in spin_cards(game)))]

    @classmethod
    def event_rescue_attempt(cls, game, event):
        pilgrim_acts(game, event, "rescue_villager")
        game.villager_on_board(event)
        for guard in RESCUE_CARDS:  # Spirit of Fortune, affecting "any Fortune Wheel spin"
            getattr(game, guard)(event)
        villager, G = event["villager"], game.G
        if not state(game)["spell"]:  # the Elder Monk is found: every token left hides a General
            if event.get("spinner") == "white":
                raise game.violation(f"The Elder Monk was found: {villager} is a Bull General.",
                                     Q_TRAP)
            if event.get("cards"):
                raise game.violation(f"The Elder Monk was found: {villager} is a Bull General, "
                                     "no spin is made for a card to affect.", Q_TRAP)
            game.spend(event, "rescue_villager")
            game.effect(f"{game.name_of(event['pilgrim'])} has broken the deception ({villager}).",
                        Q_TRAP)
            cls.break_deception(game, villager, Q_BROKEN, elder=False)
            game.after_action()
            return
        last = len(G["tokens"]["villagers"]) == 1
        cls.not_a_revealed_general(game, villager, None if last else event.get("spinner"))
        if last:
            if event.get("spinner") == "black":
                raise game.violation("The last Villager Token is the Elder Monk: no spin.",
                                     Q_FINAL)
        else:
            if "spinner" not in event:
                raise BadRequest("spin the Fortune Spinner first: enter its colour",
                                 "event.spinner")
            if event.get("full_rotation") is False:
                raise game.violation("The spin did not go round once.", Q_SPIN_FULL)
        if last and event.get("cards"):
            raise game.violation("The last Villager Token is the Elder Monk: there is no spin to "
                                 "affect.", Q_FINAL)
        game.spend(event, "rescue_villager")
        game.pay_cards_used(event)
        name = game.name_of(event["pilgrim"])
        if last or event["spinner"] == "white":
            G["tokens"]["villagers"].remove(villager)
            game.pilgrim(event["pilgrim"])["villagers"] += 1
            game.effect(f"{name} finds the Elder Monk ({villager}).", Q_FINAL if last else Q_SPIN)
            game.gain_karma(event["pilgrim"], "good", 3, Q_VILLAGER_KARMA)
            state(game)["spell"] = False
            for demon in G["demons"].values():
                if demon["type"] == "kogaiji":
                    demon["active"] = True
            game.effect("Kogaiji's spell ends: the normal Demon AI controls him.", Q_ELDER)
            room = state(game).get("room", G["tokens"]["villagers"])
            for token in [t for t in G["tokens"]["villagers"] if t in room]:
                cls.break_deception(game, token, Q_ELDER, elder=True)
            outside = [t for t in G["tokens"]["villagers"] if t not in room]
            if outside:
                game.effect(f"{', '.join(outside)}: not in the room, still a Villager Token.",
                            Q_ELDER)
        else:
            game.effect(f"{name} has broken the deception ({villager}).", Q_SPIN)
            cls.break_deception(game, villager, Q_BROKEN, elder=False)
        game.after_action()

    @classmethod
    def not_a_revealed_general(cls, game, villager: str, spinner: str | None) -> None:
        """Only 1 token is the Elder Monk, the other 3 Bull Generals (finding 133): a token that
        broke the deception and stayed (q9_no_model: token_stays) is a Bull General, not rescued
        again; once 3 have broken it, a token left is the Elder Monk, no Bull General (the last
        one on the board keeps the Final Token's sentence)."""
        revealed = state(game).get("generals", [])
        if villager in revealed:
            raise game.violation(f"{villager} broke the deception: it is a Bull General with no "
                                 "model to place, not the Elder Monk.", Q_TRAP)
        if len(revealed) >= BULL_GENERALS and spinner == "black":
            raise game.violation(f"{', '.join(revealed)} broke the deception: those are the 3 "
                                 f"Bull Generals, so {villager} is the Elder Monk.", Q_TRAP)

    @classmethod
    def break_deception(cls, game, token: str, quote: str, elder: bool) -> None:
        G = game.G
        if not elder:
            state(game).setdefault("generals", []).append(token)
        if game.models_free("borrack") > 0:
            G["tokens"]["villagers"].remove(token)
            ident = place(game, "borrack")
            facing = "Tripitaka" if elder else "the Pilgrim that attempted the Rescue"
            game.effect(f"{token} is a Bull General: {ident} is placed facing {facing}.", quote)
            return
        if elder and game.option("q9_rage_on_elder_monk") == "no_rage":
            G["tokens"]["villagers"].remove(token)
            game.effect(f"{token}: no Bull General model is left to place (table ruling: no "
                        "Demon Rage when the Elder Monk is found).", Q_ELDER)
            return
        if game.option("q9_no_model") == "token_removed":
            G["tokens"]["villagers"].remove(token)
            game.effect(f"{token} breaks the deception but no Bull General model is left: the "
                        "token leaves the board.", Q_BROKEN)
        else:
            game.effect(f"{token} breaks the deception but no Bull General model is left: the "
                        "token stays (table ruling).", Q_BROKEN)
        if not state(game)["kogaiji_defeated"] and not state(game)["rage"]:
            state(game)["rage"] = True
            G["rage"] = True
            game.effect("Not enough Bull General Miniatures: Demon Rage begins and lasts until "
                        "Kogaiji is Defeated.", Q_RAGE)


QUEST = KogaijisTrap

"""Pillars of Fate: the referee — the phases, the guards (one printed rule each), the callbacks, legal
plays, scores, what each seat may see, and the calculator."""

from __future__ import annotations

import copy

from ..core.rules import BadRequest, Referee, RuleViolation, SetupError, cites
from .resolve import (
    Resolver,
    apply_awards,
    capacity,
    face_down_excess,
    face_down_refusal,
    final_result,
    lane_summary,
    score_sheet,
)
from .rules import (
    AGES,
    DIVINE_DATA,
    FIRST_CARD_MODIFIERS,
    GLOSSARY,
    HAND_SIZE,
    LANES,
    MODIFIERS,
    OPTIONS,
    Q_AGE1_QUESTS,
    Q_AGE_ENDS,
    Q_ALTERNATE,
    Q_AWARD,
    Q_CAPACITY,
    Q_DIVINE_ACTION,
    Q_DIVINE_MUST,
    Q_DIVINE_ONE,
    Q_DIVINE_SELECT,
    Q_DRAW,
    Q_DRAW5,
    Q_FACE_DOWN,
    Q_FROM_HAND,
    Q_GAME_END,
    Q_KEEP,
    Q_MODIFIER_SETUP,
    Q_NEW_MODIFIER,
    Q_NEW_QUESTS,
    Q_PASS_MARKER,
    Q_PILLAR,
    Q_PILLAR_SETUP,
    Q_PLAY,
    Q_REMOVE,
    Q_RESOLVE,
    Q_RETURN_PILLARS,
    Q_REVEAL,
    Q_SET_ASIDE,
    Q_START,
    Q_TIE_PICK,
    Q_TIES,
    ROMAN,
    SEATS,
    SET_ASIDE,
    TableRefused,
    card_text,
    other,
    seat_word,
)
from .schemas import (
    EVENT_TYPES,
    POSITION_SCHEMA,
    SCORE_SCHEMA,
)

# -- the referee -----------------------------------------------------------------------------------


class _OutOfTurnRule:
    """The rule quoted when the wrong player acts: the draft's sentence to a player who drafted,
    else the turn order. (A Divine action or a tie entered by a player with none to make quotes
    its own sentence: `NOTHING_PENDING`.)"""

    QUOTES = {"draft": Q_KEEP}

    def __get__(self, model, owner):
        if model is None:
            return Q_ALTERNATE
        return self.QUOTES.get(model.phase, Q_ALTERNATE)


def _empty_lanes() -> list[dict]:
    return [{"name": name, "quest": None, "pillar": None, "first": None,
             "cards": {seat: [] for seat in SEATS}} for name in LANES]


def _same_card(a: dict, b: dict) -> bool:
    return all(a[key] == b[key] for key in ("power", "feathers", "scorpions"))


# An event that answers a step only some player may have pending, refused by who forbids it: the
# Divine card's text (nobody else played it), the ties sentence (only a pillar holder decides one).
NOTHING_PENDING = {"sorcerer_exchange": GLOSSARY["Sorcerer"], "namari_look": GLOSSARY["Namari"],
                   "break_tie": Q_TIES}


PLAY_GUARDS = ["divine_not_twice", "divine_is_unplayed", "card_is_in_hand", "lane_has_room",
               "divine_allowed_in_lane", "face_down_allowed", "divine_still_playable",
               "invictus_copies_a_card_above", "opposite_card_named", "draw_back_up_to_five"]


class Game(Referee):
    """Pillars of Fate, two players: Sun and Moon."""

    game_id = "pillars-of-fate"
    title = "Pillars of Fate"
    seats = SEATS
    # 2: tie_past_pillars (a full tie at the end has no winner by default); 3: the hand may be
    # entered while a Divine action is pending, to have Sorcerer's exchange checked (session 8);
    # 4: a hand is entered whoever's turn it is (`any_turn_events`, session 8); 5: a position's
    # hand count left out is what the cards left allow, not always 5 (session 9); 7: a position's
    # unplayed Divine cards are exactly what the Ages leave
    rules_version = 8  # 8: a hand is entered while an Age's ties wait too (finding 103)
    options = OPTIONS
    hidden_information = True
    states = ["draft", "quests", "turns", "action", "ties", "over"]
    initial = "draft"
    phase_rule = {"draft": Q_KEEP, "quests": Q_NEW_QUESTS, "turns": Q_PLAY,
                  "action": Q_DIVINE_ACTION, "ties": Q_RESOLVE, "over": Q_GAME_END, "": Q_PLAY}
    phase_names = {
        "draft": "Setup: keep 1 Divine card, pass 2", "quests": "An Age's quests laid out",
        "turns": "On Your Turn", "action": "A Divine card's action", "ties": "Resolving an Age: ties",
        "over": "Game End"}
    turn_rule = _OutOfTurnRule()
    any_turn_events = frozenset({"hand"})  # a player enters their own hand when they look at it
    table_events = frozenset({"begin_age"})  # the quests laid out, entered by either player
    end_rule = Q_GAME_END
    position_schema = POSITION_SCHEMA
    score_schema = SCORE_SCHEMA
    event_types = EVENT_TYPES
    transitions = [
        {"trigger": "draft_divine", "source": "draft", "dest": None,
         "conditions": ["keeps_one_passes_two", "one_card_of_each_name"], "after": "on_draft"},
        {"trigger": "begin_age", "source": "quests", "dest": None,
         "conditions": ["quests_match_the_age", "modifier_is_new", "first_player_marker"],
         "after": "on_begin_age"},
        {"trigger": "play", "source": "turns", "dest": None, "conditions": PLAY_GUARDS,
         "after": "on_play"},
        {"trigger": "hand", "source": ["quests", "turns", "action", "ties"], "dest": None,
         "conditions": ["hand_holds_the_cards"], "after": "on_hand"},
        {"trigger": "sorcerer_exchange", "source": ["turns", "action"], "dest": None,
         "conditions": ["sorcerer_is_acting", "exchange_is_possible"], "after": "on_exchange"},
        {"trigger": "namari_look", "source": ["turns", "action"], "dest": None,
         "conditions": ["namari_is_acting", "look_at_a_face_down_card"], "after": "on_look"},
        {"trigger": "break_tie", "source": ["turns", "action", "ties"], "dest": None,
         "conditions": ["tie_is_open", "choice_fits_the_tie"], "after": "on_break_tie"},
        # Internal: fired by the callbacks, never an event type.
        {"trigger": "draft_done", "source": "draft", "dest": "quests"},
        {"trigger": "age_begun", "source": "quests", "dest": "turns"},
        {"trigger": "await_action", "source": "turns", "dest": "action"},
        {"trigger": "action_done", "source": "action", "dest": "turns"},
        {"trigger": "await_ties", "source": ["turns", "action"], "dest": "ties"},
        {"trigger": "age_done", "source": ["turns", "action", "ties"], "dest": "quests"},
        {"trigger": "finish", "source": ["turns", "action", "ties"], "dest": "over"},
    ]
    example_setup = {
        "game": "pillars-of-fate",
        "players": [{"name": "Ana", "seat": "sun"}, {"name": "Ben", "seat": "moon"}],
        "options": {},
        "position": {
            "age": 1, "first_player": "sun", "turn": "sun", "modifier": "double_power",
            "lanes": {"left": {"quest": {"feather": 3, "scorpion": -1}},
                      "center": {"quest": {"feather": 2, "scorpion": 4}},
                      "right": {"quest": {"feather": -2, "scorpion": 3}}},
            "hands": {
                "sun": {"count": 5, "cards": [
                    {"power": 5, "feathers": 1, "scorpions": 0},
                    {"power": 3, "feathers": 0, "scorpions": 1},
                    {"power": 8, "feathers": 0, "scorpions": 2},
                    {"power": 1, "feathers": 2, "scorpions": 0},
                    {"power": 4, "feathers": 1, "scorpions": 1}]},
                "moon": {"count": 5, "cards": [
                    {"power": 6, "feathers": 0, "scorpions": 1},
                    {"power": 2, "feathers": 1, "scorpions": 0},
                    {"power": 7, "feathers": 1, "scorpions": 1},
                    {"power": 3, "feathers": 0, "scorpions": 2},
                    {"power": 0, "feathers": 3, "scorpions": 0}]}},
            "divine": {
                "sun": [{"name": "Prophet", "power": 4, "feathers": 1, "scorpions": 0},
                        {"name": "Klar", "power": 5, "feathers": 0, "scorpions": 1},
                        {"name": "Steward", "power": 2, "feathers": 0, "scorpions": 0}],
                "moon": [{"name": "Hadria", "power": 3, "feathers": 1, "scorpions": 0},
                         {"name": "Pentha", "power": 2, "feathers": 0, "scorpions": 1},
                         {"name": "Eradan", "power": 1, "feathers": 1, "scorpions": 1}]},
        },
    }

    # -- setup ------------------------------------------------------------------------------------

    @classmethod
    def _new_G(cls, options) -> dict:
        deck = options["champion_deck_size"] - SET_ASIDE - HAND_SIZE
        return {
            "age": 1, "age_over": False, "first_player": None, "turn": None, "modifier": None,
            "modifiers_used": [], "lanes": _empty_lanes(), "plays": 0,
            "hands": {seat: {"count": HAND_SIZE, "cards": []} for seat in SEATS},
            "decks": {seat: deck for seat in SEATS},
            "divine": {seat: {"unplayed": [], "played_in_age": None} for seat in SEATS},
            "draft": {seat: None for seat in SEATS},
            "renown": {seat: 0 for seat in SEATS},
            "ages": [], "pending": None, "tie_choices": [], "seen": {seat: [] for seat in SEATS},
            "result": None,
        }

    @classmethod
    def setup(cls, players, options, position):
        G = cls._new_G(options)
        if position is None:
            return G, "draft"
        G["age"] = position["age"]
        G["first_player"], G["turn"] = position["first_player"], position["turn"]
        G["modifier"] = position["modifier"]
        used = list(position.get("modifiers_used", []))
        if len(used) != G["age"] - 1 and "modifiers_used" in position:
            raise SetupError(f"Age {ROMAN[G['age']]} follows {G['age'] - 1} Ages: list "
                             f"{G['age'] - 1} modifiers used", "position.modifiers_used")
        if G["modifier"] in used or len(set(used)) != len(used):
            raise TableRefused("a quest modifier is used in one Age only (there is one token of "
                               "each)", "position.modifiers_used", Q_NEW_MODIFIER, "invalid_setup")
        G["modifiers_used"] = used
        for li, name in enumerate(LANES):
            entered = position["lanes"][name]
            lane = G["lanes"][li]
            lane["quest"] = dict(entered["quest"])
            for seat in SEATS:
                lane["cards"][seat] = [{"face": "up", "feathers": 0, "scorpions": 0, **card}
                                       for card in entered.get(seat, [])]
                for card in lane["cards"][seat]:
                    G["plays"] += 1
                    card["n"] = G["plays"]
                room = capacity(G["modifier"], name, options)
                if len(lane["cards"][seat]) > room:
                    raise TableRefused(f"{seat_word(seat)} has {len(lane['cards'][seat])} cards "
                                       f"in the {name} lane; it holds {room} per player",
                                       f"position.lanes.{name}.{seat}",
                                       _capacity_quote(G["modifier"], room), "invalid_setup")
            cls._setup_pillar(lane, entered, f"position.lanes.{name}")
            _first_is_known(lane, entered, G["modifier"], options, f"position.lanes.{name}",
                            "invalid_setup")
            if name == "center" and G["modifier"] == "no_divine" and any(
                    card.get("divine") for seat in SEATS for card in lane["cards"][seat]):
                raise TableRefused("no Divine card may be played in the center lane under its "
                                   "modifier", "position.lanes.center", MODIFIERS["no_divine"],
                                   "invalid_setup")
        _check_face_down(G["lanes"], G["modifier"], options, "position.lanes", "invalid_setup")
        _check_exchanged(G["lanes"], "position.lanes", "invalid_setup")
        for seat in SEATS:
            played = [card["divine"] for lane in G["lanes"] for card in lane["cards"][seat]
                      if card.get("divine")]
            if len(played) > 1:
                raise TableRefused(f"{seat_word(seat)} has {len(played)} Divine cards in the "
                                   "lanes: one per Age", "position.lanes", Q_DIVINE_ONE,
                                   "invalid_setup")
            G["divine"][seat]["played_in_age"] = G["age"] if played else None
            G["divine"][seat]["unplayed"] = [dict(card) for card in position["divine"][seat]]
            unplayed = len(G["divine"][seat]["unplayed"])
            if len(played) + unplayed > 3:
                raise SetupError(f"{seat_word(seat)} has {len(played)} Divine card in the lanes "
                                 f"and {unplayed} unplayed: a player sets 3 Divine cards aside "
                                 "for the game", f"position.divine.{seat}")
            left = 3 - (G["age"] - 1) - len(played)  # one played in each earlier Age
            if options["divine_required"] == "refuse" and unplayed != left:
                raise SetupError(
                    f"{seat_word(seat)} has {unplayed} unplayed Divine cards; in Age "
                    f"{ROMAN[G['age']]} with {len(played)} in the lanes {left} are left of the "
                    f"three: \"{Q_DIVINE_MUST}\" (the table ruling divine_required: refuse)",
                    f"position.divine.{seat}")
            hand = position.get("hands", {}).get(seat, {})
            held = max(hand.get("count", 0), len(hand.get("cards", [])))
            if held > HAND_SIZE:
                part = "count" if hand.get("count", 0) == held else "cards"
                raise TableRefused(f"{seat_word(seat)} holds {held} cards in hand: the hand is "
                                   f"drawn back up to {HAND_SIZE}, never past it",
                                   f"position.hands.{seat}.{part}", Q_DRAW, "invalid_setup")
            G["hands"][seat] = {"count": hand.get("count", HAND_SIZE),
                                "cards": [dict(card) for card in hand.get("cards", [])]}
            G["renown"][seat] = position.get("renown", {}).get(seat, 0)
            if G["age"] == 1 and G["renown"][seat]:
                raise SetupError(f"{seat_word(seat)} has {G['renown'][seat]} renown in Age I: "
                                 "renown comes only when an Age is resolved (\""
                                 f"{Q_AWARD}\")", f"position.renown.{seat}")
        if options["divine_duplicates"] == "none":
            _one_of_each_name(_position_divine_cards(G), {}, "invalid_setup")
        for seat in SEATS:
            cls._setup_cards_left(G, options, position, seat, used)
        if all(cls._room(G, options, seat) == 0 for seat in SEATS):
            raise SetupError("every lane is full: that Age is over; enter the next Age's position",
                             "position.lanes")
        if cls._room(G, options, G["turn"]) == 0:
            raise SetupError(f"{seat_word(G['turn'])} has no place left in any lane, so it cannot "
                             "be their turn", "position.turn")
        if not cls._can_play(G, options, G["turn"]):
            raise SetupError(f"{seat_word(G['turn'])} has no card in hand and no Divine card to "
                             "play, so it cannot be their turn", "position.turn")
        cls._setup_turn_follows_the_cards(G, options)
        return G, "turns"

    @classmethod
    def _setup_turn_follows_the_cards(cls, G, options):
        """Players alternate turns from the 1st player's, one card a turn (a Sorcerer's exchange
        adds none): the first player has played as many cards this Age as the other (and is to
        play) or one more (the other is). Only a player passed over, who has no card to play for
        the rest of the Age (`_can_play`), falls further behind while the other plays on."""
        first, second = G["first_player"], other(G["first_player"])
        played = {seat: sum(len(lane["cards"][seat]) for lane in G["lanes"]) for seat in SEATS}
        ahead = played[first] - played[second]
        due = {0: first, 1: second}.get(ahead)
        if G["turn"] == due:
            return
        passed_over = not cls._can_play(G, options, other(G["turn"]))
        if passed_over and (ahead >= 0 if G["turn"] == first else ahead <= 1):
            return
        counts = (f"{seat_word(first)}, who holds the 1st player marker, has played "
                  f"{played[first]} card{'s' * (played[first] != 1)} this Age and "
                  f"{seat_word(second)} {played[second]}")
        # The marker passes each Age ("Pass the 1st player marker."), so a later Age's position
        # may name the game's starting player instead: say which entry would make the table fit.
        marker = (f"if {seat_word(second)} holds the marker this Age (it passes to the other "
                  f"player each Age), enter first_player \"{second}\"")
        if due == first:
            raise TableRefused(f"{counts}, so it is {seat_word(due)}'s turn: enter turn "
                               f"\"{due}\" — or, {marker}", "position.turn", Q_ALTERNATE,
                               "invalid_setup")
        if due:
            raise TableRefused(f"{counts}, so it is {seat_word(due)}'s turn: enter turn "
                               f"\"{due}\", or check the cards entered in the lanes",
                               "position.turn", Q_ALTERNATE, "invalid_setup")
        if ahead == -1:
            raise TableRefused(f"{counts}: the first player plays first, so cannot be behind — "
                               f"{marker}, or check the cards entered in the lanes",
                               "position.first_player", Q_ALTERNATE, "invalid_setup")
        raise TableRefused(f"{counts}: turns alternate, so neither can be {abs(ahead)} cards "
                           "ahead unless the other has nothing to play: check the cards entered "
                           "in the lanes", "position.lanes",
                           Q_ALTERNATE, "invalid_setup")

    @staticmethod
    def _setup_cards_left(G, options, position, seat, used):
        """A player's hand and deck in a position. The deck began with `champion_deck_size` cards;
        4 were set aside and 5 drawn (setup), and each champion card played was followed by
        "Then, draw back up to 5 cards.": the hand and deck hold the rest, the hand 5 of them
        while the deck lasts. Every place of an earlier Age was filled, the Divine cards played
        then (3 less those unplayed or in the lanes now) from the set-aside three, the rest by
        champion cards; an earlier Age whose modifier is not listed held 7 to 10 a player. Entered
        counts that cannot be so are refused with that sentence; missing ones are worked out."""
        earlier = used if len(used) == G["age"] - 1 else [None] * (G["age"] - 1)
        low = high = 0
        for modifier in earlier:
            choices = [modifier] if modifier else list(MODIFIERS)
            totals = [sum(capacity(m, name, options) for name in LANES) for m in choices]
            low, high = low + min(totals), high + max(totals)
        divine_earlier = max(0, 3 - len(G["divine"][seat]["unplayed"])
                             - (1 if G["divine"][seat]["played_in_age"] else 0))
        now = sum(1 for lane in G["lanes"] for card in lane["cards"][seat]
                  if not card.get("divine"))
        owned = options["champion_deck_size"] - SET_ASIDE
        most = max(0, owned - (low - divine_earlier) - now)  # cards not yet played
        least = max(0, owned - (high - divine_earlier) - now)
        hand, decks = position.get("hands", {}).get(seat, {}), position.get("decks", {})
        count = hand.get("count", min(HAND_SIZE, most))
        deck = decks.get(seat, most - count)
        word = seat_word(seat)
        if count + deck > most or count + deck < least or count > most:
            held = f"{most}" if least == most else f"{least} to {most}"
            if seat in decks and count <= most:
                low, high = max(0, least - count), most - count
                fix = (f": enter {low if low == high else f'{low} to {high}'} in the deck, or "
                       "leave decks out to have them worked out from the cards played")
            else:
                fix = f": a hand of at most {most}"
            raise TableRefused(
                f"{word} holds {count} in hand"
                f"{f' and {deck} in the deck, {count + deck} cards' if seat in decks else ''}; the "
                f"deck of {options['champion_deck_size']}, less 4 set aside and the {now} champion "
                f"cards in the lanes{' and those of the earlier Ages' if earlier else ''}, leaves "
                f"{held}{fix}", f"position.decks.{seat}" if seat in decks and count <= most
                else f"position.hands.{seat}.count", Q_DRAW, "invalid_setup")
        if deck > 0 and count < HAND_SIZE:
            raise TableRefused(f"{word}'s deck holds {deck} cards, so the hand was drawn back up "
                               f"to {HAND_SIZE}, not {count}", f"position.hands.{seat}.count",
                               Q_DRAW, "invalid_setup")
        G["hands"][seat]["count"] = count
        G["decks"][seat] = deck
        if len(G["hands"][seat]["cards"]) > count:
            raise SetupError(f"{len(G['hands'][seat]['cards'])} cards entered for a hand of "
                             f"{count}", f"position.hands.{seat}.cards")

    @staticmethod
    def _setup_pillar(lane, entered, field, required=True):
        """The lane's pillar: entered, or the one player with a face-up card there, or the player
        named `first` whose first card there lies face up. Otherwise, with both players' cards
        face up, a position must say (a tie may come); a tally (`required` False) may leave it
        out, and is asked for it only where it decides something (`pillar_unknown`)."""
        face_up = [seat for seat in SEATS if any(card["face"] == "up"
                                                 for card in lane["cards"][seat])]
        named = entered.get("first")
        opened = named if named in face_up and lane["cards"][named][0]["face"] == "up" else None
        pillar = entered.get("pillar", face_up[0] if len(face_up) == 1 else opened)
        if not required:
            lane["pillar_unknown"] = bool(face_up) and pillar is None
        if face_up and pillar is None and (required or "pillar" in entered):
            raise SetupError("both players have face-up cards here: say who holds the pillar",
                             field + ".pillar")
        if pillar is not None and pillar not in face_up:
            raise SetupError(f"{seat_word(pillar)} has no face-up card here, so cannot hold its "
                             "pillar", field + ".pillar")
        lane["pillar"] = pillar
        first = entered.get("first")
        if first is None:
            played = [seat for seat in SEATS if lane["cards"][seat]]
            first = played[0] if len(played) == 1 else pillar
        lane["first"] = first

    # -- whose move -------------------------------------------------------------------------------

    def current_players(self) -> list[str]:
        if self.phase == "draft":
            return [seat for seat in SEATS if self.G["draft"][seat] is None]
        if self.phase == "quests":
            return list(SEATS)
        if self.phase == "action":
            return [self.G["pending"]["player"]]
        if self.phase == "ties":
            return sorted({tie["holder"] for tie in self._resolver().open_ties()},
                          key=SEATS.index)
        if self.phase == "turns":
            return [self.G["turn"]]
        return []

    def refused_phase_quote(self, kind: str) -> str | tuple[str, ...]:
        """A Divine action or a tie where none can be pending quotes the card's text or the ties
        sentence, as it does mid-Age: alone while an Age's ties wait (finding 102), else with the
        set-up step that waits after it (the draft's, an Age's quests: finding 104); the next Age
        begun while the ties wait, the ties sentence (finding 102). Before Age I's quests are
        placed, the setup step that places them (the 'new Age' one is for Ages II and III); a new
        Age begun once this Age's cards are being played, the Age's end (before its first card,
        the first play is what comes next); a draft after setup's, the draft's own sentence, as a
        second draft entry is refused with; the other player's card while a Divine action is
        pending, the action's sentence and the turn order (finding 99)."""
        waiting = Q_AGE1_QUESTS if self.phase == "quests" and self._next_age() == 1 \
            else self.phase_quote(self.phase)
        if kind in NOTHING_PENDING:
            return NOTHING_PENDING[kind] if self.phase == "ties" else \
                (NOTHING_PENDING[kind], waiting)
        if kind == "begin_age" and self.phase == "ties":
            return Q_TIES
        if self.phase == "quests" and self._next_age() == 1:
            return waiting
        if kind == "draft_divine":  # the draft is setup's, once; a later one is a second draft
            return Q_KEEP
        if kind == "begin_age" and self.phase in ("turns", "action") and any(
                lane["cards"][seat] for lane in self.G["lanes"] for seat in SEATS):
            return Q_AGE_ENDS
        if kind == "play" and self.phase == "action" \
                and self.entering != self.G["pending"]["player"]:
            return (Q_DIVINE_ACTION, Q_ALTERNATE)  # the other player's card: not their turn either
        return self.phase_quote(self.phase)

    def refused_turn_quote(self, kind: str) -> str:
        """A Divine action entered by a player who has no such action pending quotes the card's own
        text, and a tie entered by a player who decides none the ties sentence, whoever's turn it
        is."""
        return NOTHING_PENDING.get(kind, self.turn_rule)

    # -- helpers ----------------------------------------------------------------------------------

    def _lane(self, name: str) -> dict:
        return self.G["lanes"][LANES.index(name)]

    @staticmethod
    def _room(G, options, seat, lane=None) -> int:
        lanes = [lane] if lane else G["lanes"]
        return sum(capacity(G["modifier"], ln["name"], options) - len(ln["cards"][seat])
                   for ln in lanes)

    @classmethod
    def _divine_room(cls, G, options, seat) -> int:
        """Places left where `seat` could still play a Divine card this Age."""
        return sum(cls._room(G, options, seat, lane) for lane in G["lanes"]
                   if not (lane["name"] == "center" and G["modifier"] == "no_divine"))

    @staticmethod
    def _owes_divine(G, seat) -> bool:
        divine = G["divine"][seat]
        return divine["played_in_age"] != G["age"] and bool(divine["unplayed"])

    def _held_divine(self, seat, name) -> dict | None:
        return next((card for card in self.G["divine"][seat]["unplayed"] if card["name"] == name),
                    None)

    def _card(self, event) -> dict:
        """The card a play puts down, its values completed from the Divine cards held and the
        table's data file; BadRequest when a value is missing."""
        card = {key: event[key] for key in ("power", "feathers", "scorpions") if key in event}
        name = event.get("divine")
        if name:
            held = self._held_divine(event["player"], name) or {}
            data = DIVINE_DATA["cards"].get(name, {})
            for key in ("power", "feathers", "scorpions"):
                if key not in card:
                    if key in held:
                        card[key] = held[key]
                    elif key in data:
                        card[key] = data[key]
            card["divine"] = name
            face_up_icon = event.get("face_up_icon", held.get("face_up_icon",
                                                              data.get("face_up_icon", False)))
            card["face_up_icon"] = face_up_icon
        if "power" not in card:
            raise BadRequest("enter the card's power as printed on it", "event.power")
        card.setdefault("feathers", 0)  # icons left out: the card shows none
        card.setdefault("scorpions", 0)
        return card

    def _draw_due(self, seat, hand_after) -> int:
        return max(0, min(HAND_SIZE - hand_after, self.G["decks"][seat]))

    def _resolver(self, hidden=None) -> Resolver:
        choices = {(c["lane"], c["tie"]): c["choice"] for c in self.G["tie_choices"]}
        return Resolver(self.G["lanes"], self.G["modifier"], self.table_options,
                        self.G["first_player"], hidden, choices)

    # -- the Divine draft -------------------------------------------------------------------------

    @cites(Q_KEEP)
    def keeps_one_passes_two(self, event):
        if len(event["passed"]) != 2:
            return (f"{len(event['passed'])} cards passed: a player keeps 1 of the 3 Divine cards "
                    "dealt and passes the other 2 to the opponent.")
        return True

    @cites(Q_KEEP)
    def one_card_of_each_name(self, event):
        if self.option("divine_duplicates") == "allowed":
            return True
        named = [event["kept"], *event["passed"]]
        twice = next((name for name in named if named.count(name) > 1), None)
        if twice:
            return (f"{twice} is named twice among the 3 cards dealt, and the table's Divine deck "
                    "holds one of each (ruling divine_duplicates: none): the card kept is not "
                    "one of the other 2 passed.")
        return True

    def on_draft(self, event):
        seat = event["player"]
        self.G["draft"][seat] = {"kept": event["kept"], "passed": list(event["passed"])}
        self.effect(f"{self.player_name(seat)} keeps a Divine card and passes 2 to "
                    f"{self.player_name(other(seat))}.", Q_KEEP)
        if all(self.G["draft"][s] for s in SEATS):
            for s in SEATS:
                names = [self.G["draft"][s]["kept"], *self.G["draft"][other(s)]["passed"]]
                self.G["divine"][s]["unplayed"] = [{"name": n} for n in names]
            self.effect("Each player sets their 3 Divine cards aside.", Q_SET_ASIDE)
            self.trigger("draft_done")

    # -- an Age begins -----------------------------------------------------------------------------

    def _next_age(self) -> int:
        return self.G["age"] + 1 if self.G["age_over"] else self.G["age"]

    @cites(Q_NEW_QUESTS)
    def quests_match_the_age(self, event):
        age = self._next_age()
        for index, quest in enumerate(event["quests"]):
            if quest.get("age", age) != age:
                raise self.violation(
                    f"The {LANES[index]} quest is an Age {ROMAN[quest['age']]} quest; this is "
                    f"Age {ROMAN[age]}.", Q_AGE1_QUESTS if age == 1 else Q_NEW_QUESTS)
        return True

    @cites(Q_NEW_MODIFIER)
    def modifier_is_new(self, event):
        used = self.G["modifiers_used"] + ([self.G["modifier"]] if self.G["age_over"] else [])
        if event["modifier"] in used:
            return (f"'{MODIFIERS[event['modifier']]}' was used in an earlier Age: place a new "
                    "quest modifier.")
        return True

    @cites(Q_PASS_MARKER)
    def first_player_marker(self, event):
        chosen = event.get("first_player")
        if not self.G["age_over"]:
            if chosen is None:
                raise self.violation("Say who starts: choose a starting player and give them the "
                                     "1st player marker.", Q_START)
            return True
        passed = other(self.G["first_player"])
        if chosen is not None and chosen != passed:
            return (f"{self.player_name(self.G['first_player'])} held the 1st player marker last "
                    f"Age; it passes to {self.player_name(passed)}.")
        return True

    def on_begin_age(self, event):
        if self.G["age_over"]:
            self.G["modifiers_used"].append(self.G["modifier"])
            self.G["age"] += 1
            self.G["age_over"] = False
            self.G["first_player"] = other(self.G["first_player"])
            self.G["lanes"] = _empty_lanes()
            self.G["tie_choices"] = []
            self.G["seen"] = {seat: [] for seat in SEATS}
            self.G["result"] = None
            self.effect("The quests, the modifier and the cards are removed from the play area.",
                        Q_REMOVE)
            self.effect("The pillars return to the top of the quest cards.", Q_RETURN_PILLARS)
            self.effect(f"The 1st player marker passes to "
                        f"{self.player_name(self.G['first_player'])}.", Q_PASS_MARKER)
        else:
            self.G["first_player"] = event["first_player"]
            self.effect("A pillar marker stands on each quest.", Q_PILLAR_SETUP)
            self.effect("Each player holds the 5 cards drawn from their champion deck.", Q_DRAW5)
            self.effect(f"{self.player_name(event['first_player'])} takes the 1st player marker.",
                        Q_START)
        for lane, quest in zip(self.G["lanes"], event["quests"], strict=True):
            lane["quest"] = {"feather": quest["feather"], "scorpion": quest["scorpion"]}
        self.G["modifier"] = event["modifier"]
        self.G["turn"] = self.G["first_player"]
        age = ROMAN[self.G["age"]]
        self.effect(f"Age {age} begins: the quest modifier on the center quest reads "
                    f"'{MODIFIERS[event['modifier']]}'", Q_MODIFIER_SETUP if age == "I"
                    else Q_NEW_MODIFIER)
        self.trigger("age_begun")

    # -- a turn -----------------------------------------------------------------------------------

    @cites(Q_DIVINE_ONE)
    def divine_not_twice(self, event):
        if event.get("divine") and self.G["divine"][event["player"]]["played_in_age"] == \
                self.G["age"]:
            return (f"{self.player_name(event['player'])} has already played a Divine card in "
                    f"Age {ROMAN[self.G['age']]}.")
        return True

    @cites(Q_DIVINE_SELECT)
    def divine_is_unplayed(self, event):
        name = event.get("divine")
        if name and not self._held_divine(event["player"], name):
            held = [card["name"] for card in self.G["divine"][event["player"]]["unplayed"]]
            return (f"{name} is not one of {self.player_name(event['player'])}'s unplayed Divine "
                    f"cards ({', '.join(held) or 'none left'}).")
        if name:  # its values as entered for it, where they were
            entered = {key: event[key] for key in ("power", "feathers", "scorpions") if key in event}
            named = [card for card in self.G["divine"][event["player"]]["unplayed"]
                     if card["name"] == name]
            if not any(all(card.get(key, value) == value for key, value in entered.items())
                       for card in named):
                values = ", ".join(f"{key} {named[0][key]}" for key in entered if key in named[0])
                return (f"{self.player_name(event['player'])}'s unplayed {name} was entered with "
                        f"{values}: it is that card that is played.")
        return True

    @cites(Q_FROM_HAND)
    def card_is_in_hand(self, event):
        if event.get("divine"):
            return True
        hand = self.G["hands"][event["player"]]
        if hand["count"] == 0:
            return f"{self.player_name(event['player'])} has no card in hand."
        card = self._card(event)
        if len(hand["cards"]) == hand["count"] and not any(_same_card(card, held)
                                                           for held in hand["cards"]):
            return (f"No card with {card_text(card)} is in {self.player_name(event['player'])}'s "
                    "hand as entered.")
        return True

    @cites(Q_CAPACITY)
    def lane_has_room(self, event):
        lane = self._lane(event["lane"])
        room = capacity(self.G["modifier"], lane["name"], self.table_options)
        if len(lane["cards"][event["player"]]) < room:
            return True
        quote = Q_CAPACITY
        if room != 3:
            quote = MODIFIERS[self.G["modifier"]]
        raise self.violation(f"{self.player_name(event['player'])} already has {room} cards in "
                             f"the {lane['name']} lane.", quote)

    @cites(MODIFIERS["no_divine"])
    def divine_allowed_in_lane(self, event):
        if event.get("divine") and event["lane"] == "center" and \
                self.G["modifier"] == "no_divine":
            return "The center quest's modifier forbids Divine cards in this lane."
        return True

    @cites(Q_FACE_DOWN)
    def face_down_allowed(self, event):
        if event.get("face", "up") != "down":
            return True
        refusal = face_down_refusal(self.G["lanes"], self.G["modifier"], self.table_options,
                                    event["player"], self._lane(event["lane"]), self._card(event))
        if refusal:
            raise self.violation(*refusal)
        return True

    @cites(Q_DIVINE_MUST)
    def divine_still_playable(self, event):
        seat = event["player"]
        if event.get("divine") or self.option("divine_required") != "refuse" \
                or not self._owes_divine(self.G, seat):
            return True
        room = self._divine_room(self.G, self.table_options, seat)
        lane = self._lane(event["lane"])
        if room == 0 or (lane["name"] == "center" and self.G["modifier"] == "no_divine") \
                or room > 1:
            return True
        return (f"{self.player_name(seat)} has not played a Divine card in Age "
                f"{ROMAN[self.G['age']]}, and this card would fill the last place one could be "
                "played.")

    @cites(GLOSSARY["Invictus"])
    def invictus_copies_a_card_above(self, event):
        copies = event.get("copies")
        if event.get("divine") != "Invictus":
            if copies is not None:
                return "Only Invictus copies a card: leave out `copies`."
            return True
        above = len(self._lane(event["lane"])["cards"][event["player"]])
        if copies is None:
            if self.option("invictus_copies") == "named" and above > 1:
                return (f"{above} of your cards are above Invictus: name the position of the one "
                        "it copies.")
            return True
        if copies > above:
            return f"Invictus copies a card above it; position {copies} is not above it."
        if self.option("invictus_copies") == "directly_above" and copies != above:
            return (f"The table ruled Invictus copies the card directly above it (position "
                    f"{above}).")
        return True

    @cites(GLOSSARY["Pentha"])
    def opposite_card_named(self, event):
        name, opposite = event.get("divine"), event.get("opposite")
        quote = GLOSSARY[name] if name in ("Pentha", "Isabel") else GLOSSARY["Pentha"]
        if name not in ("Pentha", "Isabel"):
            if opposite is not None:
                raise self.violation("Only Pentha and Isabel act on an opposite card: leave out "
                                     "`opposite`.", quote)
            return True
        theirs = len(self._lane(event["lane"])["cards"][other(event["player"])])
        if self.option("opposite") == "same_position":
            if opposite is not None and opposite != \
                    len(self._lane(event["lane"])["cards"][event["player"]]) + 1:
                raise self.violation(f"The table ruled the opposite card is the one at {name}'s "
                                     "own position: leave out `opposite`.", quote)
            return True
        if opposite is None and theirs:
            raise self.violation(f"Name the opponent's card opposite {name} (position 1–"
                                 f"{theirs}).", quote)
        if opposite is not None and opposite > theirs:
            raise self.violation(f"The opponent has {theirs} card{'s' * (theirs != 1)} in this "
                                 f"lane: no card at position {opposite}.", quote)
        return True

    @cites(Q_DRAW)
    def draw_back_up_to_five(self, event):
        seat = event["player"]
        hand_after = self.G["hands"][seat]["count"] - (0 if event.get("divine") else 1)
        due = self._draw_due(seat, hand_after)
        draw = event.get("draw", due)
        if draw != due:
            deck = self.G["decks"][seat]
            return (f"{self.player_name(seat)} holds {hand_after} card{'s' * (hand_after != 1)} "
                    f"after the play and {deck} remain in the deck: draw {due}, not {draw}.")
        if len(event.get("drawn", [])) > due:
            return f"{len(event['drawn'])} cards entered as drawn; {due} are drawn."
        return True

    def on_play(self, event):
        seat, lane = event["player"], self._lane(event["lane"])
        card = self._card(event)
        hand = self.G["hands"][seat]
        if card.get("divine"):
            held = self._held_divine(seat, card["divine"])
            self.G["divine"][seat]["unplayed"].remove(held)
            self.G["divine"][seat]["played_in_age"] = self.G["age"]
            card.pop("face_up_icon", None)
        else:
            hand["count"] -= 1
            match = next((i for i, held in enumerate(hand["cards"]) if _same_card(card, held)),
                         None)
            if match is not None:
                hand["cards"].pop(match)
        for key in ("opposite", "copies"):
            if key in event:
                card[key] = event[key]
        card["face"] = event.get("face", "up")
        self.G["plays"] += 1
        card["n"] = self.G["plays"]
        first_face_up = card["face"] == "up" and not any(
            c["face"] == "up" for s in SEATS for c in lane["cards"][s])
        if not lane["cards"]["sun"] and not lane["cards"]["moon"]:
            lane["first"] = seat
        lane["cards"][seat].append(card)
        name = self.player_name(seat)
        down = card["face"] == "down"
        what = ("a Divine card" if card.get("divine") else "a card") if down else card_text(card)
        self.effect(f"{name} plays {what} {'face down ' if down else ''}into the "
                    f"{lane['name']} lane.", Q_PLAY)
        if first_face_up:
            lane["pillar"] = seat
            self.effect(f"{name} is the first to place a face-up card in the {lane['name']} lane: "
                        "the pillar moves to their side.", Q_PILLAR)
        due = self._draw_due(seat, hand["count"])
        if due:
            hand["count"] += due
            self.G["decks"][seat] -= due
            hand["cards"].extend(dict(c) for c in event.get("drawn", []))
            self.effect(f"{name} draws {due} card{'s' * (due != 1)} back up to "
                        f"{hand['count']}.", Q_DRAW)
        elif hand["count"] < HAND_SIZE:
            self.effect(f"{name}'s deck is empty: the hand stays at {hand['count']}.", Q_DRAW)
        if card.get("divine") == "Sorcerer" and self._exchange_targets(seat) and hand["count"]:
            self.G["pending"] = {"kind": "sorcerer", "player": seat, "lane": lane["name"]}
            self.effect(f"Sorcerer: {name} takes another card from one of their lanes and "
                        "exchanges it with one from their hand.", GLOSSARY["Sorcerer"])
            self.trigger("await_action")
        elif card.get("divine") == "Namari" and self._face_down_targets(seat):
            self.G["pending"] = {"kind": "namari", "player": seat, "lane": lane["name"]}
            self.effect(f"Namari: {name} may look at any played face-down card.",
                        GLOSSARY["Namari"])
            self.trigger("await_action")
        else:
            if card.get("divine") in ("Sorcerer", "Namari"):
                self.effect(f"{card['divine']} has nothing to act on.", GLOSSARY[card["divine"]])
            self._next_turn()

    @cites(Q_DRAW)
    def hand_holds_the_cards(self, event):
        count = self.G["hands"][event["player"]]["count"]
        if len(event["cards"]) > count:
            return f"{len(event['cards'])} cards entered for a hand of {count}."
        return True

    def on_hand(self, event):
        self.G["hands"][event["player"]]["cards"] = [dict(card) for card in event["cards"]]
        self.effect(f"{self.player_name(event['player'])} enters {len(event['cards'])} card"
                    f"{'s' * (len(event['cards']) != 1)} of their hand.")

    def _next_turn(self):
        seat = self.G["turn"]
        if all(self._room(self.G, self.table_options, s) == 0 for s in SEATS):
            self._end_age()
            return
        if self._can_play(self.G, self.table_options, other(seat)):
            self.G["turn"] = other(seat)
        elif self._can_play(self.G, self.table_options, seat):
            self.effect(f"{self.player_name(other(seat))} has no card to play or no place left: "
                        f"{self.player_name(seat)} plays again.", Q_AGE_ENDS)
        else:
            self.effect("Neither player has a card to play into the places left.", Q_AGE_ENDS)
            self._end_age()

    @classmethod
    def _can_play(cls, G, options, seat) -> bool:
        if not cls._room(G, options, seat):
            return False
        if G["hands"][seat]["count"]:
            return True
        return cls._owes_divine(G, seat) and cls._divine_room(G, options, seat) > 0

    # -- Divine actions ---------------------------------------------------------------------------

    def _exchange_targets(self, seat) -> list[tuple[str, int]]:
        return [(lane["name"], i + 1) for lane in self.G["lanes"]
                for i, card in enumerate(lane["cards"][seat]) if card.get("divine") != "Sorcerer"]

    def _face_down_targets(self, seat) -> list[tuple[str, str, int]]:
        return [(lane["name"], s, i + 1) for lane in self.G["lanes"] for s in SEATS
                for i, card in enumerate(lane["cards"][s]) if card["face"] == "down"
                and card.get("divine") != "Namari"]

    @cites(GLOSSARY["Sorcerer"])
    def sorcerer_is_acting(self, event):
        pending = self.G["pending"]
        if not pending or pending["kind"] != "sorcerer" or pending["player"] != event["player"]:
            return f"{self.player_name(event['player'])} has not just played Sorcerer."
        return True

    @cites(GLOSSARY["Sorcerer"])
    def exchange_is_possible(self, event):
        seat = event["player"]
        if event.get("divine"):  # the set-aside Divine cards are not in the hand
            raise self.violation(
                f"Sorcerer is {self.player_name(seat)}'s Divine card of this Age: putting "
                f"{event['divine']} in its exchange would use a second one.",
                (Q_DIVINE_ONE, GLOSSARY["Sorcerer"]))
        lane = self._lane(event["lane"])
        if event.get("side", seat) != seat:
            return (f"Sorcerer takes a card from {self.player_name(seat)}'s own lanes, not from "
                    f"{self.player_name(event['side'])}'s side.")
        cards = lane["cards"][seat]
        if event["position"] > len(cards):
            return (f"{self.player_name(seat)} has {len(cards)} card{'s' * (len(cards) != 1)} in "
                    f"the {lane['name']} lane: no card at position {event['position']}.")
        if cards[event["position"] - 1].get("divine") == "Sorcerer":
            return "Sorcerer exchanges another card, not itself."
        hand = self.G["hands"][seat]
        if len(hand["cards"]) == hand["count"] and not any(_same_card(event, held)
                                                           for held in hand["cards"]):
            return f"No card with {card_text(event)} is in the hand as entered."
        return True

    def on_exchange(self, event):
        seat = event["player"]
        lane = self._lane(event["lane"])
        index = event["position"] - 1
        taken = lane["cards"][seat][index]
        hand = self.G["hands"][seat]
        put = {key: event[key] for key in ("power", "feathers", "scorpions")}
        match = next((i for i, held in enumerate(hand["cards"]) if _same_card(put, held)), None)
        if match is not None:
            hand["cards"].pop(match)
        hand["cards"].append({key: taken[key] for key in ("power", "feathers", "scorpions")})
        lane["cards"][seat][index] = {**put, "face": taken["face"], "n": taken["n"],
                                      "exchanged": True}
        looked = [lane["name"], seat, event["position"]]  # Namari saw the card taken back
        self.G["seen"][other(seat)] = [target for target in self.G["seen"][other(seat)]
                                       if list(target) != looked]
        shown = card_text(put) if taken["face"] == "up" else "a card face down"
        self.effect(f"Sorcerer: {self.player_name(seat)} takes back the card at position "
                    f"{event['position']} of the {lane['name']} lane and puts {shown} in its place.",
                    GLOSSARY["Sorcerer"])
        self.G["pending"] = None
        self.trigger("action_done")
        self._next_turn()

    @cites(GLOSSARY["Namari"])
    def namari_is_acting(self, event):
        pending = self.G["pending"]
        if not pending or pending["kind"] != "namari" or pending["player"] != event["player"]:
            return f"{self.player_name(event['player'])} has not just played Namari."
        return True

    @cites(GLOSSARY["Namari"])
    def look_at_a_face_down_card(self, event):
        named = [event.get(key) is not None for key in ("lane", "side", "position")]
        if not any(named):
            return True
        if not all(named):
            return "Name the lane, whose side and the position of the face-down card."
        if (event["lane"], event["side"], event["position"]) not in \
                self._face_down_targets(event["player"]):
            return (f"There is no face-down card at position {event['position']} of "
                    f"{self.player_name(event['side'])}'s side of the {event['lane']} lane.")
        return True

    def on_look(self, event):
        seat = event["player"]
        if event.get("lane"):
            self.G["seen"][seat].append([event["lane"], event["side"], event["position"]])
            self.effect(f"Namari: {self.player_name(seat)} looks secretly at the face-down card at "
                        f"position {event['position']} of {self.player_name(event['side'])}'s "
                        f"side of the {event['lane']} lane, then returns it.", GLOSSARY["Namari"])
        else:
            self.effect(f"Namari: {self.player_name(seat)} looks at no card.", GLOSSARY["Namari"])
        self.G["pending"] = None
        self.trigger("action_done")
        self._next_turn()

    # -- resolving an Age -------------------------------------------------------------------------

    def _end_age(self):
        full = all(self._room(self.G, self.table_options, s) == 0 for s in SEATS)
        self.effect(f"{'Every lane is full: ' if full else ''}Age {ROMAN[self.G['age']]} ends.",
                    Q_RESOLVE)
        for seat in SEATS:
            if self._owes_divine(self.G, seat):  # possible under divine_required=not_enforced
                self.effect(f"{self.player_name(seat)} played no Divine card in Age "
                            f"{ROMAN[self.G['age']]}; the book prints no penalty for it, so "
                            "nothing is scored for it.", Q_DIVINE_MUST)
        if any(card["face"] == "down" for lane in self.G["lanes"] for s in SEATS
               for card in lane["cards"][s]):
            self.effect("All face-down cards are revealed.", Q_REVEAL)
        self.G["turn"] = None
        self._settle()

    def _settle(self, announced=()):
        resolver = self._resolver()
        results = resolver.all_lanes()
        ties = resolver.open_ties(results)
        for tie in ties:
            if (tie["lane"], tie["tie"]) not in announced:
                self.effect(f"The {tie['lane']} lane is tied in {tie['tie']}: "
                            f"{self.player_name(tie['holder'])}, who holds its pillar, decides.",
                            Q_TIES)
        if not ties:
            self._award(resolver, results)
        elif self.phase != "ties":
            self.trigger("await_ties")

    @cites(Q_TIES)
    def tie_is_open(self, event):
        if self.phase != "ties":  # a lane level while the Age is open is not a tie yet
            return "No tie is decided before every lane is full and the Age is resolved."
        ties = self._resolver().open_ties()
        match = [t for t in ties if t["lane"] == event["lane"] and t["tie"] == event["tie"]]
        if not match:
            return f"The {event['lane']} lane has no open tie in {event['tie']}."
        if match[0]["holder"] != event["player"]:
            return (f"{self.player_name(match[0]['holder'])} holds the {event['lane']} lane's "
                    "pillar and decides this tie.")
        return True

    @cites(Q_TIE_PICK)
    def choice_fits_the_tie(self, event):
        wanted = SEATS if event["tie"] == "power" else ("feathers", "scorpions")
        if event["choice"] not in wanted:
            return (f"In a tie for {event['tie']} the pillar holder picks "
                    f"{' or '.join(wanted)}.")
        return True

    def on_break_tie(self, event):
        announced = {(tie["lane"], tie["tie"]) for tie in self._resolver().open_ties()}
        self.G["tie_choices"].append({"lane": event["lane"], "tie": event["tie"],
                                      "choice": event["choice"]})
        picked = (f"{self.player_name(event['choice'])} wins" if event["tie"] == "power"
                  else f"{event['choice']} dominate")
        self.effect(f"{self.player_name(event['player'])} breaks the {event['lane']} lane's "
                    f"{event['tie']} tie: {picked}.", Q_TIE_PICK)
        self._settle(announced)

    def _award(self, resolver, results):
        lines = resolver.awards(results)
        age = self.G["age"]
        applied = apply_awards(self.G["renown"], lines, self.table_options)
        for line in applied:
            if line["seat"]:
                self.effect(f"Age {ROMAN[age]}: {self.player_name(line['seat'])} "
                            f"{line['points']:+d} renown ({line['label']}).", line["quote"])
        self.G["ages"].append({
            "age": age, "first_player": self.G["first_player"], "modifier": self.G["modifier"],
            "lanes": [lane_summary(r) for r in results], "lines": applied,
            "pillars": {lane["name"]: lane["pillar"] for lane in self.G["lanes"]},
        })
        self.G["age_over"] = True
        if age == AGES[-1]:
            self.G["result"] = final_result(self.G["renown"], self.G["ages"][-1],
                                            self.table_options)
            self.effect(self.G["result"]["text"], self.G["result"]["quote"])
            self.trigger("finish")
        else:
            self.effect(f"Age {ROMAN[age]} is scored: enter Age {ROMAN[age + 1]}'s quests.",
                        Q_NEW_QUESTS)
            self.trigger("age_done")

    # -- what can be done now ---------------------------------------------------------------------

    def choices(self) -> list[dict]:
        if self.game_over:
            return []
        if self.phase == "draft":
            return [{"type": "draft_divine", "player": seat, "open": ["kept", "passed"]}
                    for seat in self.current_players()]
        if self.phase == "quests":
            fields = ["quests", "modifier"] + ([] if self.G["age_over"] else ["first_player"])
            return [{"type": "begin_age", "player": SEATS[0], "open": fields}]
        if self.phase == "ties":
            return [{"type": "break_tie", "player": tie["holder"], "lane": tie["lane"],
                     "tie": tie["tie"], "choice": choice}
                    for tie in self._resolver().open_ties()
                    for choice in (SEATS if tie["tie"] == "power" else ("feathers", "scorpions"))]
        if self.phase == "action":
            return self._legal_actions()
        return self._legal_plays()

    def _legal_actions(self) -> list[dict]:
        pending = self.G["pending"]
        seat = pending["player"]
        if pending["kind"] == "namari":
            return [{"type": "namari_look", "player": seat},
                    *({"type": "namari_look", "player": seat, "lane": lane, "side": side,
                       "position": position}
                      for lane, side, position in self._face_down_targets(seat))]
        hand = self.G["hands"][seat]
        events = []
        for lane, position in self._exchange_targets(seat):
            base = {"type": "sorcerer_exchange", "player": seat, "lane": lane,
                    "position": position}
            for card in _distinct(hand["cards"]):
                events.append({**base, **card})
            if len(hand["cards"]) < hand["count"]:
                events.append({**base, "open": ["power", "feathers", "scorpions"]})
        return events

    def _legal_plays(self) -> list[dict]:
        seat = self.G["turn"]
        hand = self.G["hands"][seat]
        candidates = []
        for lane in LANES:
            for face in ("up", "down"):
                base = {"type": "play", "player": seat, "lane": lane, "face": face}
                for card in _distinct(hand["cards"]):
                    candidates.append({**base, **card})
                if hand["count"] > len(hand["cards"]):
                    candidates.append({**base, "open": ["power", "feathers", "scorpions"]})
                for held in self.G["divine"][seat]["unplayed"]:
                    event = {**base, "divine": held["name"]}
                    known = all(key in held or key in DIVINE_DATA["cards"][held["name"]]
                                for key in ("power", "feathers", "scorpions"))
                    if not known:
                        event["open"] = [key for key in ("power", "feathers", "scorpions")
                                         if key not in held]
                    candidates.extend(self._with_choices(event))
        return [event for event in candidates if self._accepts(event)]

    def _with_choices(self, event) -> list[dict]:
        """A Divine play, with each position Invictus may copy or Pentha/Isabel may name."""
        own = len(self._lane(event["lane"])["cards"][event["player"]])
        theirs = len(self._lane(event["lane"])["cards"][other(event["player"])])
        if event["divine"] == "Invictus" and own > 1:
            if self.option("invictus_copies") == "named":
                return [{**event, "copies": position} for position in range(1, own + 1)]
        if event["divine"] in ("Pentha", "Isabel") and theirs and \
                self.option("opposite") == "named":
            return [{**event, "opposite": position} for position in range(1, theirs + 1)]
        return [event]

    def _accepts(self, event) -> bool:
        """Would the play's guards accept it? (They only read the state.) An event with open
        fields is tried with zeros in them, and without the card-in-hand check, which the card
        entered will meet."""
        probe = {key: value for key, value in event.items() if key != "open"}
        guards = PLAY_GUARDS
        if "open" in event:
            probe.update({key: 0 for key in event["open"]})
            if not probe.get("divine"):
                guards = [guard for guard in PLAY_GUARDS if guard != "card_is_in_hand"]
        try:
            return all(getattr(self, guard)(probe) for guard in guards)
        except (RuleViolation, BadRequest):
            return False

    # -- scores and what each seat sees -----------------------------------------------------------

    def _hidden_for(self, viewer):
        """Which cards `viewer` cannot see: face-down cards of the other side (all of them for a
        spectator), unless looked at with Namari, until the Age ends and all are revealed."""
        if self.G["age_over"] or self.phase in ("ties", "over"):
            return lambda seat, li, i: False
        seen = {(lane, side, position) for lane, side, position in
                (self.G["seen"][viewer] if viewer else [])}

        def hidden(seat, li, i):
            if seat == viewer:
                return False
            card = self.G["lanes"][li]["cards"][seat][i]
            return card["face"] == "down" and (LANES[li], seat, i + 1) not in seen

        return hidden

    def standings(self, viewer: str | None) -> list[dict]:
        """Each lane as `viewer` may judge it if the Age ended now."""
        if self.G["lanes"][0]["quest"] is None:
            return []
        resolver = self._resolver(self._hidden_for(viewer))
        return [lane_summary(result) for result in resolver.all_lanes()]

    def scores(self) -> dict:
        sheet = score_sheet(self.G["renown"], self.G["ages"], self.player_name,
                            self.G["result"], self.standings(None), self._progress())
        sheet["table"] = self._table()
        return sheet

    def _table(self) -> dict:
        """What every seat may check at a glance: whose turn, places left, Divine cards owed."""
        options = self.table_options
        playing = self.phase in ("turns", "action")
        return {
            "age": self.G["age"], "age_over": self.G["age_over"], "turn": self.G["turn"],
            "first_player": self.G["first_player"], "modifier": self.G["modifier"],
            "modifier_text": MODIFIERS.get(self.G["modifier"]),
            "capacity": {name: capacity(self.G["modifier"], name, options) for name in LANES},
            "places_left": {seat: self._room(self.G, options, seat) for seat in SEATS},
            "divine_owed": {seat: playing and self._owes_divine(self.G, seat) for seat in SEATS},
            "divine_unplayed": {seat: len(self.G["divine"][seat]["unplayed"]) for seat in SEATS},
            "hand": {seat: self.G["hands"][seat]["count"] for seat in SEATS},
            "deck": dict(self.G["decks"]),
        }

    def _progress(self) -> str:
        if self.phase == "draft":
            return "The Divine draft: each player keeps 1 of 3 and passes 2."
        age = ROMAN[self._next_age()] if self.phase == "quests" else ROMAN[self.G["age"]]
        if self.phase == "quests":
            return f"Age {age}: the quests and the modifier are being placed."
        cards = sum(len(lane["cards"][s]) for lane in self.G["lanes"] for s in SEATS)
        places = sum(capacity(self.G["modifier"], lane["name"], self.table_options)
                     for lane in self.G["lanes"]) * 2
        return f"Age {age} of III: {cards} of {places} cards played."

    def visible_state(self, seat: str | None) -> dict:
        state = copy.deepcopy(self.G)
        hidden = self._hidden_for(seat)
        for li, lane in enumerate(state["lanes"]):
            for side in SEATS:
                for i, card in enumerate(lane["cards"][side]):
                    if hidden(side, li, i):
                        lane["cards"][side][i] = {"face": "down", "n": card["n"],
                                                  "divine": "?" if card.get("divine") else None,
                                                  "hidden": True}
        for side in SEATS:
            if side == seat:
                continue
            state["hands"][side]["cards"] = []
            held = state["divine"][side]["unplayed"]
            passed = list(self.G["draft"][seat]["passed"]) if seat and self.G["draft"][seat] \
                else []
            if any(card.get("divine") and hidden(side, li, i)
                   for li, lane in enumerate(self.G["lanes"])
                   for i, card in enumerate(lane["cards"][side])):
                passed = []  # naming the cards still held would name the one lying face down
            known = []
            for card in held:
                if card["name"] in passed:
                    passed.remove(card["name"])
                    known.append(card["name"])
            state["divine"][side]["unplayed"] = [{"name": name} for name in known] + \
                [{"name": "?"} for _ in range(len(held) - len(known))]
            if state["draft"][side]:
                state["draft"][side] = self._draft_seen_by(state["draft"][side], seat)
            state["seen"][side] = [list(target) for target in state["seen"][side]]
        state["live"] = self.standings(seat)
        return state

    def _draft_seen_by(self, draft: dict, seat: str | None) -> dict:
        """The other player's draft as `seat` sees it: the kept card never; the 2 passed cards
        once `seat` has drafted too ("Players simultaneously select 1 card to keep, passing the
        other 2 to their opponent." — they reach `seat`'s hand, nobody else's, and `seat` picks
        without knowing them); a spectator neither."""
        passed = draft["passed"]
        if seat is None or self.G["draft"][seat] is None:
            passed = ["?"] * len(passed)
        return {"kept": "?", "passed": list(passed)}

    def visible_event(self, event: dict, seat: str | None) -> dict:
        if event.get("player") == seat:
            return event
        kind = event.get("type")
        shown = dict(event)
        if kind == "hand":
            shown["cards"] = [{"hidden": True}] * len(event.get("cards", []))
        elif kind == "draft_divine":
            shown.update(self._draft_seen_by(event, seat))
        elif kind == "play":
            if "drawn" in shown:
                shown["drawn"] = [{"hidden": True}] * len(event["drawn"])
            if event.get("face") == "down":
                for key in ("power", "feathers", "scorpions", "face_up_icon", "opposite",
                            "copies"):
                    shown.pop(key, None)
                if event.get("divine"):
                    shown["divine"] = "?"
        elif kind == "sorcerer_exchange":  # the card put in shows on the table if it lies face up
            for key in ("power", "feathers", "scorpions"):
                shown.pop(key, None)
        return shown

    # -- the calculator ---------------------------------------------------------------------------

    @classmethod
    def score(cls, tallies: dict) -> dict:
        options = cls.options_with_defaults(tallies.get("options", {}))
        names = tallies.get("names", {})
        renown = {seat: 0 for seat in SEATS}
        ages = []
        used = []
        played: dict = {}  # a Divine name -> (field, True): played so far (divine_duplicates)
        champions = {seat: 0 for seat in SEATS}  # champion cards played so far in the game
        marker = None  # (index, seat): the first Age whose 1st player is entered
        without_divine: dict = {seat: [] for seat in SEATS}  # the Ages naming none of its cards
        # "refuse what is entered wrong; do not demand what is not entered": a tally naming no
        # Divine card anywhere is scored, and says the rule was not checked
        check_divine = options["divine_required"] == "refuse" and any(
            card.get("divine") for age in tallies["ages"] for lane in age["lanes"].values()
            for seat in SEATS for card in lane.get(seat, []))
        for index, age in enumerate(tallies["ages"]):
            field = f"ages[{index}]"
            marker = _marker_passed(age, index, marker)
            if options["divine_duplicates"] == "none":
                _one_of_each_name(_tally_divine_cards(age, field), played)
            if age["modifier"] in used:
                raise TableRefused(f"'{MODIFIERS[age['modifier']]}' was used in an earlier Age",
                                   f"{field}.modifier", Q_NEW_MODIFIER)
            used.append(age["modifier"])
            lanes = _tally_lanes(age, options, field)
            _check_full(lanes, age["modifier"], options, field, champions)
            if check_divine:
                _divine_played(lanes, index)
            for seat in SEATS:
                if not any(card.get("divine") for lane in lanes for card in lane["cards"][seat]):
                    without_divine[seat].append(index + 1)
            choices = {(name, tie): choice for name in LANES
                       for tie, choice in age["lanes"][name].get("ties", {}).items()}
            resolver = Resolver(lanes, age["modifier"], options, age.get("first_player"),
                                choices=choices)
            results = resolver.all_lanes()
            _picks_are_ties(age, results, field)
            for lane, result in zip(lanes, results, strict=True):
                if lane["pillar_unknown"] and (result["power_tie"] or result["suit_tie"]):
                    tie = "power" if result["power_tie"] else "suit"
                    raise BadRequest(f"the {lane['name']} lane is tied in {tie} and both players "
                                     "have face-up cards there: say who holds its pillar (its "
                                     "holder decides the tie)", f"{field}.lanes.{lane['name']}.pillar")
            if age.get("first_player") is None and options["unheld_pillar_ties"] == "first_player":
                for result in results:
                    if result["pillar"] is None and (result["power_tie"] or result["suit_tie"]):
                        raise BadRequest(
                            f"the {result['lane']} lane is tied and its pillar never moved: "
                            "under the ruling unheld_pillar_ties=first_player the holder of the "
                            "1st player marker decides, so say who held it",
                            f"{field}.first_player")
            for tie in resolver.open_ties(results):
                held = lanes[LANES.index(tie["lane"])]["pillar"] is not None
                raise BadRequest(f"the {tie['lane']} lane is tied in {tie['tie']}: enter what "
                                 f"{seat_word(tie['holder'])}, who holds "
                                 f"{'its pillar' if held else 'the 1st player marker'}, picked",
                                 f"{field}.lanes.{tie['lane']}.ties.{tie['tie']}")
            lines = apply_awards(renown, resolver.awards(results), options)
            unknown = [lane["name"] for lane in lanes if lane["pillar_unknown"]]
            ages.append({"age": index + 1, "first_player": age.get("first_player"),
                         "modifier": age["modifier"],
                         "lanes": [lane_summary(r) for r in results], "lines": lines,
                         "pillars": {lane["name"]: lane["pillar"] for lane in lanes}})
        if len(ages) == len(AGES) and renown["sun"] == renown["moon"] and unknown:
            raise BadRequest(f"renown is tied, so the pillars of Age III decide: say who holds the "
                             f"{unknown[0]} lane's pillar", f"ages[2].lanes.{unknown[0]}.pillar")
        if len(ages) == len(AGES) and renown["sun"] == renown["moon"] \
                and options["unheld_pillar_at_end"] == "first_player" \
                and ages[-1]["first_player"] is None and None in ages[-1]["pillars"].values():
            raise BadRequest("renown is tied and a pillar of Age III never moved: under the ruling "
                             "unheld_pillar_at_end=first_player it counts for the holder of the "
                             "1st player marker, so say who held it", "ages[2].first_player")
        result = final_result(renown, ages[-1], options) if len(ages) == len(AGES) else None
        progress = f"{len(ages)} of 3 Ages entered: the game ends after Age III."
        name_of = lambda seat: names.get(seat) or seat_word(seat)  # noqa: E731
        ruling = "" if options["divine_required"] == "refuse" else \
            " (the table ruling divine_required: not_enforced)"
        unchecked = {seat: [(f"No Divine card entered for {name_of(seat)} in "
                             f"{_ages_named(numbers)}, so “{Q_DIVINE_MUST}” was not checked"
                             f"{ruling}", Q_DIVINE_MUST)]
                     for seat, numbers in without_divine.items() if numbers}
        return score_sheet(renown, ages, name_of, result, [], progress, unchecked)


def _marker_passed(age: dict, index: int, marker: tuple | None) -> tuple | None:
    """"Pass the 1st player marker." at each new Age: with two players it goes to the other, so
    the Ages' entered 1st players alternate. A tally that contradicts the earliest one entered is
    a 400 naming the later Age's `first_player`. Returns the earliest (index, seat)."""
    seat = age.get("first_player")
    if seat is None or marker is None:
        return marker or ((index, seat) if seat else None)
    since, held = marker
    due = held if (index - since) % 2 == 0 else other(held)
    if seat != due:
        raise TableRefused(f"{seat_word(held)} held the 1st player marker in Age {ROMAN[since + 1]} "
                           f"and it passes at each new Age, so {seat_word(due)} holds it in Age "
                           f"{ROMAN[index + 1]}, not {seat_word(seat)}",
                           f"ages[{index}].first_player", Q_PASS_MARKER)
    return marker


def _distinct(cards: list[dict]) -> list[dict]:
    seen, out = set(), []
    for card in cards:
        key = (card["power"], card["feathers"], card["scorpions"])
        if key not in seen:
            seen.add(key)
            out.append({"power": card["power"], "feathers": card["feathers"],
                        "scorpions": card["scorpions"]})
    return out


def _one_of_each_name(cards, seen: dict, code: str = "bad_request") -> None:
    """Under divine_duplicates=none the table's Divine deck holds one card of each name. `cards`
    are (field, name, played) in the order entered, `seen` the names met before (name ->
    (field, played)); a name met twice is a 400 naming the second. Where either of the two is a
    card played, the play names a card that is not among its player's unplayed three (played
    before, or the other player's): the sentence a play of it is refused with in the game. Two
    cards set aside unplayed name one card the draft gave to one player once."""
    for where, name, played in cards:
        if not name:
            continue
        if name in seen:
            before, played_before = seen[name]
            raise TableRefused(f"{name} is at {before} too; the table's Divine deck holds one "
                               "of each name (ruling divine_duplicates: none)", where,
                               Q_DIVINE_SELECT if played or played_before else Q_KEEP, code)
        seen[name] = (where, played)


def _position_divine_cards(G: dict):
    """A position's Divine cards, each player's in the lanes then set aside unplayed."""
    for seat in SEATS:
        for lane in G["lanes"]:
            for i, card in enumerate(lane["cards"][seat]):
                yield f"position.lanes.{lane['name']}.{seat}[{i}]", card.get("divine"), True
        for i, card in enumerate(G["divine"][seat]["unplayed"]):
            yield f"position.divine.{seat}[{i}]", card["name"], False


def _tally_divine_cards(age: dict, field: str):
    """An Age's Divine cards played, as the calculator's tally lists them."""
    for name in LANES:
        for seat in SEATS:
            for i, card in enumerate(age["lanes"][name].get(seat, [])):
                yield f"{field}.lanes.{name}.{seat}[{i}]", card.get("divine"), True


def _tally_lanes(age: dict, options: dict, field: str) -> list[dict]:
    lanes = _empty_lanes()
    divine = {seat: 0 for seat in SEATS}
    for lane in lanes:
        entered = age["lanes"][lane["name"]]
        lane["quest"] = dict(entered["quest"])
        room = capacity(age["modifier"], lane["name"], options)
        for seat in SEATS:
            lane["cards"][seat] = [{"face": "up", "feathers": 0, "scorpions": 0, **card}
                                   for card in entered.get(seat, [])]
            if len(lane["cards"][seat]) > room:
                raise TableRefused(f"{len(lane['cards'][seat])} cards: the {lane['name']} lane "
                                   f"holds {room} per player",
                                   f"{field}.lanes.{lane['name']}.{seat}",
                                   _capacity_quote(age["modifier"], room))
            divine[seat] += sum(1 for card in lane["cards"][seat] if card.get("divine"))
            if divine[seat] > 1:
                raise TableRefused("a player plays one Divine card per Age",
                                   f"{field}.lanes.{lane['name']}.{seat}", Q_DIVINE_ONE)
            if divine[seat] and lane["name"] == "center" and age["modifier"] == "no_divine" \
                    and any(card.get("divine") for card in lane["cards"][seat]):
                raise TableRefused("no Divine cards may be played in the center under its "
                                   "modifier", f"{field}.lanes.center.{seat}",
                                   MODIFIERS["no_divine"])
            for i, card in enumerate(lane["cards"][seat]):
                if card.get("divine") == "Invictus" and i > 1 and not card.get("copies") \
                        and options["invictus_copies"] == "named":
                    raise TableRefused("name the card above Invictus that it copies (`copies`, a "
                                       "position), or take the ruling "
                                       "invictus_copies=directly_above",
                                       f"{field}.lanes.{lane['name']}.{seat}[{i}].copies",
                                       GLOSSARY["Invictus"])
                if card.get("copies", 0) > i:
                    raise TableRefused(f"Invictus copies a card above it: position "
                                       f"{card['copies']} is not",
                                       f"{field}.lanes.{lane['name']}.{seat}[{i}].copies",
                                       GLOSSARY["Invictus"])
                # what a play is refused for under the rulings (finding 140)
                if card.get("copies") not in (None, i) \
                        and options["invictus_copies"] == "directly_above":
                    raise TableRefused(f"the table ruled Invictus copies the card directly above "
                                       f"it (position {i})",
                                       f"{field}.lanes.{lane['name']}.{seat}[{i}].copies",
                                       GLOSSARY["Invictus"])
                if card.get("opposite") not in (None, i + 1) \
                        and card.get("divine") in ("Pentha", "Isabel") \
                        and options["opposite"] == "same_position":
                    raise TableRefused(f"the table ruled the opposite card is the one at "
                                       f"{card['divine']}'s own position ({i + 1})",
                                       f"{field}.lanes.{lane['name']}.{seat}[{i}].opposite",
                                       GLOSSARY[card["divine"]])
        try:
            Game._setup_pillar(lane, entered, f"{field}.lanes.{lane['name']}", required=False)
        except SetupError as wrong:
            raise BadRequest(wrong.message, wrong.field) from None
        _first_is_known(lane, entered, age["modifier"], options,
                        f"{field}.lanes.{lane['name']}", "bad_request")
    _check_face_down(lanes, age["modifier"], options, f"{field}.lanes", "bad_request")
    _check_exchanged(lanes, f"{field}.lanes", "bad_request")
    return lanes


def _first_is_known(lane: dict, entered: dict, modifier: str, options: dict, field: str,
                    code: str) -> None:
    """Under the ruling first_card=lane_first a first-card modifier changes the center's first card
    only, so who played it must be known and possible. The pillar holder played the first face-up
    card; with a face-down card among both players' cards there, the first card may be the other
    player's, so who played it (`first`) must be entered rather than taken to be the pillar
    holder. Under any ruling, a player whose first card there lies face up and who played the
    lane's first card (`first`) placed its first face-up card, so holds its pillar (finding 140)."""
    first = entered.get("first")
    if first is not None and lane["cards"][first] and lane["cards"][first][0]["face"] == "up" \
            and not lane.get("pillar_unknown") and lane["pillar"] != first:
        raise TableRefused(f"{seat_word(first)} played the {lane['name']} lane's first card face "
                           "up, so was the first to place a face-up card there and holds its "
                           f"pillar, not {seat_word(lane['pillar'])}", field + ".first", Q_PILLAR,
                           code)
    if lane["name"] != "center" or modifier not in FIRST_CARD_MODIFIERS \
            or options["first_card"] != "lane_first":
        return
    if first is None and all(lane["cards"][seat] for seat in SEATS) and (
            lane.get("pillar_unknown")
            or any(card["face"] == "down" for seat in SEATS for card in lane["cards"][seat])):
        raise BadRequest("say who played the center's first card (`first`): under the ruling "
                         "first_card=lane_first the modifier changes that card only, and the "
                         "lane does not tell whose it was (a face-down card there, or no pillar "
                         "holder entered)", field + ".first", code)
    if first is not None and not lane["cards"][first]:
        raise BadRequest(f"{seat_word(first)} has no card in the center lane, so did not play "
                         "its first card", field + ".first", code)


def _check_full(lanes: list[dict], modifier: str, options: dict, field: str,
                champions: dict) -> None:
    """An Age is scored once every lane is full: a column short of the lane's places is refused,
    unless its player had played every champion card of the deck (less the 4 set aside), the one
    way a player has a place left and nothing to play (then the referee passes them over). Counts
    this Age's champion cards into `champions`."""
    for seat in SEATS:
        champions[seat] += sum(1 for lane in lanes for card in lane["cards"][seat]
                               if not card.get("divine"))
    for lane in lanes:
        room = capacity(modifier, lane["name"], options)
        for seat in SEATS:
            played = len(lane["cards"][seat])
            owned = options["champion_deck_size"] - SET_ASIDE
            if played < room and champions[seat] < owned:
                raise TableRefused(
                    f"{seat_word(seat)} has {played} of the {room} cards the {lane['name']} lane "
                    f"holds per player, with {owned - champions[seat]} champion cards still to "
                    "play: an Age is scored only once every lane is full",
                    f"{field}.lanes.{lane['name']}.{seat}", Q_RESOLVE)


def _ages_named(numbers: list[int]) -> str:
    """'Age II', 'Ages I and III', 'Ages I, II and III'."""
    romans = [ROMAN[number] for number in numbers]
    if len(romans) == 1:
        return f"Age {romans[0]}"
    return f"Ages {', '.join(romans[:-1])} and {romans[-1]}"


def _capacity_quote(modifier: str, room: int) -> str:
    """The sentence that sets a lane's places: the book's 3, or the center's modifier."""
    return Q_CAPACITY if room == 3 else MODIFIERS[modifier]


def _picks_are_ties(age: dict, results: list[dict], field: str) -> None:
    """A tally's tie pick (`ties`) is entered only for a lane tied in that, whose pillar holder (or
    the marker's under unheld_pillar_ties=first_player) decides: "Ties in either suit or power are
    decided by the player that holds the pillar for that lane." Any other pick describes no game."""
    for result in results:
        for tie in age["lanes"][result["lane"]].get("ties", {}):
            where = f"{field}.lanes.{result['lane']}.ties.{tie}"
            if not result[f"{tie}_tie"]:
                raise TableRefused(f"the {result['lane']} lane is not tied in {tie}: there is no "
                                   "pick to enter", where, Q_TIES)
            if result["decider"] is None:
                raise TableRefused(f"the {result['lane']} lane's pillar never moved, so nobody "
                                   f"picks its {tie} tie (the table ruling unheld_pillar_ties: "
                                   "undecided)", where, Q_TIES)


def _divine_played(lanes: list[dict], index: int) -> None:
    """Under divine_required=refuse, in a tally that names Divine cards, a full Age in which a player
    played no Divine card is one the live game would have refused on the way (the play taking the
    last place one could go)."""
    for seat in SEATS:
        if not any(card.get("divine") for lane in lanes for card in lane["cards"][seat]):
            raise TableRefused(f"{seat_word(seat)} played no Divine card in Age {ROMAN[index + 1]} "
                               "(the table ruling divine_required: refuse)",
                               f"ages[{index}].lanes", Q_DIVINE_MUST)


def _check_exchanged(lanes: list[dict], field: str, code: str) -> None:
    """A card marked `exchanged` in a position or a tally was put in by its player's Sorcerer this
    Age: one card at most, not the Sorcerer itself, and only beside a Sorcerer of that player."""
    for seat in SEATS:
        marked = [(lane["name"], i, card) for lane in lanes
                  for i, card in enumerate(lane["cards"][seat]) if card.get("exchanged")]
        sorcerer = any(card.get("divine") == "Sorcerer" for lane in lanes
                       for card in lane["cards"][seat])
        for n, (name, i, card) in enumerate(marked):
            if card.get("divine") == "Sorcerer":
                why = "Sorcerer exchanges another card, not itself"
            elif not sorcerer:
                why = f"{seat_word(seat)} played no Sorcerer this Age to exchange it"
            elif n:
                why = f"{seat_word(seat)}'s Sorcerer exchanged one card, not {len(marked)}"
            else:
                continue
            raise TableRefused(why, f"{field}.{name}.{seat}[{i}].exchanged",
                               GLOSSARY["Sorcerer"], code)


def _check_face_down(lanes: list[dict], modifier: str, options: dict, field: str, code: str) -> None:
    """A position's or a tally's face-down cards, refused as a play laying them would be (400 naming
    the card, with the play's sentence); the `face_up_icon` entered with a card is only checked."""
    excess = face_down_excess(lanes, modifier, options)
    if excess:
        message, quote, where = excess
        raise TableRefused(message, f"{field}.{where}", quote, code)
    for lane in lanes:
        for seat in SEATS:
            for card in lane["cards"][seat]:
                card.pop("face_up_icon", None)

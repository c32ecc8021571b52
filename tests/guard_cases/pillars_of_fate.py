"""Pillars of Fate: every refusal, with the sentence it quotes and why that one.

The positions here are shared with tests/test_pillars_of_fate*.py: `opening()` is an Age just begun,
`last_card()` an Age with one place left (Sun to play the last card into the center lane).
"""

import copy

from referee.pillars_of_fate import Game
from referee.pillars_of_fate.rules import (
    GLOSSARY,
    MODIFIERS,
    Q_AGE1_QUESTS,
    Q_AGE_ENDS,
    Q_ALTERNATE,
    Q_CAPACITY,
    Q_DIVINE_ACTION,
    Q_DIVINE_FACE_UP,
    Q_DIVINE_MUST,
    Q_DIVINE_ONE,
    Q_DIVINE_SELECT,
    Q_DRAW,
    Q_FACE_DOWN,
    Q_FROM_HAND,
    Q_GAME_END,
    Q_KEEP,
    Q_NEW_MODIFIER,
    Q_NEW_QUESTS,
    Q_PASS_MARKER,
    Q_START,
    Q_TIE_PICK,
    Q_TIES,
)

from . import Case

PLAYERS = [{"name": "Ana", "seat": "sun"}, {"name": "Ben", "seat": "moon"}]


def card(power, feathers=0, scorpions=0, **more):
    return {"power": power, "feathers": feathers, "scorpions": scorpions, **more}


BLANK = {"power": 0, "feathers": 0, "scorpions": 0}  # a card that adds no power and no icon


def filled(age: dict, options: dict | None = None) -> dict:
    """A calculator's Age with every column topped up to the lane's places with blank face-up
    cards (the calculator scores an Age only once every lane is full): a test about one card's
    effect enters that card and lets the rest of the column be cards that change nothing."""
    from referee.pillars_of_fate.resolve import capacity
    from referee.pillars_of_fate.rules import OPTIONS
    rulings = {name: option.default for name, option in OPTIONS.items()}
    rulings.update(options or {})
    age = copy.deepcopy(age)
    for name, lane in age["lanes"].items():
        room = capacity(age["modifier"], name, rulings)
        for seat in ("sun", "moon"):
            column = lane.setdefault(seat, [])
            column += [dict(BLANK) for _ in range(room - len(column))]
    return age


def opening(**changes) -> dict:
    """Age I just begun (the example setup): Sun to play, hands and Divine cards entered."""
    position = copy.deepcopy(Game.example_setup["position"])
    position.update(changes)
    return position


def empty_decks(**changes) -> dict:
    """Age III just begun with both decks empty and five cards in each hand: under the table's
    `champion_deck_size` 25 (Age I and II filled 9 places each, one a Divine card), the 21 champion
    cards left after the 4 set aside are 16 played and these 5. Start it with that option."""
    example = Game.example_setup["position"]
    return opening(age=3, modifiers_used=["no_suit", "least_power"],
                   divine={seat: example["divine"][seat][:1] for seat in ("sun", "moon")},
                   **changes)


EMPTY_DECKS = {"champion_deck_size": 25}

# Age I's unplayed Divine cards are all three set aside ("Once per Age, you must play a Divine
# card."): a case about one of Sun's cards enters it with two of the example's, which it never plays
SUN_SPARE = Game.example_setup["position"]["divine"]["sun"][1:]  # Klar, Steward
MOON_AGE_I = Game.example_setup["position"]["divine"]["moon"]  # Hadria, Pentha, Eradan


def last_card(age=1, **changes) -> dict:
    """Every place taken but one: Sun plays the last card, into the center lane. Both players
    have played their Divine card this Age (Sun's Prophet on the left, Moon's Hadria in the
    center). Center power before the last card: Sun 9, Moon 11; its pillar is Moon's. Moon holds
    the 1st player marker (Moon has played 9 cards, Sun 8: turns alternate from Moon's)."""
    position = {
        "age": age, "first_player": "moon", "turn": "sun", "modifier": "two_face_down",
        "modifiers_used": ["double_power", "four_cards"][:age - 1],
        "lanes": {
            "left": {"quest": {"feather": 3, "scorpion": -1}, "pillar": "sun",
                     "sun": [card(5, 1), card(3, 1), card(4, 1, divine="Prophet")],
                     "moon": [card(6, 0, 1), card(2), card(2)]},
            "center": {"quest": {"feather": 2, "scorpion": 4}, "pillar": "moon", "first": "moon",
                       "sun": [card(2, 1), card(7, 0, 1)],
                       "moon": [card(6, 0, 2), card(3, 1, divine="Hadria"), card(2, 0, 1)]},
            "right": {"quest": {"feather": -2, "scorpion": 3}, "pillar": "moon",
                      "sun": [card(1, 0, 1), card(3, 1), card(4, 0, 2)],
                      "moon": [card(5, 1), card(2, 0, 1, face="down"), card(4, 1, 2)]},
        },
        # the hands and decks are what the champion cards played leave (Age III: Sun 4 and
        # Moon 3 in hand, the decks empty)
        "hands": {"sun": {"cards": [card(5, 0, 1), card(2, 1), card(9, 2), card(1),
                                    card(4, 1)][:5 if age < 3 else 4]}, "moon": {}},
        # one Divine card played in each earlier Age: 2, 1, 0 left unplayed
        "divine": {"sun": [{"name": "Klar", "power": 5, "feathers": 0, "scorpions": 1},
                           {"name": "Steward", "power": 2, "feathers": 0, "scorpions": 0}][:3 - age],
                   "moon": [{"name": "Pentha", "power": 2, "feathers": 0, "scorpions": 1},
                            {"name": "Eradan", "power": 1, "feathers": 1, "scorpions": 1}][:3 - age]},
        "renown": {"sun": 0, "moon": 0},
    }
    position.update(changes)
    return position


def divine_owed_last_card() -> dict:
    """last_card() with Sun's Prophet never played (a champion card in its place): Sun still owes
    Age I's Divine card, its last place is the center's, and its three are unplayed (Klar,
    Steward and a Saghari that no case plays)."""
    lanes = {**last_card()["lanes"],
             "left": {"quest": QUESTS[0], "pillar": "sun",
                      "sun": [card(5, 1), card(3, 1), card(4, 1)],
                      "moon": [card(6, 0, 1), card(2), card(2)]}}
    divine = last_card()["divine"]
    divine["sun"].append({"name": "Saghari", "power": 3, "feathers": 0, "scorpions": 0})
    return last_card(lanes=lanes, divine=divine)


def setup(position=None, **options) -> dict:
    return {"players": PLAYERS, "options": options, "position": position}


def play(player, lane, face="up", **fields) -> dict:
    return {"type": "play", "player": player, "lane": lane, "face": face, **fields}


DRAFTS = [{"type": "draft_divine", "player": "sun", "kept": "Prophet", "passed": ["Klar", "Naka"]},
          {"type": "draft_divine", "player": "moon", "kept": "Hadria",
           "passed": ["Steward", "Pentha"]}]
QUESTS = [{"feather": 3, "scorpion": -1}, {"feather": 2, "scorpion": 4},
          {"feather": -2, "scorpion": 3}]
# Sun's last card (power 5, a scorpion) wins the center 14-11 with no tie anywhere.
ENDS_AGE = play("sun", "center", **card(5, 0, 1))
# Sun's last card (power 2, a feather) ties the center's power 11-11: Moon holds its pillar.
TIES_CENTER = play("sun", "center", **card(2, 1))
ONE_LEFT = {"left": {"quest": QUESTS[0], "pillar": "sun", "sun": [card(5, 1)], "moon": [card(6, 0, 1)]},
            "center": {"quest": QUESTS[1], "pillar": "sun", "sun": [card(2, 1), card(3)],
                       "moon": [card(2), card(1)]},
            "right": {"quest": QUESTS[2]}}  # 3 cards each: Sun, who holds the marker, to play

CASES = [
    Case("keeps_one_passes_two", setup(),
         {"type": "draft_divine", "player": "sun", "kept": "Prophet",
          "passed": ["Klar", "Naka", "Steward"]},
         Q_KEEP, "three cards passed: the draft sentence says keep 1, pass the other 2"),
    Case("one_card_of_each_name", setup(divine_duplicates="none"),
         {"type": "draft_divine", "player": "sun", "kept": "Prophet",
          "passed": ["Prophet", "Naka"]},
         Q_KEEP, "under the ruling divine_duplicates=none there is one Prophet: the card kept is "
         "not one of 'the other 2' passed"),
    Case("turn_rule (draft)", setup(),
         {"type": "draft_divine", "player": "sun", "kept": "Klar", "passed": ["Naka", "Steward"]},
         Q_KEEP, "Sun has already kept one card; each player selects 1 card once",
         events=DRAFTS[:1]),
    Case("first_player_marker", setup(),
         {"type": "begin_age", "player": "sun", "quests": QUESTS, "modifier": "double_power"},
         Q_START, "Age I needs a starting player chosen and given the marker", events=DRAFTS),
    Case("first_player_marker", setup(last_card()),
         {"type": "begin_age", "player": "sun", "quests": QUESTS, "modifier": "no_suit",
          "first_player": "moon"},
         Q_PASS_MARKER, "Moon held the marker in Age I; starting a new Age passes it",
         events=[ENDS_AGE]),
    Case("quests_match_the_age", setup(),
         {"type": "begin_age", "player": "sun", "first_player": "sun", "modifier": "no_suit",
          "quests": [QUESTS[0], {**QUESTS[1], "age": 2}, QUESTS[2]]},
         Q_AGE1_QUESTS, "an Age II quest card placed in Age I: setup places Age I quest cards",
         events=DRAFTS),
    Case("quests_match_the_age", setup(last_card()),
         {"type": "begin_age", "player": "sun", "modifier": "no_suit",
          "quests": [QUESTS[0], {**QUESTS[1], "age": 1}, QUESTS[2]]},
         Q_NEW_QUESTS, "an Age I quest card placed in Age II: new quests match the current Age",
         events=[ENDS_AGE]),
    Case("phase (a new Age mid-Age)", setup(last_card()),
         {"type": "begin_age", "player": "moon", "quests": QUESTS, "modifier": "no_suit"},
         Q_AGE_ENDS, "one place is still open: the Age has not ended, so no new Age begins "
         "(finding 91)"),
    Case("modifier_is_new", setup(last_card()),
         {"type": "begin_age", "player": "moon", "quests": QUESTS, "modifier": "two_face_down"},
         Q_NEW_MODIFIER, "the Age I modifier placed again: the next Age takes a new one",
         events=[ENDS_AGE]),
    Case("divine_not_twice", setup(last_card()),
         play("sun", "center", divine="Klar"),
         Q_DIVINE_ONE, "Sun played Prophet this Age; a second Divine card is what the note forbids"),
    Case("divine_is_unplayed", setup(opening()),
         play("sun", "left", divine="Naka", power=1, feathers=0, scorpions=0),
         Q_DIVINE_SELECT, "Naka is not among Sun's unplayed Divine cards"),
    Case("card_is_in_hand", setup(opening()),
         play("sun", "left", **card(9, 0, 0)),
         Q_FROM_HAND, "Sun's whole hand is entered and holds no power-9 card without icons"),
    Case("lane_has_room", setup(last_card()),
         play("sun", "left", **card(1)),
         Q_CAPACITY, "Sun already has 3 cards in the left lane"),
    Case("lane_has_room", setup(opening(modifier="two_cards", lanes={
        **ONE_LEFT, "center": {"quest": QUESTS[1], "pillar": "sun", "sun": [card(2, 1), card(3)],
                               "moon": [card(2), card(1)]}})),
         play("sun", "center", **card(5, 1)),
         MODIFIERS["two_cards"], "the center modifier limits the lane to 2 cards per player"),
    Case("lane_has_room", setup(opening(modifier="four_cards", lanes={
        **ONE_LEFT, "center": {"quest": QUESTS[1], "pillar": "sun",
                               "sun": [card(2, 1), card(3), card(2), card(1)],
                               "moon": [card(2), card(2), card(1), card(1)]}})),
         play("sun", "center", **card(5, 1)),
         MODIFIERS["four_cards"], "the center modifier sets the lane to 4 cards per player"),
    Case("divine_allowed_in_lane", setup(opening(modifier="no_divine")),
         play("sun", "center", divine="Prophet"),
         MODIFIERS["no_divine"], "a Divine card into the center lane under the no-Divine modifier"),
    Case("face_down_allowed", setup(opening(lanes={
        **ONE_LEFT, "left": {"quest": QUESTS[0], "pillar": "sun", "sun": [card(5, 1)],
                             "moon": [card(6, 0, 1, face="down")]}})),
         play("sun", "left", "down", **card(5, 1)),
         Q_FACE_DOWN, "Moon's face-down card already uses the left lane's one face-down place"),
    Case("face_down_allowed", setup(opening(modifier="two_face_down", lanes={
        **ONE_LEFT, "center": {"quest": QUESTS[1], "pillar": None, "sun": [card(2, 1, face="down")],
                               "moon": [card(2, face="down")]}})),
         play("sun", "center", "down", **card(5, 1)),
         MODIFIERS["two_face_down"], "the modifier's 2 face-down cards are already in the center"),
    Case("face_down_allowed", setup(opening(
        divine={"sun": [{"name": "Prophet", "power": 4, "feathers": 1, "scorpions": 0},
                        SUN_SPARE[0]], "moon": MOON_AGE_I},
        lanes={**ONE_LEFT, "right": {"quest": QUESTS[2], "pillar": "sun",
                         "sun": [card(2, divine="Naka")], "moon": [card(1)]},
               "left": {"quest": QUESTS[0], "pillar": None, "sun": [card(5, 1, face="down")],
                        "moon": [card(6, 0, 1, face="down")]}})),
         play("sun", "left", "down", **card(5, 1)),
         GLOSSARY["Naka"], "Naka allows 2 face-down cards in Sun's other lanes, and there are 2"),
    Case("face_down_allowed", setup(opening()),
         play("sun", "left", "down", divine="Prophet", face_up_icon=True),
         Q_DIVINE_FACE_UP, "the card carries the icon that says it must be played face up"),
    Case("divine_still_playable", setup(divine_owed_last_card()),
         play("sun", "center", **card(5, 0, 1)),
         Q_DIVINE_MUST, "Sun has played no Divine card this Age and this is Sun's last place"),
    Case("invictus_copies_a_card_above", setup(opening(
        divine={"sun": [{"name": "Invictus", "power": 0, "feathers": 0, "scorpions": 0},
                        *SUN_SPARE], "moon": MOON_AGE_I},
        lanes={**ONE_LEFT, "left": {"quest": QUESTS[0], "pillar": "sun", "sun": [card(5, 1), card(3)],
                                    "moon": [card(6, 0, 1), card(1)]}})),
         play("sun", "left", divine="Invictus"),
         GLOSSARY["Invictus"], "two cards are above Invictus and the table rules the player names "
         "which one it copies"),
    Case("opposite_card_named", setup(opening(
        divine={"sun": [{"name": "Pentha", "power": 2, "feathers": 0, "scorpions": 1},
                        *SUN_SPARE], "moon": MOON_AGE_I},
        lanes={**ONE_LEFT, "left": {"quest": QUESTS[0], "pillar": "sun", "sun": [card(5, 1), card(4)],
                                    "moon": [card(6, 0, 1), card(2)]}}), opposite="named"),
         play("sun", "left", divine="Pentha"),
         GLOSSARY["Pentha"], "the table names the opposite card and Moon has two in the lane"),
    Case("draw_back_up_to_five", setup(opening()),
         play("sun", "left", draw=2, **card(5, 1)),
         Q_DRAW, "one card played from a hand of 5: the player draws 1 back up to 5"),
    Case("hand_holds_the_cards", setup(opening()),
         {"type": "hand", "player": "sun", "cards": [card(1)] * 6},
         Q_DRAW, "six cards entered for a hand the draw keeps at 5"),
    Case("turn_rule (turns)", setup(opening()),
         play("moon", "left", **card(6, 0, 1)),
         Q_ALTERNATE, "Sun holds the 1st player marker and has not played yet: turns alternate"),
    Case("sorcerer_is_acting", setup(opening()),
         {"type": "sorcerer_exchange", "player": "sun", "lane": "left", "position": 1,
          **card(5, 1)},
         GLOSSARY["Sorcerer"], "an exchange with no Sorcerer played"),
    Case("exchange_is_possible", setup(opening(
        divine={"sun": [{"name": "Sorcerer", "power": 1, "feathers": 0, "scorpions": 0},
                        *SUN_SPARE], "moon": MOON_AGE_I}, lanes=ONE_LEFT)),
         {"type": "sorcerer_exchange", "player": "sun", "lane": "left", "position": 3,
          **card(5, 1)},
         GLOSSARY["Sorcerer"], "Sun has one card in the left lane, none at position 3",
         events=[play("sun", "right", divine="Sorcerer")]),
    Case("exchange_is_possible", setup(opening(
        divine={"sun": [{"name": "Sorcerer", "power": 1, "feathers": 0, "scorpions": 0},
                        *SUN_SPARE], "moon": MOON_AGE_I}, lanes=ONE_LEFT)),
         {"type": "sorcerer_exchange", "player": "sun", "lane": "left", "side": "moon",
          "position": 1, **card(5, 1)},
         GLOSSARY["Sorcerer"], "Sorcerer takes a card from \"any of your lanes\": not Moon's",
         events=[play("sun", "right", divine="Sorcerer")]),
    Case("exchange_is_possible (a Divine card put in)", setup(opening(
        divine={"sun": [{"name": "Sorcerer", "power": 1, "feathers": 0, "scorpions": 0},
                        *SUN_SPARE], "moon": MOON_AGE_I}, lanes=ONE_LEFT)),
         {"type": "sorcerer_exchange", "player": "sun", "lane": "left", "position": 1,
          "divine": SUN_SPARE[0]["name"], **card(5, 1)},
         Q_DIVINE_ONE, "Sun's Sorcerer is the Age's Divine card: another set-aside Divine card put "
         "in by the exchange is a second (and it is not in the hand, as Sorcerer's text asks)",
         events=[play("sun", "right", divine="Sorcerer")], also=(GLOSSARY["Sorcerer"],)),
    Case("refused_turn_quote (sorcerer_exchange)", setup(opening()),
         {"type": "sorcerer_exchange", "player": "moon", "lane": "left", "position": 1,
          **card(5, 1)},
         GLOSSARY["Sorcerer"], "Moon has played no Sorcerer: its text, not whose turn it is"),
    Case("refused_turn_quote (namari_look)", setup(opening()),
         {"type": "namari_look", "player": "moon", "lane": "left", "side": "sun", "position": 1},
         GLOSSARY["Namari"], "Moon has played no Namari: its text, not whose turn it is"),
    Case("refused_turn_quote (break_tie)", setup(opening()),
         {"type": "break_tie", "player": "moon", "lane": "left", "tie": "power", "choice": "moon"},
         Q_TIES, "no tie to decide mid-Age, whoever's turn it is"),
    Case("namari_is_acting", setup(opening()),
         {"type": "namari_look", "player": "sun", "lane": "left", "side": "moon", "position": 1},
         GLOSSARY["Namari"], "a look with no Namari played"),
    Case("look_at_a_face_down_card", setup(opening(
        divine={"sun": [{"name": "Namari", "power": 1, "feathers": 0, "scorpions": 0},
                        *SUN_SPARE], "moon": MOON_AGE_I},
        lanes={**ONE_LEFT, "left": {"quest": QUESTS[0], "pillar": "sun", "sun": [card(5, 1), card(4)],
                                    "moon": [card(6, 0, 1), card(2, face="down")]}})),
         {"type": "namari_look", "player": "sun", "lane": "left", "side": "moon", "position": 1},
         GLOSSARY["Namari"], "Moon's first card in the left lane is face up: Namari looks at a "
         "face-down card", events=[play("sun", "right", divine="Namari")]),
    Case("refused_phase_quote (Age I quests)", setup(),
         play("sun", "left", **card(5, 1)),
         Q_AGE1_QUESTS, "a card before Age I's quests are placed: setup step 6 places them (the "
         "'new Age' step is for Ages II and III)", events=DRAFTS),
    Case("phase_rule (action)", setup(opening(
        divine={"sun": [{"name": "Namari", "power": 1, "feathers": 0, "scorpions": 0},
                        *SUN_SPARE], "moon": MOON_AGE_I},
        lanes={**ONE_LEFT, "left": {"quest": QUESTS[0], "pillar": "sun", "sun": [card(5, 1), card(4)],
                                    "moon": [card(6, 0, 1), card(2, face="down")]}})),
         play("sun", "left", **card(5, 1)),
         Q_DIVINE_ACTION, "Namari's action is performed immediately upon playing, before a card",
         events=[play("sun", "right", divine="Namari")]),
    Case("turn_rule (action)", setup(opening(
        divine={"sun": [{"name": "Namari", "power": 1, "feathers": 0, "scorpions": 0},
                        *SUN_SPARE], "moon": MOON_AGE_I},
        lanes={**ONE_LEFT, "left": {"quest": QUESTS[0], "pillar": "sun", "sun": [card(5, 1), card(4)],
                                    "moon": [card(6, 0, 1), card(2, face="down")]}})),
         play("moon", "left", **card(5, 1)),
         Q_DIVINE_ACTION, "Sun performs Namari's action immediately; Moon waits, and it is not "
         "Moon's turn either (finding 99: the turn order quoted after it)",
         events=[play("sun", "right", divine="Namari")], also=(Q_ALTERNATE,)),
    Case("tie_is_open", setup(opening()),
         {"type": "break_tie", "player": "sun", "lane": "left", "tie": "power", "choice": "sun"},
         Q_TIES, "no tie to break mid-Age"),
    Case("tie_is_open", setup(last_card()),
         {"type": "break_tie", "player": "moon", "lane": "left", "tie": "power", "choice": "moon"},
         Q_TIES, "the left lane is not tied", events=[TIES_CENTER]),
    Case("turn_rule (ties)", setup(last_card()),
         {"type": "break_tie", "player": "sun", "lane": "center", "tie": "power", "choice": "sun"},
         Q_TIES, "Moon holds the center pillar and decides its tie", events=[TIES_CENTER]),
    Case("refused_phase_quote (ties: the next Age)", setup(last_card()),
         {"type": "begin_age", "player": "sun", "modifier": "least_power", "quests": QUESTS},
         Q_TIES, "the Age is over but Moon's tie waits: Resolving an Age's step 2 comes before the "
         "next Age is set up (finding 102)", events=[TIES_CENTER]),
    Case("refused_phase_quote (ties: namari_look)", setup(last_card()),
         {"type": "namari_look", "player": "moon"},
         GLOSSARY["Namari"], "nobody played Namari: its text, in the ties as mid-Age (finding 102)",
         events=[TIES_CENTER]),
    Case("refused_phase_quote (between Ages: break_tie)", setup(last_card()),
         {"type": "break_tie", "player": "sun", "lane": "center", "tie": "power", "choice": "sun"},
         Q_TIES, "Age I is scored and no tie is open; only a pillar holder decides one, and "
         "Age II's set-up waits (finding 104)", events=[ENDS_AGE], also=(Q_NEW_QUESTS,)),
    Case("refused_phase_quote (between Ages: sorcerer_exchange)", setup(last_card()),
         {"type": "sorcerer_exchange", "player": "sun", "lane": "left", "position": 1,
          **card(5, 1)},
         GLOSSARY["Sorcerer"], "nobody played Sorcerer: its text, between the Ages as mid-Age, "
         "and Age II's set-up waits (finding 104)", events=[ENDS_AGE], also=(Q_NEW_QUESTS,)),
    Case("choice_fits_the_tie", setup(last_card()),
         {"type": "break_tie", "player": "moon", "lane": "center", "tie": "power",
          "choice": "feathers"},
         Q_TIE_PICK, "a tie for power is broken by picking who wins, not a suit",
         events=[TIES_CENTER]),
    Case("game_over", setup(last_card(age=3)),
         play("moon", "left", **card(1)),
         Q_GAME_END, "Age III was the last", events=[ENDS_AGE]),
]

"""Avignon: Pilgrimage — every refusal, with the sentence it quotes and why that one.

Positions are entered as a table would enter them (`Game.position_schema`): five paths, each one
card at one location; Rome PULLs toward Rome and PUSHes toward Avignon.
"""

from referee.avignon import (
    Q_ALTERNATE,
    Q_BESEECH,
    Q_CANONIST,
    Q_COPIES,
    Q_COURTESAN,
    Q_END,
    Q_EXCOMMUNICATE,
    Q_EXCOMMUNICATE_SHUFFLE,
    Q_FIRST,
    Q_NUNCIO,
    Q_OUT,
    Q_PETITION,
    Q_REPLACE,
    Q_SAMARITAN,
    Q_SCORE_SHUFFLE,
    Q_SCRIBE,
    Q_SCRIBE_WIN,
    Q_SELFLESS,
    Q_SETUP,
    Q_TWO,
    Q_VICAR,
)

from . import Case

PLAYERS = [{"name": "Rosa", "seat": "rome"}, {"name": "Aldo", "seat": "avignon"}]
GENOA = ["Vicar", "Scribe", "Nuncio", "Courtesan", "Canonist"]


def board(*cells):
    return [{"path": n, "character": c, "location": where}
            for n, (c, where) in enumerate(cells, start=1)]


def position(cells=None, turn="rome", **extra) -> dict:
    cells = cells or [(name, "genoa") for name in GENOA]
    return {"board": board(*cells), "turn": turn, "first_turn": False, **extra}


def setup(position=None, **options) -> dict:
    body = {"players": PLAYERS, "options": options}
    if position is not None:
        body["position"] = position
    return body


def ev(kind, player="rome", **fields) -> dict:
    return {"type": kind, "player": player, **fields}


# Rome's Congregation holds a Vicar; the discard pile an Ascetic.
OUT_OF_PLAY = position(congregations={"rome": ["Vicar"], "avignon": []}, discard=["Ascetic"])
VICAR_IN_ROME = {"character": "Vicar", "congregation": "rome"}
# Rome took a turn that changed path 1 only (the Canonist excommunicated from path 5 was replaced
# by the other Canonist): Avignon's beseech of path 1 puts it back.
ROME_TURN = [ev("beseech", path=1), ev("excommunicate", path=5), ev("draw", character="Canonist")]

CASES = [
    Case("action_not_repeated", setup(position()), ev("beseech", path=2),
         Q_TWO, "a second BESEECH this turn: the sentence ends 'the same action may not be taken "
         "twice'", events=[ev("beseech", path=1)]),
    *[Case("target_in_play", setup(OUT_OF_PLAY), ev(kind, card=VICAR_IN_ROME),
           Q_OUT, f"{kind} names the Vicar in Rome's Congregation: the book says Congregation "
           "cards are out of play and cannot be affected by actions")
      for kind in ("beseech", "chastise", "excommunicate")],
    Case("target_in_play", setup(OUT_OF_PLAY), ev("beseech", card={"character": "Ascetic"}),
         Q_BESEECH, "the only Ascetic left is in the discard pile: BESEECH pulls a character one "
         "space, and a discarded card is on no space (the book has no sentence about the discard "
         "pile being out of play, so the action's own definition is the most specific one)"),
    Case("petition_is_legal", setup(OUT_OF_PLAY), ev("petition", card=VICAR_IN_ROME),
         Q_OUT, "petitioning a card in a Congregation: out of play, it cannot be affected"),
    Case("petition_is_legal", setup(OUT_OF_PLAY), ev("petition", card={"character": "Ascetic"}),
         Q_PETITION, "the Ascetic is in the discard pile: PETITION uses the ability 'of one "
         "character in play'"),
    Case("petition_is_legal", setup(OUT_OF_PLAY),
         ev("petition", path=5, switch=[VICAR_IN_ROME, 2], push=2),
         Q_OUT, "the Canonist switching a card of a Congregation: out of play"),
    Case("petition_is_legal", setup(position()),
         ev("petition", path=5, switch=[5, 2], push=2),
         Q_CANONIST, "the Canonist switching itself: its ability says 'two other characters'"),
    Case("petition_is_legal", setup(position()),
         ev("petition", path=1, bishops=[1, 1], excommunicate=1),
         Q_VICAR, "the Vicar excommunicating itself: its ability says 'any other character'"),
    Case("petition_is_legal", setup(position()),
         ev("petition", path=1, bishops=[2, 2], excommunicate=3),
         Q_VICAR, "the Scribe pushed as a Bishop: the Vicar's ability says 'PUSH Bishop twice'"),
    Case("petition_is_legal", setup(position([("Vicar", "genoa"), ("Scribe", "genoa"),
                                              ("Nuncio", "genoa"), ("Courtesan", "nice"),
                                              ("Canonist", "genoa")])),
         ev("petition", path=4, target=2),
         Q_COURTESAN, "the Scribe in Genoa is not closer to Rome's rival (Avignon) than the "
         "Courtesan in Nice: the Courtesan's ability names exactly that"),
    Case("petition_is_legal", setup(position()), ev("petition", path=2, target=5, move="pull"),
         Q_SCRIBE, "path 5 is not adjacent to the Scribe's path 2: the ability says 'any in a "
         "path adjacent to Scribe'"),
    Case("petition_is_legal", setup(position()), ev("petition", path=3, target=2),
         Q_NUNCIO,
         "a choice given to the Nuncio: its ability has none, so its own sentence is quoted"),
    Case("no_draw_pending", setup(position()), ev("beseech", path=1),
         Q_EXCOMMUNICATE, "a card must first be drawn into the excommunicated card's place: "
         "'Draw a new character and place it in the exact position the removed card occupied'",
         events=[ev("excommunicate", path=2)]),
    Case("no_draw_pending", setup(), ev("beseech", path=1),
         Q_SETUP, "the five face-up cards of the setup are not all drawn yet"),
    Case("a_draw_is_due", setup(position()), ev("draw", character="Ascetic"),
         Q_EXCOMMUNICATE, "no card is to be drawn: a card is drawn only to replace one "
         "excommunicated or one scored, so both sentences are quoted",
         also=(Q_REPLACE,)),
    Case("a_draw_is_due (the player not on turn)", setup(position()),
         ev("draw", "avignon", character="Ascetic"),
         Q_EXCOMMUNICATE, "Avignon enters a draw during Rome's turn: what is wrong is that no card "
         "is to be drawn (no excommunication, no scored card), not that Avignon acts out of turn, "
         "so the two sentences that say when a card is drawn are quoted, as for Rome",
         also=(Q_REPLACE,)),
    Case("drawn_by_that_player",
         setup(position([("Vicar", "avignon"), ("Scribe", "genoa"), ("Nuncio", "genoa"),
                         ("Courtesan", "genoa"), ("Canonist", "genoa")])),
         ev("draw", character="Ascetic"),
         Q_REPLACE, "Rome pushed the Vicar past Avignon into Avignon's Congregation: 'That "
         "player then draws' — Avignon, the player it was moving towards, not Rome",
         events=[ev("chastise", path=1)]),
    Case("drawn_by_that_player (excommunicated)", setup(position()),
         ev("draw", "avignon", character="Ascetic"),
         Q_EXCOMMUNICATE, "Rome excommunicated the card: the action's 'Draw a new character' is "
         "Rome's to do, not Avignon's", events=[ev("excommunicate", path=1)]),
    Case("card_can_be_in_deck", setup(position([("Vicar", "genoa"), ("Vicar", "nice"),
                                                ("Nuncio", "genoa"), ("Courtesan", "genoa"),
                                                ("Canonist", "genoa")])),
         ev("draw", character="Vicar"),
         Q_COPIES, "both Vicars are on the map: the deck holds two copies of each character",
         events=[ev("excommunicate", path=3)]),
    Case("card_can_be_in_deck (a discarded copy)",
         setup(position([("Vicar", "genoa"), ("Vicar", "nice"), ("Nuncio", "genoa"),
                         ("Courtesan", "genoa"), ("Canonist", "genoa")])),
         ev("draw", character="Vicar"),
         Q_EXCOMMUNICATE_SHUFFLE, "the Vicar just excommunicated lies in the discard pile and the "
         "deck still has cards: discarded cards come back only when the deck is empty, not the "
         "two-copies sentence (quoted second)", also=(Q_COPIES,),
         events=[ev("excommunicate", path=1)]),
    Case("card_can_be_in_deck (a discarded copy, scoring)",
         setup(position([("Vicar", "avignon"), ("Scribe", "genoa"), ("Nuncio", "genoa"),
                         ("Courtesan", "genoa"), ("Canonist", "genoa")],
                        discard=["Ascetic", "Ascetic"])),
         ev("draw", "avignon", character="Ascetic"),
         Q_SCORE_SHUFFLE, "both Ascetics are in the discard pile and the deck still has cards: "
         "the Scoring section's reshuffle sentence, for a scored card's replacement",
         also=(Q_COPIES,),
         events=[ev("chastise", path=1)]),
    Case("turn_cannot_go_on", setup(position()), ev("end_turn"),
         Q_TWO, "Rome can still take actions: each player takes exactly two"),
    Case("turn_cannot_go_on (first turn)", setup(position(first_turn=True)), ev("end_turn"),
         Q_SELFLESS, "Rome ends the game's first turn before its single action: the Selfless Rule "
         "sets that turn's one action (it modifies 'exactly two', quoted after it)",
         also=(Q_TWO,)),
    Case("turn_rule (first turn)", setup(position(first_turn=True)), ev("beseech", "avignon", path=1),
         Q_FIRST, "Avignon acting on the game's first turn: the Roman player goes first"),
    Case("turn_rule (Selfless Rule)", setup(position(first_turn=True)), ev("chastise", path=2),
         Q_SELFLESS, "Rome's second action on the first turn: the first player takes only one",
         events=[ev("beseech", path=1)]),
    Case("turn_rule (cutting in)", setup(position()), ev("beseech", "avignon", path=2),
         Q_TWO, "Avignon acts after Rome's first action: Rome's turn is exactly two actions, and "
         "play alternates only after it; which sentence the player broke is unclear, so both",
         also=(Q_ALTERNATE,), events=[ev("beseech", path=1)]),
    Case("turn_rule (third action)", setup(position()), ev("excommunicate", path=3),
         Q_TWO, "Rome's third action: exactly two, then play alternates; both are quoted",
         also=(Q_ALTERNATE,), events=[ev("beseech", path=1), ev("chastise", path=2)]),
    Case("end_rule (three cards)",
         setup(position([("Vicar", "rome"), ("Scribe", "nice"), ("Nuncio", "genoa"),
                          ("Courtesan", "genoa"), ("Canonist", "genoa")],
                         congregations={"rome": ["Ascetic", "Ascetic"], "avignon": []})),
         ev("beseech", "avignon", path=2),
         Q_END, "Rome's third card ended the game", events=[ev("beseech", path=1)]),
    Case("end_rule (the Scribe)",
         setup(position(congregations={"rome": ["Ascetic", "Ascetic"], "avignon": []})),
         ev("beseech", path=1),
         Q_SCRIBE_WIN, "the game ended because the Scribe was in Genoa at the start of Rome's "
         "turn with two cards in Rome's Congregation: that rule, not the three-card rule, ended "
         "it"),
    Case("samaritan (whole turn)", setup(position(), samaritan_compares="board"),
         ev("chastise", "avignon", path=2),
         Q_SAMARITAN, "Avignon's two actions would put the board back exactly as before Rome's "
         "turn", events=[ev("beseech", path=1), ev("chastise", path=2),
                         ev("beseech", "avignon", path=1)]),
    Case("samaritan (undoes previous)", setup(position(), samaritan_reversal="undoes_previous"),
         ev("chastise", "avignon", path=2),
         Q_SAMARITAN, "Avignon puts back the one path Rome's turn changed and also moves another: "
         "under this table ruling that is still a complete reversal, refused at the action that "
         "ends the turn",
         events=[*ROME_TURN, ev("beseech", "avignon", path=1)]),
    Case("action_not_repeated (the Vicar's EXCOMMUNICATE)",
         setup(position(), vicar_excommunicate="the_action"), ev("excommunicate", path=3),
         Q_TWO, "Rome petitioned the Vicar (its EXCOMMUNICATE) this turn: under this table ruling "
         "that is the EXCOMMUNICATE action, and the same action may not be taken twice; the "
         "Vicar's text after it", also=(Q_VICAR,),
         events=[ev("petition", path=1, bishops=[1, 1], excommunicate=2),
                 ev("draw", character="Ascetic")]),
]

WALKS_VIOLATIONS = True
UNWALKED: dict[str, str] = {}

"""Fifth audit of the Avignon: Pilgrimage referee (session 10), through the HTTP API: a draw entered
by the player not on turn (the message and the sentences), the Samaritan Rule when a turn replaced
a character by its other copy (under each `samaritan_compares` and `samaritan_reversal` reading),
and the start of play.

Map order (Setup): Avignon, Nice, Genoa, Florence, Rome. A PULL moves a card toward the actor, a
PUSH toward the opponent.
"""

import html
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_avignon_audit import GENOA, SAMARITAN, board, ev, in_book, refused, start, state
from tests.test_avignon_audit_3 import draw

EXCOMMUNICATE = in_book("EXCOMMUNICATE: Choose a character and place it in the discard pile. Draw a "
                        "new character and place it in the exact position the removed card "
                        "occupied.")
REPLACE = in_book("That player then draws a new character and places it in the same row as the "
                  "removed card, equal to Genoa.")

BOARD_BEFORE_ROME = [(c, "genoa") for c, _ in GENOA]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def quotes(error):
    return [rule["quote"] for rule in error.get("rules") or [error["rule"]]]


# -- a draw entered by the player not on turn --------------------------------------------------------


def test_a_draw_by_the_player_not_on_turn_says_no_card_is_to_be_drawn(client):
    """Avignon enters a draw during Rome's turn, when no card is awaited. The refusal reads as the
    rule it breaks — no card is to be drawn (a card is drawn only to replace one excommunicated or
    scored) — and quotes the two sentences that say when a card is drawn; not "It is Rosa's turn",
    which would tell Avignon to wait for a turn in which a draw would be just as wrong. On the first
    turn and later; Rome's own draw gets the same message."""
    for table in (start(client), start(client, GENOA)):
        error = refused(table, ev("draw", "avignon", character="Courtesan"), EXCOMMUNICATE)
        assert quotes(error) == [EXCOMMUNICATE, REPLACE]
        assert "turn" not in error["message"], error["message"]
        assert error["message"].startswith("No card is to be drawn now")
        assert refused(table, ev("draw", character="Courtesan"), EXCOMMUNICATE)["message"] == \
            error["message"]


def test_a_draw_by_the_wrong_player_when_one_is_due_names_who_draws(client):
    """A card is awaited after Rome's excommunication: Avignon entering it is told Rome draws, with
    the Excommunicate sentence ("Draw a new character…"); after Rome pushes a card past Avignon,
    Rome entering the replacement is told Avignon draws, with "That player then draws…"."""
    table = start(client, GENOA)
    table.accepted(ev("excommunicate", path=3))
    error = refused(table, ev("draw", "avignon", character="Courtesan"), EXCOMMUNICATE)
    assert error["message"] == ("Rosa excommunicated the card of path 3: Rosa draws the new "
                                "character, not Aldo.")
    draw(table, "Courtesan")
    scored = start(client, [("Vicar", "avignon"), *GENOA[1:]])
    scored.accepted(ev("chastise", path=1))
    error = refused(scored, ev("draw", character="Courtesan"), REPLACE)
    assert error["message"] == ("The card scored from path 1 joined Aldo's Congregation: Aldo "
                                "draws its replacement, not Rosa.")
    assert {e["player"] for e in scored.view()["legal"]} == {"avignon"}
    scored.accepted(ev("draw", "avignon", character="Courtesan"))


# -- the Samaritan Rule when a character was replaced by its other copy ------------------------------


def rome_replaces_the_vicar(client, drawn: str, **options):
    """Rome (not the first turn) excommunicates the Vicar of path 1 and draws `drawn` into its place
    in Genoa, then BESEECHes the Scribe of path 2 to Florence. The deck then holds the other Vicar
    unless Rome drew it."""
    table = start(client, GENOA, options=options)
    table.accepted(ev("excommunicate", path=1))
    draw(table, drawn)
    table.accepted(ev("beseech", path=2))
    assert board(table)[:2] == [(drawn, "genoa"), ("Scribe", "florence")]
    assert state(table)["discard"] == ["Vicar"]
    return table


def test_a_vicar_replaced_by_the_other_vicar_is_no_change_of_the_board(client):
    """Rome excommunicated one Vicar and drew the other into the same place: on the board (the
    `board` reading) path 1 holds the same character at the same location, so Rome's turn changed
    only path 2. Avignon pulling the Scribe back and also CHASTISing the Nuncio is a partial
    reversal ("Partial reversals are allowed."), accepted under the literal `whole_turn`."""
    table = rome_replaces_the_vicar(client, "Vicar")
    table.accepted(ev("beseech", "avignon", path=2))
    table.accepted(ev("chastise", "avignon", path=3))
    assert board(table)[:3] == [("Vicar", "genoa"), ("Scribe", "genoa"), ("Nuncio", "florence")]


def test_under_undoes_previous_the_other_copy_counts_as_the_same_card_on_the_board(client):
    """`samaritan_reversal: undoes_previous` with the `board` comparison: everything Rome's turn
    changed on the board is path 2 (the Vicar's replacement by its other copy shows the same
    character in the same place), so pulling the Scribe back and CHASTISing another card puts back
    all of it — refused at the action that ends the turn, not listed; with `board_and_piles` the
    discarded Vicar is part of what Rome did and is not put back, so the same turn is accepted."""
    table = rome_replaces_the_vicar(client, "Vicar", samaritan_reversal="undoes_previous")
    table.accepted(ev("beseech", "avignon", path=2))
    error = refused(table, ev("chastise", "avignon", path=3), SAMARITAN)
    assert "(path 2)" in error["message"]
    piles = rome_replaces_the_vicar(client, "Vicar", samaritan_reversal="undoes_previous",
                                    samaritan_compares="board_and_piles")
    piles.accepted(ev("beseech", "avignon", path=2))
    assert ev("chastise", "avignon", path=3) in piles.view()["legal"]
    piles.accepted(ev("chastise", "avignon", path=3))


def test_the_other_copy_drawn_back_into_the_place_completes_a_reversal_on_the_board(client):
    """Rome put the Courtesan where the Vicar was and moved the Scribe; Avignon excommunicates the
    Courtesan and draws the deck's other Vicar into that place, then pulls the Scribe back: every
    path holds the same character at the same location as before Rome's turn. Under `board` (the
    default: the copies are identical cards, only positions are compared) Avignon's BESEECH would
    completely reverse Rome's turn: refused with the Samaritan Rule and not listed; another second
    action is accepted. Under `board_and_piles` the discard pile (Vicar, Courtesan) is not as it was,
    so the BESEECH is listed and accepted."""
    for compares, reversed_ in (("board", True), ("board_and_piles", False)):
        table = rome_replaces_the_vicar(client, "Courtesan", samaritan_compares=compares)
        table.accepted(ev("excommunicate", "avignon", path=1))
        draw(table, "Vicar")
        assert board(table)[0] == ("Vicar", "genoa")
        pull_back = ev("beseech", "avignon", path=2)
        if reversed_:
            error = refused(table, pull_back, SAMARITAN)
            assert "every path would hold the same character" in error["message"]
            table.accepted(ev("chastise", "avignon", path=2))
        else:
            assert pull_back in table.view()["legal"]
            table.accepted(pull_back)
            assert board(table) == BOARD_BEFORE_ROME
        assert table.view()["current_players"] == ["rome"]


def test_a_turn_whose_last_draw_brings_back_the_other_copy_is_not_judged_by_the_draw(client):
    """The same table the other way round: Avignon pulls the Scribe back first, then excommunicates
    the Courtesan and draws the other Vicar — the board is as before Rome's turn, but the card
    drawn decided it, not the player's choice: the draw is accepted (the module's stated reading,
    docs/games/avignon.md), and EXCOMMUNICATE was listed as the second action."""
    table = rome_replaces_the_vicar(client, "Courtesan")
    table.accepted(ev("beseech", "avignon", path=2))
    assert ev("excommunicate", "avignon", path=1) in table.view()["legal"]
    table.accepted(ev("excommunicate", "avignon", path=1))
    draw(table, "Vicar")
    assert board(table) == BOARD_BEFORE_ROME
    assert table.view()["current_players"] == ["rome"]


def test_the_table_page_tells_the_player_not_on_turn_that_no_card_is_to_be_drawn(client):
    """What the player sees: the "Something else happened" form, a draw entered for Avignon on
    Rome's turn — the page answers that no card is to be drawn now, quotes both sentences that say
    when a card is drawn, says nothing was changed, and does not tell Avignon to wait its turn."""
    table = start(client, GENOA)
    client.get(f"/play/{table.id}/join?token={table.token}")
    page = client.get(f"/play/{table.id}").get_data(as_text=True)
    form = {"csrf_token": re.search(r'name="csrf_token" value="([^"]+)"', page).group(1),
            "expected_seq": str(table.seq), "type": "draw", "event.player": "avignon",
            "event.character": "Courtesan"}
    response = client.post(f"/play/{table.id}/event", data=form)
    assert response.status_code == 422
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.text)))
    assert "No card is to be drawn now" in text and "Nothing was changed" in text
    assert EXCOMMUNICATE in text and REPLACE in text
    assert "It is Rosa's turn" not in text


# -- a complete reversal made with a Petition ----------------------------------------------------------


def test_a_nuncio_petition_that_pulls_back_what_rome_moved_completes_a_reversal(client):
    """Rome BESEECHes the Vicar (path 1) to Florence and CHASTISEs the Scribe (path 2) to Nice.
    Avignon's Nuncio Petition: "PUSH Nuncio, then PULL all characters in the same location as
    Nuncio." — the Nuncio goes to Florence, then it and the Vicar are pulled back to Genoa. A
    CHASTISE of the Scribe back to Genoa would then leave every path as before Rome's turn: refused
    with the Samaritan Rule and not listed; CHASTISing the Ascetic instead is a partial reversal,
    listed and accepted."""
    table = start(client, GENOA)
    table.accepted(ev("beseech", path=1))
    table.accepted(ev("chastise", path=2))
    assert board(table)[:3] == [("Vicar", "florence"), ("Scribe", "nice"), ("Nuncio", "genoa")]
    table.accepted(ev("petition", "avignon", path=3))
    assert board(table)[:3] == [("Vicar", "genoa"), ("Scribe", "nice"), ("Nuncio", "genoa")]
    refused(table, ev("chastise", "avignon", path=2), SAMARITAN)
    partial = ev("chastise", "avignon", path=4)
    assert partial in table.view()["legal"]
    table.accepted(partial)
    assert table.view()["current_players"] == ["rome"]


# -- a position's previous turn --------------------------------------------------------------------


def _position_answer(client, previous):
    cells = [{"path": p, "character": c, "location": loc}
             for p, (c, loc) in enumerate(GENOA, start=1)]
    return client.post("/api/sessions", json={
        "game": "avignon", "players": [{"name": "Rosa", "seat": "rome"},
                                       {"name": "Aldo", "seat": "avignon"}],
        "position": {"board": cells, "turn": "rome", "previous_turn": previous}})


def test_a_positions_previous_turn_is_the_other_players_with_two_different_actions(client):
    """"Play then alternates between the players." — a position on Rome's turn whose previous turn
    is Rome's own is impossible: a 400 naming `position.previous_turn.player` (it was accepted, and
    the Samaritan Rule would have named Rome's turn as the one reversed). "…exactly two of the
    actions…, and the same action may not be taken twice." — a previous turn of BESEECH twice, or of
    three actions, is a 400 naming its `actions`. Avignon's BESEECH and CHASTISE is accepted."""
    before = [{"path": p, "character": c, "location": "nice" if p == 1 else "genoa"}
              for p, (c, _) in enumerate(GENOA, start=1)]
    same = _position_answer(client, {"player": "rome", "board_before": before})
    assert same.status_code == 400, same.get_json()
    assert same.get_json()["error"]["field"] == "position.previous_turn.player"
    for actions in (["beseech", "beseech"], ["beseech", "chastise", "petition"]):
        wrong = _position_answer(client, {"player": "avignon", "board_before": before,
                                          "actions": actions})
        assert wrong.status_code == 400, wrong.get_json()
        assert wrong.get_json()["error"]["field"] == "position.previous_turn.actions"
    right = _position_answer(client, {"player": "avignon", "board_before": before,
                                      "actions": ["beseech", "chastise"]})
    assert right.status_code == 201, right.get_json()


# -- every Petition played by hand, from the Reference Card, against the referee ---------------------

ORDER = ("avignon", "nice", "genoa", "florence", "rome")  # the Map Cards, Avignon's end first
FACTION = {"Vicar": "Bishop", "Nuncio": "Cardinal", "Canonist": "Inquisitor",
           "Courtesan": "Knight", "Ascetic": "Peasant", "Scribe": "Noble"}


def _by_the_card(board, event, draws, rulings, ends_turn):
    """The table after `event` done by hand from the Game Terms, the Scoring section and the
    Reference Card under the table's `rulings`, the cards drawn being `draws` in order: (board,
    congregations, discard). A card moved past Rome or Avignon joins the Congregation of the player
    it was moving towards and a card is drawn into Genoa in its row; when the action `ends_turn`,
    an Ascetic left in AVIGNON or ROME moves one space closer to GENOA."""
    board = [list(cell) if cell else None for cell in board]
    congregations, discard, drawn = {"rome": [], "avignon": []}, [], iter(draws)
    actor = event["player"]
    rival = "avignon" if actor == "rome" else "rome"

    def move(path, toward):
        name, where = board[path - 1]
        step = ORDER.index(where) + (1 if toward == "rome" else -1)
        if 0 <= step < 5:
            board[path - 1][1] = ORDER[step]
            return True
        congregations[toward].append(name)
        board[path - 1] = [next(drawn), "genoa"]
        return False

    kind, path = event["type"], event.get("path")
    if kind == "beseech":
        move(path, actor)
    elif kind == "chastise":
        move(path, rival)
    elif kind == "excommunicate":
        discard.append(board[path - 1][0])
        board[path - 1] = [next(drawn), board[path - 1][1]]
    else:
        name = board[path - 1][0]
        if name == "Vicar":  # PUSH Bishop twice, EXCOMMUNICATE any other, PULL the new character
            for bishop in event["bishops"]:
                if FACTION[board[bishop - 1][0]] == "Bishop":
                    move(bishop, rival)
            target = event["excommunicate"]
            discard.append(board[target - 1][0])
            board[target - 1] = [next(drawn), board[target - 1][1]]
            move(target, actor)
        elif name == "Nuncio":  # PUSH Nuncio, then PULL all in the same location as Nuncio
            still = move(path, rival)
            where = board[path - 1][1]
            if still:
                for other in range(1, 6):
                    if board[other - 1][1] == where and (other != path
                                                         or rulings["nuncio_pulls_itself"]):
                        move(other, actor)
            elif rulings["after_leaving_play"] == "last_position":
                last = "avignon" if rival == "avignon" else "rome"
                for other in range(1, 6):
                    if board[other - 1][1] == last:
                        move(other, actor)
        elif name == "Canonist":  # switch two others; PUSH one, PULL the other
            a, b = event["switch"]
            board[a - 1][0], board[b - 1][0] = board[b - 1][0], board[a - 1][0]
            pulled = b if event["push"] == a else a
            move(event["push"], rival)
            move(pulled, actor)
        elif name == "Courtesan":  # PULL a character closer to your RIVAL than Courtesan
            move(event["target"], actor)
        elif name == "Ascetic":  # RIVAL PUSH any and all characters that share its faction
            toward = actor if rulings["ascetic_rival_push"] == "rival_pushes" else rival
            for other in range(1, 6):
                if FACTION[board[other - 1][0]] == "Peasant" and (
                        other != path or rulings["ascetic_moves_itself"]):
                    move(other, toward)
        else:  # Scribe: PUSH Scribe, then PUSH or PULL any in a path adjacent to Scribe
            still = move(path, rival)
            if "target" in event and (still or rulings["after_leaving_play"] == "last_position"):
                move(event["target"], rival if event["move"] == "push" else actor)
    ends = ("avignon", "rome") if rulings["ascetic_end_move"] == "either_end" else (actor,)
    for cell in board:
        if ends_turn and cell and cell[0] == "Ascetic" and cell[1] in ends:
            cell[1] = "nice" if cell[1] == "avignon" else "florence"
    return [tuple(cell) if cell else None for cell in board], congregations, discard


def _a_table(rng):
    names = [name for name in FACTION for _ in range(2)]
    rng.shuffle(names)
    return [(name, rng.choice(ORDER)) for name in names[:5]]


@settings(max_examples=200, deadline=None)
@given(rulings=st.fixed_dictionaries({
    "nuncio_pulls_itself": st.booleans(), "ascetic_moves_itself": st.booleans(),
    "ascetic_rival_push": st.sampled_from(("rival_pushes", "toward_rival")),
    "after_leaving_play": st.sampled_from(("nothing", "last_position")),
    "ascetic_end_move": st.sampled_from(("either_end", "own_end"))}),
    seed=st.integers(0, 2**32))
def test_every_listed_action_does_what_the_reference_card_says(rulings, seed):
    """On a random table (a turn's first or second action, empty Congregations), a random move of
    those `legal` lists — Petitions of every character included — is entered, then the draws it
    asks for (random ones of those listed): the board, both Congregations and the discard pile are
    those worked out by hand from the Game Terms, Scoring and the Reference Card (and the Ascetic's
    end-of-turn step when the move ends the turn)."""
    from referee.avignon import Game
    from referee.core import engine
    rng = random.Random(seed)
    cells = _a_table(rng)
    turn = rng.choice(("rome", "avignon"))
    taken = rng.choice(([], [rng.choice(("beseech", "chastise", "excommunicate", "petition"))]))
    if not taken:  # the previous player's end of turn has stepped these Ascetics toward Genoa
        previous = "avignon" if turn == "rome" else "rome"
        ends = ("avignon", "rome") if rulings["ascetic_end_move"] == "either_end" else (previous,)
        cells = [(name, {"avignon": "nice", "rome": "florence"}[loc])
                 if name == "Ascetic" and loc in ends else (name, loc) for name, loc in cells]
    body = {"game": "avignon", "players": ["Rosa", "Aldo"], "options": rulings,
            "position": {"board": [{"path": p, "character": c, "location": loc}
                                   for p, (c, loc) in enumerate(cells, start=1)],
                         "turn": turn, "actions_taken": taken}}
    model = engine.start(Game, engine.check_setup(Game, body))
    if model.game_over:  # the Scribe in Genoa: no, the Congregations are empty
        raise AssertionError("no game ends with empty Congregations")
    kinds = {}  # each action, and each character's Petition, as likely as another
    for listed in model.legal():
        kind = listed["type"] + (cells[listed["path"] - 1][0] if listed["type"] == "petition"
                                 else "")
        kinds.setdefault(kind, []).append(listed)
    event = rng.choice(kinds[rng.choice(sorted(kinds))])
    engine.apply(model, event)
    draws = []
    while model.phase == "draw":
        drawn = rng.choice(model.legal())
        draws.append(drawn["character"])
        engine.apply(model, drawn)
    board, congregations, discard = _by_the_card(cells, event, draws, rulings, bool(taken))
    G = model.G
    assert [(row["character"], row["location"]) if row["character"] else None
            for row in G["board"]] == board, (event, draws)
    assert G["congregations"] == congregations, (event, draws)
    assert G["discard"] == discard, (event, draws)


@settings(max_examples=150, deadline=None)
@given(reversal=st.sampled_from(("whole_turn", "undoes_previous")),
       compares=st.sampled_from(("board", "board_and_piles")),
       ascetic_step=st.sampled_from(("before_the_step", "after_the_step")),
       seed=st.integers(0, 2**32))
def test_the_second_move_listed_is_exactly_what_does_not_completely_reverse(reversal, compares,
                                                                            ascetic_step, seed):
    """"Players may not take actions that, at the end of their turn, have completely reversed the
    previous player's turn." On a random table where the previous turn moved one to three cards a
    space and this turn's Petition is taken, each BESEECH and CHASTISE (the turn's last action)
    is listed exactly when, worked out by hand (with the Ascetic's end-of-turn step under
    samaritan_ascetic_step=after_the_step, without it under before_the_step), it does not
    leave the board as before the previous turn (`whole_turn`), or does not put back every path
    that turn changed (`undoes_previous`); a card that scores is drawn for, and the draw is never
    judged."""
    from referee.avignon import Game
    from referee.core import engine
    rng = random.Random(seed)
    cells = _a_table(rng)
    turn = rng.choice(("rome", "avignon"))
    before = [list(cell) for cell in cells]
    for path in rng.sample(range(5), rng.randint(1, 3)):
        step = ORDER.index(before[path][1]) + rng.choice((-1, 1))
        before[path][1] = ORDER[min(max(step, 0), 4)]

    def rows(board):
        return [{"path": p, "character": c, "location": loc}
                for p, (c, loc) in enumerate(board, start=1)]

    rulings = {"samaritan_reversal": reversal, "samaritan_compares": compares,
               "samaritan_ascetic_step": ascetic_step}
    body = {"game": "avignon", "players": ["Rosa", "Aldo"], "options": rulings,
            "position": {"board": rows(cells), "turn": turn, "actions_taken": ["petition"],
                         "previous_turn": {"board_before": rows(before),
                                           "board_after": rows(cells)}}}
    model = engine.start(Game, engine.check_setup(Game, body))
    listed = model.legal()
    rulings = {"ascetic_end_move": "either_end", "nuncio_pulls_itself": True,
               "ascetic_moves_itself": True, "ascetic_rival_push": "rival_pushes",
               "after_leaving_play": "nothing"}
    before = [tuple(cell) for cell in before]
    changed = [p for p in range(5) if before[p] != tuple(cells[p])]
    for kind in ("beseech", "chastise"):
        for path in range(1, 6):
            event = {"type": kind, "player": turn, "path": path}
            board, congregations, _ = _by_the_card(cells, event, ["?"], rulings,
                                                   ascetic_step == "after_the_step")
            scored = congregations["rome"] or congregations["avignon"]
            if not changed or scored:
                allowed = True
            elif reversal == "whole_turn":
                allowed = board != before
            else:
                allowed = not all(board[p] == before[p] for p in changed)
            assert (event in listed) == allowed, (event, cells, before, board)

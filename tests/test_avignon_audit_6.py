"""Sixth audit of the Avignon: Pilgrimage referee (session 11), through the HTTP API: Petitions and
the Ascetic's end-of-turn step read from the Reference Card as an outsider would, at the map's ends.

Map order (Setup): Avignon, Nice, Genoa, Florence, Rome. A PULL moves a card toward the actor, a
PUSH toward the opponent; Avignon's RIVAL is Rome.
"""

import pytest

from tests.test_avignon_audit import board, ev, in_book, refused, start

COURTESAN = in_book("Courtesan (Faction: Knight). PETITION: PULL a character that is closer to your "
                    "RIVAL than Courtesan.")
ASCETIC_END = in_book("If you end your turn with Ascetic in AVIGNON or ROME, move him one space "
                      "closer to GENOA.")
TABLE = [("Courtesan", "genoa"), ("Vicar", "florence"), ("Scribe", "nice"), ("Nuncio", "rome"),
         ("Canonist", "genoa")]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def test_avignon_s_courtesan_pulls_only_a_card_closer_to_rome(client):
    """Avignon's Courtesan in Genoa: its RIVAL is Rome, so the cards closer to Rome than Genoa are
    the Vicar (Florence) and the Nuncio (Rome) — exactly the two listed. The Scribe in Nice (closer
    to Avignon) and the Canonist beside it in Genoa (level) are refused with the Courtesan's
    sentence; the Nuncio is pulled a space toward Avignon, to Florence."""
    table = start(client, TABLE, turn="avignon")
    listed = sorted(e["target"] for e in table.view()["legal"]
                    if e["type"] == "petition" and e.get("path") == 1)
    assert listed == [2, 4]
    for target in (3, 5):
        refused(table, ev("petition", "avignon", path=1, target=target), COURTESAN)
    table.accepted(ev("petition", "avignon", path=1, target=4))
    assert board(table)[3] == ("Nuncio", "florence")


def test_rome_s_nuncio_at_the_rome_end_pushes_then_pulls_its_new_location(client):
    """"Nuncio … PETITION: PUSH Nuncio, then PULL all characters in the same location as Nuncio."
    Rome's Nuncio in Rome is pushed toward Avignon to Florence, then every card there — the Vicar
    and the Nuncio itself (the default `nuncio_pulls_itself`) — is pulled back to Rome; nothing
    scores (a PULL moves one Map Card, onto the Rome card, not past it)."""
    table = start(client, TABLE)
    table.accepted(ev("petition", path=4))
    assert board(table) == [("Courtesan", "genoa"), ("Vicar", "rome"), ("Scribe", "nice"),
                            ("Nuncio", "rome"), ("Canonist", "genoa")]
    assert table.view()["state"]["congregations"] == {"rome": [], "avignon": []}


@pytest.mark.parametrize(("ruling", "ascetic"), [("either_end", "nice"), ("own_end", "avignon")])
def test_the_ascetic_at_avignon_s_end_after_rome_s_turn(client, ruling, ascetic):
    """Rome ends a turn with the Ascetic in AVIGNON: by default (`ascetic_end_move: either_end`,
    "If you end your turn with Ascetic in AVIGNON or ROME, move him one space closer to GENOA.") he
    steps to Nice; under `own_end` Rome's end is ROME, so he stays. Rome's two actions happen as
    entered (the Vicar pulled to Rome, the Ascetic pushed from Nice to Avignon)."""
    cells = [*TABLE[:4], ("Ascetic", "nice")]
    table = start(client, cells, options={"ascetic_end_move": ruling})
    table.accepted(ev("beseech", path=2))
    answer = table.accepted(ev("chastise", path=5))
    assert board(table) == [("Courtesan", "genoa"), ("Vicar", "rome"), ("Scribe", "nice"),
                            ("Nuncio", "rome"), ("Ascetic", ascetic)]
    stepped = [e for e in answer["effects"] if e.get("rule", {}).get("quote") == ASCETIC_END]
    assert bool(stepped) == (ruling == "either_end")
    assert table.view()["current_players"] == ["avignon"]

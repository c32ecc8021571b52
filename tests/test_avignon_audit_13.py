"""Avignon: Pilgrimage — the thirteenth audit (session 19), last session's open note: under the
table ruling vicar_pushes_itself: false, the Vicar with no other Bishop in play has no Bishop to
PUSH ("PUSH Bishop twice, then EXCOMMUNICATE any other character, then PULL the new character."),
yet his Petition was refused without `bishops` ("needs a choice"): the table had to name his own
path twice. Left out now, it is accepted as that entry is (the two PUSHes cannot be made; `legal`
lists the entry with his path twice, as before); another character named as the Bishop is still
refused, and so is leaving `bishops` out where a Bishop can be pushed."""

import pytest

from tests.api_table import quotes_from
from tests.test_avignon_scenarios import ALL_GENOA, at, begin, draw, ev, play, refused, table

in_book = quotes_from("avignon")
VICAR = in_book("PUSH Bishop twice, then EXCOMMUNICATE any other character, then PULL the new "
                "character.")
TWO_VICARS = {**ALL_GENOA, 5: ("Vicar", "florence")}


@pytest.mark.parametrize("bishops", [None, [1, 1]], ids=["left-out", "his-own-path-twice"])
def test_the_lone_vicar_who_may_not_push_himself_petitions_with_or_without_bishops(bishops):
    model = begin(table(ALL_GENOA), vicar_pushes_itself=False)
    assert ev("petition", path=1, bishops=[1, 1], excommunicate=3) in model.legal()
    petition = ev("petition", path=1, excommunicate=3, **({"bishops": bishops} if bishops else {}))
    effects = play(model, petition, draw("Courtesan"))
    assert at(model, 1) == ("Vicar", "genoa")
    assert at(model, 3) == ("Courtesan", "florence")  # the new character PULLed towards Rome
    assert sum("cannot be made" in effect.text for effect in effects) == 2


def test_the_lone_vicar_naming_another_character_as_the_bishop_is_refused():
    model = begin(table(ALL_GENOA), vicar_pushes_itself=False)
    refused(model, ev("petition", path=1, bishops=[2, 2], excommunicate=3), VICAR)


@pytest.mark.parametrize("position, ruling", [(ALL_GENOA, True), (TWO_VICARS, False)],
                         ids=["pushes-himself", "another-vicar"])
def test_a_vicar_with_a_bishop_to_push_still_names_it(position, ruling):
    model = begin(table(position), vicar_pushes_itself=ruling)
    refused(model, ev("petition", path=1, excommunicate=3), VICAR)

"""Avignon: Pilgrimage — the thirteenth audit (session 19), last session's open note: under the
table ruling vicar_pushes_itself: false, the Vicar with no other Bishop in play has no Bishop to
PUSH ("PUSH Bishop twice, then EXCOMMUNICATE any other character, then PULL the new character."),
yet his Petition was refused without `bishops` and had to name his own path twice. Left out now, it
is accepted (the two PUSHes cannot be made), and `legal` lists it so; naming a Bishop to push there
(the Vicar himself, or another character) is refused, and so is leaving `bishops` out where a
Bishop can be pushed."""

import pytest

from tests.api_table import quotes_from
from tests.test_avignon_scenarios import ALL_GENOA, at, begin, draw, ev, play, refused, table

in_book = quotes_from("avignon")
VICAR = in_book("PUSH Bishop twice, then EXCOMMUNICATE any other character, then PULL the new "
                "character.")
TWO_VICARS = {**ALL_GENOA, 5: ("Vicar", "florence")}


def test_the_lone_vicar_who_may_not_push_himself_petitions_without_bishops():
    model = begin(table(ALL_GENOA), vicar_pushes_itself=False)
    petition = ev("petition", path=1, excommunicate=3)
    assert petition in model.legal()
    assert not any("bishops" in event for event in model.legal() if event["type"] == "petition"
                   and event["path"] == 1)
    effects = play(model, petition, draw("Courtesan"))
    assert at(model, 1) == ("Vicar", "genoa")
    assert at(model, 3) == ("Courtesan", "florence")  # the new character PULLed towards Rome
    assert sum("cannot be made" in effect.text for effect in effects) == 2


@pytest.mark.parametrize("bishops", [[1, 1], [2, 2]], ids=["himself", "another-character"])
def test_the_lone_vicar_naming_a_bishop_to_push_is_refused(bishops):
    model = begin(table(ALL_GENOA), vicar_pushes_itself=False)
    error = refused(model, ev("petition", path=1, bishops=bishops, excommunicate=3), VICAR)
    assert "leave bishops out" in error.message


@pytest.mark.parametrize("position, ruling", [(ALL_GENOA, True), (TWO_VICARS, False)],
                         ids=["pushes-himself", "another-vicar"])
def test_a_vicar_with_a_bishop_to_push_still_names_it(position, ruling):
    model = begin(table(position), vicar_pushes_itself=ruling)
    refused(model, ev("petition", path=1, excommunicate=3), VICAR)


"""The table page's controls and forms as each phone sees them (outsider17's table notes, session 18):
Undo and Redo are usable only on a phone that may take the step (a seat's phone undoes its own
seat's entries, as the API checks), "Something else happened…" chooses the phone's own seat as
the event's player (the player to act on the table's shared phone), and Pillars of Fate's draft
form offers the 2 cards the book passes."""

import re

from markupsafe import escape

from tests import test_journey_random as journey_random
from tests.api_table import ApiTable
from tests.test_blind_pages_1 import csrf_of, seat_phone, seq_of, table_phone

LATE = {"board": [{"path": p, "character": c, "location": "genoa"}
                  for p, c in enumerate(["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"],
                                        start=1)],
        "turn": "rome", "first_turn": False}


def undo_button(html: str) -> str:
    return re.search(r'<button type="submit" class="undo"[^>]*>', html).group(0)


def redo_button(html: str) -> str:
    return re.search(r'<button type="submit" class="redo"[^>]*>', html).group(0)


def avignon_with_phones(app, client, **setup):
    table = ApiTable(client, {"game": "avignon", "players": ["Rosa", "Aldo"], "position": LATE,
                              **setup})
    return table, seat_phone(app, table, "rome"), seat_phone(app, table, "avignon")


def test_undo_and_redo_are_usable_only_on_the_phone_whose_entry_it_is(app, client):
    table, rosa, aldo = avignon_with_phones(app, client)
    table.accepted({"type": "beseech", "player": "rome", "path": 2})
    rosas, aldos = rosa.get(f"/play/{table.id}").text, aldo.get(f"/play/{table.id}").text
    assert "disabled" not in undo_button(rosas) and "Undo takes back:" in rosas
    assert "disabled" in undo_button(aldos) and "Undo takes back:" not in aldos
    assert 'Undone on Rosa\'s phone: <span class="told">Rosa: Beseech' in aldos
    refused = aldo.post(f"/play/{table.id}/undo", data={"csrf_token": csrf_of(aldos),
                                                        "expected_seq": seq_of(aldos)},
                        follow_redirects=True)
    assert str(escape("undoing this event is Rosa's to enter")) in refused.text
    assert table.view()["seq"] == 1

    undone = rosa.post(f"/play/{table.id}/undo", data={"csrf_token": csrf_of(rosas),
                                                       "expected_seq": seq_of(rosas)},
                       follow_redirects=True)
    assert undone.status_code == 200 and table.view()["can_redo"]
    rosas, aldos = rosa.get(f"/play/{table.id}").text, aldo.get(f"/play/{table.id}").text
    assert "disabled" not in redo_button(rosas) and "disabled" in redo_button(aldos)
    shared = table_phone(app, table).get(f"/play/{table.id}").text
    assert "disabled" not in redo_button(shared)


def test_undo_is_usable_on_every_phone_where_anyone_enters_for_anyone(app, client):
    table, _rosa, aldo = avignon_with_phones(app, client, anyone_enters=True)
    table.accepted({"type": "beseech", "player": "rome", "path": 2})
    assert "disabled" not in undo_button(aldo.get(f"/play/{table.id}").text)


def chosen_player(html: str) -> str:
    events = re.search(r'<details class="other-event"[^>]*data-player="([^"]*)"', html).group(1)
    return events


def test_something_else_happened_chooses_the_phones_own_seat(app, client):
    table, rosa, aldo = avignon_with_phones(app, client)
    assert chosen_player(rosa.get(f"/play/{table.id}").text) == "rome"
    assert chosen_player(aldo.get(f"/play/{table.id}").text) == "avignon"  # not Rosa, on turn
    form = aldo.get(f"/play/{table.id}/other/chastise?fragment=1").text
    assert re.search(r'<option value="avignon" selected>', form)
    assert not re.search(r'<option value="rome" selected>', form)
    shared = table_phone(app, table)
    assert chosen_player(shared.get(f"/play/{table.id}").text) == "rome"  # the player to act
    assert re.search(r'<option value="rome" selected>',
                     shared.get(f"/play/{table.id}/other/chastise?fragment=1").text)


def test_the_pillars_of_fate_draft_form_offers_the_two_cards_the_book_passes(app, client):
    """Setup 4: "Players simultaneously select 1 card to keep, passing the other 2 to their
    opponent." (Pillars of Fate is for two players: no count varies with the table.) The API still
    takes up to 3, so that a pass of 1 or 3 is refused quoting that sentence."""
    table = ApiTable(client, {"game": "pillars-of-fate", "players": ["Ana", "Ben"]})
    page = seat_phone(app, table, "sun").get(f"/play/{table.id}").text
    draft = page.split('value="draft_divine"')[1].split("</form>")[0]
    assert re.findall(r'name="event\.passed\.(\d)"', draft) == ["0", "1"]
    refused = table.send({"type": "draft_divine", "player": "sun", "kept": "Prophet",
                          "passed": ["Klar", "Naka", "Belan"]})
    assert refused.status_code == 422
    assert "passing the other 2" in refused.get_json()["error"]["rule"]["quote"]


JOURNEY = {"game": "journey", "players": ["Ann", "Ben"],
           "options": {"pilgrim_profiles": journey_random.PROFILES},
           "position": {"gates": [{"id": "g1"}], "demons": ["berrok"]}}


def test_journey_rest_at_full_chi_is_offered_saying_it_recovers_none(app, client):
    """Rest: "When a Pilgrim rests, they recover 5 Chi Points, up to their current maximum." At
    full Chi the book does not forbid it (it spends the Action Point and recovers nothing): it
    stays offered, and its button says so."""
    table = ApiTable(client, JOURNEY)
    table.accepted({"type": "maintenance", "player": "p1"})
    monkey = table.view()["state"]["pilgrims"]["monkey_king"]
    assert monkey["chi"] == monkey["profile"]["max_chi"]
    page = seat_phone(app, table, "p1").get(f"/play/{table.id}").text
    assert "Monkey King: Rest (Chi is full: recovers none)" in page
    rested = table.accepted({"type": "rest", "player": "p1", "pilgrim": "monkey_king"})
    assert any("Chi 10 → 10" in effect["text"] for effect in rested["effects"])
    after = table.view()["state"]
    assert after["pilgrims"]["monkey_king"]["chi"] == monkey["chi"]
    assert after["activation"]["rests"] == 1

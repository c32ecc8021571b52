from tests.test_journey_audit_6 import free_table, legal
from tests.test_journey_quests_audit import ev, state

def test_probe(module_client):
    t = free_table(module_client, {"pilgrims": {"monkey_king": {"good_karma": 10, "bad_karma": 10}}})
    print(legal(t, "karma_trade"))
    r = t.send(ev("karma_trade", pilgrim="monkey_king", kind="bad", corruption="X"))
    print(r.status_code, r.get_json().get("error"))
    print(legal(t, "karma_trade"))
    t = free_table(module_client, {"pilgrims": {"monkey_king": {"good_karma": 20}}})
    t.accepted(ev("karma_trade", pilgrim="monkey_king", kind="good", card="Phase Walk"))
    print(legal(t, "karma_trade"), state(t)["pilgrims"]["monkey_king"]["good_karma"])

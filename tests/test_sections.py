"""The section parser: contents lists, heading heuristics, coverage of every rule line."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook_index import corpus, sections

# The Avignon book prints an empty contents list: its headings come from heuristics.
AVIGNON_TOP = [
    "Components",
    "Setup",
    "Game Terms",
    "Turn Sequence",
    "Scoring",
    "Ending the Game",
    "Combining with A Clash of Popes",
    "Notes",
    "Complete Card Abilities",
    "Reference Card",
]


def top_level(game):
    return [s.title for s in sections.sections_for(game) if s.level == 1]


@pytest.mark.parametrize("game", [g for g in corpus.GAME_IDS if g != "avignon"])
def test_top_level_titles_match_the_books_contents(game):
    contents = sections.contents_for(game)
    assert contents, "this book prints a contents list"
    assert top_level(game) == [t for level, t in contents if level == 1]


@pytest.mark.parametrize("game", corpus.GAME_IDS)
def test_every_contents_entry_is_a_section_in_order(game):
    titles = [s.title for s in sections.sections_for(game)]
    pos = 0
    for _, t in sections.contents_for(game):
        pos = titles.index(t, pos) + 1


def test_avignon_has_no_contents_and_heuristic_headings():
    assert sections.contents_for("avignon") == []
    assert top_level("avignon") == AVIGNON_TOP


def test_journey_contents_nesting_is_restored():
    s = sections.get_section("journey", "detailed-rules-attack-defeat")
    assert s.path == ("Detailed Rules", "Attack", "Defeat!")
    assert s.path_text == "Detailed Rules › Attack › Defeat!"
    assert s.level == 3
    assert s.parent_id == "detailed-rules-attack"
    assert top_level("journey")[:4] == [
        "The Four Pilgrims",
        "Game Overview",
        "Understanding this Rulebook",
        "Game Components",
    ]


@pytest.mark.parametrize("game", corpus.GAME_IDS)
def test_every_rule_line_lands_in_exactly_one_section(game):
    lines = corpus.rulebook_text(game).splitlines()
    owners: dict[int, list[str]] = {}
    for s in sections.sections_for(game):
        owners.setdefault(s.line, []).append("heading:" + s.id)
        a, b = s.body_lines
        for n in range(a, b + 1) if a else ():
            owners.setdefault(n, []).append(s.id)
    dropped = sections.dropped_lines(game)
    assert set(dropped.values()) <= {"furniture", "title", "contents"}
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        count = len(owners.get(n, [])) + (n in dropped)
        assert count == 1, f"{game}:{n} {line!r} is owned by {owners.get(n)} dropped={n in dropped}"
        if n not in dropped:
            # the line is verbatim in exactly the body that holds it (or is the heading)
            holder = owners[n][0]
            if not holder.startswith("heading:"):
                assert line in sections.get_section(game, holder).body


def test_we_forlorn_few_page_furniture_is_dropped():
    dropped = sections.dropped_lines("we-forlorn-few")
    assert dropped[1] == dropped[4] == "furniture"  # "RulesPal", "... thumbnail"
    bodies = "\n".join(s.body for s in sections.sections_for("we-forlorn-few"))
    assert "thumbnail" not in bodies and "RulesPal" not in bodies


@pytest.mark.parametrize("game", corpus.GAME_IDS)
def test_ids_are_unique_slugs_and_parents_exist(game):
    secs = sections.sections_for(game)
    ids = [s.id for s in secs]
    assert len(ids) == len(set(ids))
    known = set()
    for s in secs:
        assert s.id == sections.slugify(s.id)
        assert s.parent_id is None or s.parent_id in known
        if s.parent_id:
            parent = sections.get_section(game, s.parent_id)
            assert s.path[:-1] == parent.path and s.level == parent.level + 1
        known.add(s.id)


def test_section_bodies_are_the_books_lines_verbatim():
    for game in corpus.GAME_IDS:
        text = corpus.rulebook_text(game)
        for s in sections.sections_for(game):
            assert s.body in text
            assert s.path_text == " › ".join(s.path)


def test_locate_finds_the_section_holding_a_quote():
    s = sections.locate("avignon", "the same action may not be taken twice")
    assert s.id == "turn-sequence"
    two_lines = (
        "The game ends when one player has three cards in his or her Congregation. "
        "That player wins the game.\nCharacters may have other conditions"
    )
    assert sections.locate("avignon", two_lines).id == "ending-the-game"
    assert sections.locate("avignon", "not in any rulebook at all") is None
    assert sections.locate("avignon", "   ") is None
    with pytest.raises(KeyError):
        sections.locate("chess", "pawn")


def test_unknown_game_raises_key_error():
    for fn in (corpus.game_meta, corpus.rulebook_text, sections.sections_for):
        with pytest.raises(KeyError):
            fn("chess")


def test_section_url():
    assert sections.section_url("journey", "detailed-rules-attack-defeat") == (
        "/rules/journey#detailed-rules-attack-defeat"
    )


@pytest.mark.parametrize("game", corpus.GAME_IDS)
def test_passages_cover_each_body_without_cutting_sentences(game):
    by_section: dict[str, list[str]] = {}
    for p in sections.passages_for(game):
        by_section.setdefault(p.section_id, []).append(p.text)
        assert p.path == sections.get_section(game, p.section_id).path
    for s in sections.sections_for(game):
        parts = by_section.get(s.id, [])
        # every passage is a verbatim run of the body, in order, together covering all of it
        squashed = "".join("".join(parts).split())
        assert squashed == "".join(s.body.split())
        for text in parts:
            assert text in s.body
            # at most ~800 characters unless a single sentence is longer
            if len(text) > sections.PASSAGE_CHARS:
                assert len(sections._sentences(text)) == 1


def test_split_passages_keeps_sentences_whole():
    body = " ".join(f"Sentence number {i} says a rule about cards." for i in range(60))
    parts = sections.split_passages(body, limit=200)
    assert len(parts) > 1
    for part in parts:
        assert part.endswith(".") and part[0].isupper() and len(part) <= 200


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300),
            st.sampled_from(["", "Q: Can I?", "A: No.", "Lead in:", "• item", "1. Step one."]),
        ),
        max_size=30,
    ),
    st.integers(min_value=40, max_value=900),
)
def test_split_passages_is_a_verbatim_cover(paragraphs, limit):
    body = "\n".join(paragraphs).strip("\n")
    parts = sections.split_passages(body, limit=limit)
    assert "".join("".join(parts).split()) == "".join(body.split())
    cursor = 0
    for part in parts:
        assert part.strip()
        cursor = body.index(part, cursor) + len(part)  # in order, verbatim

"""Recover each rulebook's structure: sections with a title, a path, a stable id and a body.

The table of contents drives the hierarchy where a book has one (its indentation gives the
levels, and `games.json` may restore nesting a flattened contents list lost); heading heuristics
find the rest, one level below the contents entry they fall in. A section's body is the
rulebook's own lines, verbatim, from below its heading to the next heading.

Long sections are split into passages for retrieval: whole paragraphs packed up to about
`PASSAGE_CHARS` characters, and a paragraph longer than that split between sentences.
"""

import functools
import re
from dataclasses import dataclass, field

from . import corpus

# The bound: passages of one to a few paragraphs, at most about 800 characters. Longer
# passages (1,000) measured a little better on the question sets, mostly because a longer passage
# holds more answer phrases; we keep to the stated size.
PASSAGE_CHARS = 800
PATH_SEP = " › "

_BULLET = re.compile(r"^(\s*)([•\-*])\s+(.*\S)\s*$")
_SMALL_WORDS = frozenset(
    "a an and as at but by for from in into of on or per the to vs via with".split()
)
_SENTENCE_END = re.compile(r"(?<=[.!?…])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9•\-])")


@dataclass(frozen=True)
class Section:
    game: str
    id: str
    title: str
    path: tuple[str, ...]
    level: int
    parent_id: str | None
    body: str
    line: int  # 1-based line number of the heading in the rulebook file
    body_lines: tuple[int, int] = (0, 0)  # 1-based, inclusive; (0, 0) when the body is empty

    @property
    def path_text(self) -> str:
        return PATH_SEP.join(self.path)


@dataclass(frozen=True)
class Passage:
    id: str  # "<section_id>~<n>"
    game: str
    section_id: str
    title: str
    path: tuple[str, ...]
    text: str  # verbatim rulebook text (a run of the section body)
    order: int  # position of the passage in the book

    @property
    def path_text(self) -> str:
        return PATH_SEP.join(self.path)


@dataclass
class Outline:
    """The parse of one book: its sections and the lines that are not rule text."""

    sections: list[Section]
    dropped: dict[int, str] = field(default_factory=dict)  # line number -> reason
    toc: list[tuple[int, str]] = field(default_factory=list)  # (level, title) as listed


def slugify(text: str) -> str:
    text = text.lower().replace("'", "").replace("’", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-") or "section"


def section_url(game_id: str, section_id: str) -> str:
    return f"/rules/{game_id}#{section_id}"


# --- parsing -----------------------------------------------------------------------------


def _is_blank(line: str) -> bool:
    return not line.strip()


def _read_toc(lines: list[str], start: int) -> tuple[list[tuple[int, str, int]], int]:
    """Contents entries (indent, title, line index) from `start`, and the index after them."""
    entries = []
    i = start
    while i < len(lines):
        line = lines[i]
        if _is_blank(line) or line.strip() == "Table of Contents":
            i += 1
            continue
        m = _BULLET.match(line)
        if not m:
            break
        entries.append((len(m.group(1).expandtabs()), m.group(3), i))
        i += 1
    return entries, i


def looks_like_heading(line: str) -> bool:
    """A short, title-cased line that is not a list item or a sentence."""
    s = line.strip()
    if not s or s != line.rstrip("\r\n") or len(s) > 60 or "\t" in s:
        return False
    if not s[0].isalpha() or not s[0].isupper():
        return False
    if s[-1] in ".,;:" or ". " in s or "? " in s:
        return False
    words = s.split()
    if len(words) > 8:
        return False
    for word in words:
        w = word.strip("()[]\"'“”,!?:")
        if not w or not w[0].isalpha():
            continue
        if w[0].islower() and w.lower() not in _SMALL_WORDS:
            return False
    return True


def _standalone(lines: list[str], i: int) -> bool:
    before = i == 0 or _is_blank(lines[i - 1])
    after = i + 1 >= len(lines) or _is_blank(lines[i + 1])
    return before and after


def parse(game_id: str, text: str | None = None) -> Outline:
    """Parse a rulebook into sections (document order)."""
    if text is None:
        text = corpus.rulebook_text(game_id)
    meta = corpus.game_meta(game_id)
    lines = text.splitlines()
    blank_separated = sum(_is_blank(x) for x in lines) > len(lines) / 5

    dropped: dict[int, str] = {}
    # Page furniture before the title line; then the title lines and the contents list.
    title = meta["title"]
    first = next(
        (i for i, x in enumerate(lines) if x.strip() in (title, f"{title} Rulebook")), 0
    )
    for i in range(first):
        dropped[i + 1] = "furniture"
    i = first
    while i < len(lines) and (
        _is_blank(lines[i]) or lines[i].strip() in (title, f"{title} Rulebook")
    ):
        if not _is_blank(lines[i]):
            dropped[i + 1] = "title"
        i += 1
    toc_entries: list[tuple[int, str, int]] = []
    if i < len(lines) and lines[i].strip() == "Table of Contents":
        toc_entries, body_start = _read_toc(lines, i)
        for j in range(i, body_start):
            if not _is_blank(lines[j]):
                dropped[j + 1] = "contents"
        i = body_start

    # Contents levels: rank the distinct indentations, then apply the book's outline data.
    indents = sorted({e[0] for e in toc_entries})
    toc = [(indents.index(ind) + 1, t) for ind, t, _ in toc_entries]
    nesting = corpus.outline(game_id)
    if nesting:
        child_of = {c: p for p, cs in nesting.items() for c in cs}
        adjusted = []
        for level, t in toc:
            adjusted.append((level + 1 if t in child_of else level, t))
        toc = adjusted

    # Find each contents entry in the body, in order; everything else is heuristics.
    headings: dict[int, tuple[int, str, bool]] = {}  # line index -> (level, title, from_toc)
    pos = i
    for level, t in toc:
        for j in range(pos, len(lines)):
            if lines[j].strip() == t and (not blank_separated or _standalone(lines, j)):
                headings[j] = (level, t, True)
                pos = j + 1
                break
    current_level = 0
    for j in range(i, len(lines)):
        if j in headings:
            current_level = headings[j][0]
            continue
        if blank_separated and not _standalone(lines, j):
            continue
        if not blank_separated and (j + 1 >= len(lines) or _is_blank(lines[j + 1])):
            continue
        if looks_like_heading(lines[j]):
            headings[j] = (current_level + 1, lines[j].strip(), False)

    # Lines before the first heading that are not furniture belong to an introduction.
    order = sorted(headings)
    if not order or any(not _is_blank(lines[j]) for j in range(i, order[0])):
        headings[i - 1 if i > 0 and (i - 1) not in headings else i] = (1, title, False)
        order = sorted(headings)

    sections: list[Section] = []
    stack: list[Section] = []
    used: set[str] = set()
    for n, j in enumerate(order):
        level, t, _ = headings[j]
        while stack and stack[-1].level >= level:
            stack.pop()
        level = len(stack) + 1 if not stack or level > stack[-1].level + 1 else level
        parent = stack[-1] if stack else None
        path = (*parent.path, t) if parent else (t,)
        sid = slugify("-".join(path))
        base, k = sid, 2
        while sid in used:
            sid, k = f"{base}-{k}", k + 1
        used.add(sid)
        end = order[n + 1] if n + 1 < len(order) else len(lines)
        body_start = j + 1
        if j < i:  # synthetic introduction: its body starts where the preamble ended
            body_start = i
        while body_start < end and _is_blank(lines[body_start]):
            body_start += 1
        body_end = end
        while body_end > body_start and _is_blank(lines[body_end - 1]):
            body_end -= 1
        body = "\n".join(lines[body_start:body_end])
        span = (body_start + 1, body_end) if body_end > body_start else (0, 0)
        section = Section(
            game=game_id,
            id=sid,
            title=t,
            path=path,
            level=level,
            parent_id=parent.id if parent else None,
            body=body,
            line=j + 1,
            body_lines=span,
        )
        sections.append(section)
        stack.append(section)
    return Outline(sections=sections, dropped=dropped, toc=toc)


@functools.cache
def _outline(game_id: str) -> Outline:
    return parse(game_id)


def sections_for(game_id: str) -> list[Section]:
    """The game's sections in document order (cached). KeyError for an unknown game."""
    corpus.game_meta(game_id)
    return list(_outline(game_id).sections)


def contents_for(game_id: str) -> list[tuple[int, str]]:
    """The book's own contents list as (level, title), empty if the book prints none."""
    corpus.game_meta(game_id)
    return list(_outline(game_id).toc)


def dropped_lines(game_id: str) -> dict[int, str]:
    """Line numbers that are not rule text (furniture, title, contents) and why."""
    corpus.game_meta(game_id)
    return dict(_outline(game_id).dropped)


@functools.cache
def _by_id(game_id: str) -> dict[str, Section]:
    return {s.id: s for s in _outline(game_id).sections}


def get_section(game_id: str, section_id: str) -> Section:
    """KeyError when the game or the section is unknown."""
    corpus.game_meta(game_id)
    return _by_id(game_id)[section_id]


def children_of(game_id: str, section_id: str) -> list[Section]:
    return [s for s in sections_for(game_id) if s.parent_id == section_id]


def descendants_of(game_id: str, section_id: str) -> list[Section]:
    """The sections nested below `section_id`, in document order."""
    secs = sections_for(game_id)
    start = next(n for n, s in enumerate(secs) if s.id == section_id)
    out = []
    for s in secs[start + 1 :]:
        if s.level <= secs[start].level:
            break
        out.append(s)
    return out


def _squash(text: str) -> str:
    return " ".join(text.split())


def locate(game_id: str, quote: str) -> Section | None:
    """The section whose body holds `quote` verbatim (or, failing that, with whitespace
    normalized, so a quote spanning lines may join them with "\\n" or a space)."""
    if not quote or not quote.strip():
        return None
    secs = sections_for(game_id)
    for s in secs:
        if quote in s.body:
            return s
    squashed = _squash(quote)
    for s in secs:
        if squashed in _squash(s.body):
            return s
    return None


# --- passages ----------------------------------------------------------------------------


def _paragraphs(body: str) -> list[str]:
    """Paragraph units of a body: blank-separated blocks, or single lines in books that have
    no blank lines. A line ending in ':' keeps the list that follows it."""
    if not body:
        return []
    if "\n\n" in body or "\n \n" in body:
        blocks = re.split(r"\n[ \t]*\n", body)
    else:
        blocks = body.split("\n")
    return [b for b in blocks if b.strip()]


def _sentences(paragraph: str) -> list[str]:
    parts, last = [], 0
    for m in _SENTENCE_END.finditer(paragraph):
        parts.append(paragraph[last : m.start()].rstrip() + paragraph[m.start() : m.end()])
        last = m.end()
    parts.append(paragraph[last:])
    return [p for p in parts if p.strip()]


def split_passages(body: str, limit: int | None = None) -> list[str]:
    """Split a body into runs of its own text, each at most about `limit` characters.

    Each passage is a verbatim slice of the body (so answer phrases stay substrings);
    a paragraph is only split between sentences, never inside one.
    """
    limit = limit or PASSAGE_CHARS
    units: list[tuple[int, int]] = []  # spans in body
    cursor = 0
    for para in _paragraphs(body):
        start = body.index(para, cursor)
        cursor = start + len(para)
        if len(para) <= limit:
            units.append((start, cursor))
            continue
        s_cursor = start
        for sent in _sentences(para):
            s_start = body.index(sent.strip(), s_cursor)
            s_cursor = s_start + len(sent.strip())
            units.append((s_start, s_cursor))
    # Keep an answer with its question and a list's lead-in with its first item ...
    groups: list[tuple[int, int]] = []
    for start, end in units:
        text = body[start:end].lstrip()
        prev = body[groups[-1][0] : groups[-1][1]].rstrip() if groups else ""
        glue = text.startswith("A:") or prev.endswith(":")
        if groups and glue and end - groups[-1][0] <= limit:
            groups[-1] = (groups[-1][0], end)
        else:
            groups.append((start, end))
    # ... then pack whole groups, starting afresh at each question of a Q&A list.
    passages: list[tuple[int, int]] = []
    for start, end in groups:
        question = body[start:end].lstrip().startswith("Q:")
        if passages and not question and end - passages[-1][0] <= limit:
            passages[-1] = (passages[-1][0], end)
        else:
            passages.append((start, end))
    return [body[a:b] for a, b in passages]


@functools.cache
def _passages(game_id: str) -> tuple[Passage, ...]:
    out = []
    order = 0
    for s in _outline(game_id).sections:
        for n, text in enumerate(split_passages(s.body), start=1):
            out.append(
                Passage(
                    id=f"{s.id}~{n}",
                    game=game_id,
                    section_id=s.id,
                    title=s.title,
                    path=s.path,
                    text=text,
                    order=order,
                )
            )
            order += 1
    return tuple(out)


def passages_for(game_id: str) -> list[Passage]:
    """Retrieval units of the game, in document order, each keeping its section path."""
    corpus.game_meta(game_id)
    return list(_passages(game_id))


@functools.lru_cache(maxsize=8192)
def sentence_spans(text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) in the passage of each of its sentences (each line split between
    sentences), trimmed of surrounding blanks: text[start:end] is the sentence verbatim."""
    spans = []
    line_start = 0
    for line in text.split("\n"):
        cursor = 0
        for sent in _sentences(line) if line.strip() else []:
            sent = sent.strip()
            a = line.index(sent, cursor)
            cursor = a + len(sent)
            spans.append((line_start + a, line_start + cursor))
        line_start += len(line) + 1
    return tuple(spans) or ((0, len(text)),)

"""Search that understands players: questions in, ranked rulebook passages out.

The input is treated as words, never as query syntax: there is no query parser, so no
wildcards, field prefixes, ranges or boolean operators can reach the index. A question
becomes an OR of its (stemmed) words over the passage text, title and section path, plus
phrase boosts for adjacent words; misspelt words are corrected against the corpus ("did you
mean"); a per-game glossary adds the rulebook's own terms for a player's words. The best
few dozen candidates are then re-ranked by how much of the question they cover.
"""

import bisect
import functools
import html
import itertools
import math
import operator
import re
import unicodedata
from dataclasses import dataclass, field

import numpy as np
from whoosh.query import Or, Phrase, Term
from whoosh.scoring import BM25F, BaseScorer, bm25

from . import corpus, embedding, sections
from .indexing import ANALYZER, WORD_PATTERN
from .sections import sentence_spans as _sentence_spans

MAX_QUERY_CHARS = 500
MAX_TERMS = 48
MAX_CORRECTED_CHARS = 30  # no English or rulebook word is longer; spares a 500-letter blob
MAX_PHRASES = 24
# the first stage's passages the re-ranker sees: 40 since session 14 ("J40": with 20, 98 of
# Journey's 990 fit questions had no right passage among them; leaving one writer out, 40 ranked
# +25 / +21 questions at hit@1 / hit@3 over 2,348, for ~0.2 ms of CPU at p50; docs/rules-api.md)
CANDIDATES = 40
# the game's passages nearest the question's adapted vector (the best of the passage's cosine and
# its closest sentence's) that BM25F's candidates miss, added after them when the game is known: a
# paraphrase sharing no word with the rule it asks about reaches the re-ranker (0: none)
VECTOR_CANDIDATES = 10

TITLE_BOOST = 1.0  # on top of the schema's index-time field boosts (title 2.0, path 1.5)
PATH_BOOST = 0.5
PHRASE_BOOST = 1.5
EXPANSION_WEIGHT = 0.9
IDIOM_WEIGHT = 0.4
FUNCTION_WEIGHT = 0.15
LORE_PENALTY = 0.3  # story text (prologues, character bios) rarely answers a rules question
EXAMPLE_PENALTY = 0.3  # a worked example illustrates a rule; the rule itself should win
COMPONENTS_PENALTY = 0.2  # an inventory answers "what is in the box", little else
COVER_WEIGHT = 0.45
SENTENCE_WEIGHT = 0.9
NUMBER_BONUS = 0.1
CUE_BONUS = 0.05
PAIR_WEIGHT = 0.7  # two adjacent sentences, against one

_WORD = re.compile(WORD_PATTERN)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")

_BUILD_CACHE: dict[tuple[str, ...], dict] = {}
BUILDS_CACHED = 2  # the index being served, and the one a rebuild just replaced


def _reader_cache(reader) -> dict:
    """Memo per index build (field lengths, stored fields, term scores), keyed by its segments,
    so every thread's reader of the same build shares it: they would compute the same numbers.
    A thread's first request is then as fast as any other. The reader keeps a reference to it
    (a search asks for it ~100 times, and its key costs a walk over the segments)."""
    memo = getattr(reader, "_build_memo", None)
    if memo is not None:
        return memo
    key = tuple(sub.segment().segment_id() for sub, _ in reader.leaf_readers())
    memo = _BUILD_CACHE.get(key)
    if memo is None:
        while len(_BUILD_CACHE) >= BUILDS_CACHED:
            _BUILD_CACHE.pop(next(iter(_BUILD_CACHE)))
        memo = _BUILD_CACHE.setdefault(key, {})
    reader._build_memo = memo  # the reader is its thread's own
    return memo


def _stored_fields(searcher):
    """`fields(docnum)`: a passage's stored fields, read once per index build (`_reader_cache`)."""
    stored = _reader_cache(searcher.reader()).setdefault("stored", {})

    def fields(docnum: int) -> dict:
        if docnum not in stored:
            stored[docnum] = searcher.stored_fields(docnum)
        return stored[docnum]
    return fields


class _LengthListScorer(BaseScorer):
    def __init__(self, searcher, fieldname, text, B, K1, qf=1):
        parent = searcher.get_parent()
        self.idf = parent.idf(fieldname, text)
        self.avgfl = parent.avg_field_length(fieldname) or 1
        self.B, self.K1, self.qf = B, K1, qf
        memo = _reader_cache(searcher.reader())
        key = ("lengths", fieldname)
        if key not in memo:
            n = searcher.reader().doc_count_all()
            memo[key] = [searcher.doc_field_length(d, fieldname, 1) for d in range(n)]
        self.lengths = memo[key]

    def supports_block_quality(self):
        return False

    def score(self, matcher):
        fl = self.lengths[matcher.id()]
        return bm25(self.idf, matcher.weight(), fl, self.avgfl, self.B, self.K1)


class FastBM25F(BM25F):
    """Whoosh's BM25F, reading field lengths from a list built once per segment instead of a
    column lookup per matching document (most of the cost of a query on a small index)."""

    def scorer(self, searcher, fieldname, text, qf=1):
        if not searcher.schema[fieldname].scorable:
            return super().scorer(searcher, fieldname, text, qf=qf)
        B = self._field_B.get(fieldname, self.B)
        return _LengthListScorer(searcher, fieldname, text, B, self.K1, qf=qf)


WEIGHTING = FastBM25F(B=0.75, K1=1.2, title_B=0.3, path_B=0.3)


# --- vocabulary ----------------------------------------------------------------------------


@functools.lru_cache(maxsize=65536)
def _stems(text: str) -> tuple[str, ...]:
    return tuple(t.text for t in ANALYZER(text))


def stems(text: str) -> list[str]:
    return list(_stems(text))


@functools.lru_cache(maxsize=65536)
def stem(word: str) -> str:
    s = stems(word)
    return s[0] if s else word


@functools.cache
def _common() -> dict:
    return corpus.common_glossary()


@functools.cache
def function_words() -> frozenset[str]:
    """Question filler ("what", "the", "i"): kept, but weighted low."""
    return frozenset(stem(w) for w in _common().get("function_words", []))


@dataclass(frozen=True)
class Vocabulary:
    words: dict[str, int]  # surface word (lower case) -> frequency
    stems: frozenset[str]
    deletes: dict[str, tuple[str, ...]]  # one-deletion variants -> words


@functools.cache
def vocabulary() -> Vocabulary:
    """Every word a question may legitimately use: the corpus, the glossaries' keys and
    a list of common words. Misspellings are corrected toward the corpus and glossary."""
    words: dict[str, int] = {}
    for g in corpus.GAME_IDS:
        for s in sections.sections_for(g):
            for w in _WORD.findall((s.title + "\n" + s.body).lower()):
                words[w] = words.get(w, 0) + 1
    for g in corpus.GAME_IDS:
        for key in corpus.glossary(g):
            for w in _WORD.findall(key.lower()):
                words.setdefault(w, 1)
    deletes: dict[str, list[str]] = {}
    for w in words:
        if len(w) < 3 or w.isdigit():
            continue
        for v in _deletes1(w) | {w}:
            deletes.setdefault(v, []).append(w)
    known = set(words) | {w.lower() for w in _common().get("known_words", [])}
    all_stems = frozenset(stem(w) for w in known)
    return Vocabulary(
        words=words,
        stems=all_stems,
        deletes={k: tuple(v) for k, v in deletes.items()},
    )


def _deletes1(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


def _damerau(a: str, b: str) -> float:
    """Optimal string alignment distance, where swapping two neighbouring letters (the
    commonest typing slip: "teh", "frist") costs half an edit."""
    prev2: list[float] = []
    prev: list[float] = [float(j) for j in range(len(b) + 1)]
    for i in range(1, len(a) + 1):
        cur = [float(i)] + [0.0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 0.5)
        prev2, prev = prev, cur
    return prev[-1]


_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _edits1(word: str) -> set[str]:
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    out = {a + b[1:] for a, b in splits if b}
    out |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    out |= {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
    out |= {a + c + b for a, b in splits for c in _LETTERS}
    return out


@functools.lru_cache(maxsize=16384)
def correct_word(word: str) -> str | None:
    """The likeliest intended word for a misspelt `word`, or None when it is fine as it is.

    A word is fine when the rulebooks, the glossaries or an English word list know it.
    Otherwise the candidates are rulebook and glossary words within two edits (found through
    shared one-deletion variants) and English words within one edit; the closest wins, then a
    rulebook word over a mere English one, then the most frequent. Short words are left alone.
    """
    vocab = vocabulary()
    if not 3 <= len(word) <= MAX_CORRECTED_CHARS or not word.isalpha() or word in vocab.words:
        return None
    english = corpus.english_words()
    if word in english or stem(word) in vocab.stems:
        return None
    maxdist = 1 if len(word) <= 4 else 2
    candidates: set[str] = set()
    for v in _deletes1(word) | {word}:
        candidates.update(vocab.deletes.get(v, ()))
    candidates.update(e for e in _edits1(word) if e in english)
    best = None
    for c in candidates:
        if abs(len(c) - len(word)) > maxdist:
            continue
        d = _damerau(word, c)
        if d > maxdist:
            continue
        freq = vocab.words.get(c, 0)
        key = (d, freq == 0, -freq, c)
        if best is None or key < best:
            best = key
    return best[3] if best else None


# --- query plan ----------------------------------------------------------------------------


def clean_query(q: str) -> str:
    q = unicodedata.normalize("NFKC", q)
    q = _CONTROL.sub(" ", q)
    return " ".join(q.split())


@dataclass
class QueryPlan:
    text: str
    words: list[str]
    corrected: str | None = None
    terms: dict[str, float] = field(default_factory=dict)  # stem -> weight
    phrases: list[tuple[tuple[str, ...], float]] = field(default_factory=list)
    expansions: list[str] = field(default_factory=list)
    # distinct things the question asks about: each of its own words with the rulebook terms
    # the glossary gave for it ("friends" -> {friend, companion, card, parti})
    concepts: list[frozenset[str]] = field(default_factory=list)


GLOSSARY_GAP = 2  # "bring cho back" matches "bring back", "knock him out" "knock out"


def _match_at(seq: list[str], i: int, key: tuple[str, ...]) -> bool:
    """key[0] is at i; the rest follow in order, each within GLOSSARY_GAP words."""
    pos = i
    for k in key[1:]:
        window = seq[pos + 1 : pos + 2 + GLOSSARY_GAP]
        if k not in window:
            return False
        pos = pos + 1 + window.index(k)
    return True


def _glossary_hits(game: str | None, seq: list[str]):
    """(key, expansions) of every glossary key found in the stem sequence."""
    index = _glossary_index(game)
    seen = set()
    for i, s in enumerate(seq):
        for key, expansions in index.get(s, ()):
            if key not in seen and _match_at(seq, i, key):
                seen.add(key)
                yield key, expansions


@functools.cache
def _glossary_index(game: str | None) -> dict[str, list]:
    out: dict[str, list] = {}
    for key, expansions in _glossary_stems(game):
        out.setdefault(key[0], []).append((key, expansions))
    return out


@functools.cache
def _glossary_stems(game: str | None) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """(key stems, expansions) for a game's glossary, or every game's when game is None.
    A game's own entry for a phrase replaces the common one ("people" are Companions in
    We Forlorn Few, not players)."""
    games = [game] if game else list(corpus.GAME_IDS)
    merged: dict[str, list[str]] = {}
    for g in games:
        for k, vs in corpus.glossary(g).items():
            merged.setdefault(k, []).extend(vs)
    for k, vs in corpus.common_glossary().get("synonyms", {}).items():
        if k.lower() not in merged:
            merged[k.lower()] = [v.lower() for v in vs]
    out = []
    for k, vs in merged.items():
        ks = tuple(stems(k))
        if ks:
            out.append((ks, tuple(dict.fromkeys(vs))))
    return tuple(out)


def plan_query(q: str, game: str | None = None) -> QueryPlan:
    text = clean_query(q)[:MAX_QUERY_CHARS]
    words = [w.lower() for w in _WORD.findall(text)][: MAX_TERMS * 2]
    plan = QueryPlan(text=text, words=words)

    fixed = []
    changed = False
    for w in words:
        c = correct_word(w)
        if c and c != w:
            fixed.append(c)
            changed = True
        else:
            fixed.append(w)
    if changed:
        out, pos = [], 0
        for m, new in zip(_WORD.finditer(text), fixed, strict=False):
            out.append(text[pos : m.start()])
            out.append(new if new != m.group(0).lower() else m.group(0))
            pos = m.end()
        out.append(text[pos:])
        plan.corrected = "".join(out)

    fw = function_words()
    seq = [s for w in fixed for s in stems(w)]
    for s in seq:
        weight = FUNCTION_WEIGHT if s in fw else 1.0
        plan.terms[s] = max(plan.terms.get(s, 0.0), weight)
    for a, b in zip(seq, seq[1:], strict=False):
        if a in fw or b in fw:
            continue
        plan.phrases.append(((a, b), PHRASE_BOOST))

    hits = list(_glossary_hits(game, seq))
    members: dict[str, set[str]] = {s: {s} for s in seq}
    for key, _ in hits:
        # a matched idiom ("knocked out") means its rulebook term, not its literal words
        if len(key) > 1:
            for s in key:
                if s in plan.terms:
                    plan.terms[s] = min(plan.terms[s], IDIOM_WEIGHT)
            pairs = set(zip(key, key[1:], strict=False))
            plan.phrases = [p for p in plan.phrases if p[0] not in pairs]
    for key, expansions in hits:
        owners = [k for k in key if k not in fw] or [key[-1]]
        for exp in expansions:
            es = stems(exp)
            if not es:
                continue
            plan.expansions.append(exp)
            for k in owners:
                members[k].update(x for x in es if x not in fw)
            for s in es:
                if s not in fw:
                    w = EXPANSION_WEIGHT / (1 if len(es) == 1 else 1.5)
                    plan.terms[s] = max(plan.terms.get(s, 0.0), w)
            if len(es) > 1:
                plan.phrases.append((tuple(es), PHRASE_BOOST))

    if len(plan.terms) > MAX_TERMS:
        keep = sorted(plan.terms.items(), key=lambda kv: -kv[1])[:MAX_TERMS]
        plan.terms = dict(keep)
    plan.phrases = list(dict.fromkeys(plan.phrases))[:MAX_PHRASES]
    concepts = {frozenset(x for x in m if x in plan.terms) for m in members.values()}
    plan.concepts = sorted((c for c in concepts if c), key=sorted)  # a set: fix the order
    return plan


def build_query(plan: QueryPlan):
    """One flat OR over every (field, term) and phrase: `run_query` evaluates it."""
    clauses = []
    for s, w in plan.terms.items():
        if w <= FUNCTION_WEIGHT:  # question filler: only in phrases and the re-ranking
            continue
        clauses.append(Term("text", s, boost=w))
        clauses.append(Term("title", s, boost=w * TITLE_BOOST))
        clauses.append(Term("path", s, boost=w * PATH_BOOST))
    for words, boost in plan.phrases:
        clauses.append(Phrase("text", list(words), boost=boost))
    if not clauses:
        return None
    return Or(clauses)


# --- search --------------------------------------------------------------------------------


@dataclass
class Hit:
    game: str
    section_id: str
    passage_id: str
    title: str
    path: tuple[str, ...]
    text: str
    fragment: str
    score: float
    answer_start: int = 0  # the answer: text[answer_start:answer_end], one or two sentences
    answer_end: int = 0

    @property
    def answer(self) -> str:
        return self.text[self.answer_start : self.answer_end]

    @property
    def path_text(self) -> str:
        return sections.PATH_SEP.join(self.path)

    @property
    def url(self) -> str:
        return sections.section_url(self.game, self.section_id)

    @property
    def passage_url(self) -> str:
        """The rulebook page scrolled to this very passage."""
        return f"/rules/{self.game}#{self.passage_id}"


@dataclass
class SearchResult:
    query: str
    corrected: str | None
    hits: list[Hit]
    expansions: list[str] = field(default_factory=list)
    game: str | None = None  # the game searched: the one asked for, or the one detected
    detected: bool = False  # True when `game` was detected from the question's words
    answered: bool = False  # does the book answer it? False: the hits are only related
    confidence: float = 0.0  # calibrated probability that the first hit answers it
    features: dict[str, float] = field(default_factory=dict)  # what the confidence read

    @property
    def best(self) -> Hit | None:
        """The best-scored hit, whose answer is read aloud (first in every page's order: the
        table's ask page orders only the others by the current phase)."""
        return max(self.hits, key=lambda h: h.score, default=None)




@functools.lru_cache(maxsize=4096)
def _token_spans(text: str) -> tuple[tuple[str, int, int], ...]:
    return tuple(
        (t.text, t.startchar, t.endchar) for t in ANALYZER(text, chars=True, removestops=False)
    )


FRAGMENT_CHARS = 320
FRAGMENT_LEAD = 80
FRAGMENT_BETWEEN = " … "
MARK_CLASSES = 5  # term0 .. term4, recycled, as Whoosh's HtmlFormatter numbers them


def _window(text: str, start: int, end: int) -> tuple[int, int]:
    """Widen [start, end) to word boundaries."""
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    while end < len(text) and not text[end].isspace():
        end += 1
    return start, end


def _escape(text: str) -> str:
    return html.escape(text, quote=False) if ("&" in text or "<" in text or ">" in text) else text


def _format_fragment(text: str, spans: list[tuple[int, int]], lo: int, hi: int,
                     seen: dict[str, int]) -> str:
    """text[lo:hi] HTML-escaped with each match span in <mark class="match termN">: the
    markup of Whoosh's HtmlFormatter(tagname="mark"), including its term numbering (by the
    matched text, in order of first appearance, recycled after MARK_CLASSES), without its
    per-token overhead."""
    out = []
    index = lo
    for a, b in spans:
        if a < index:
            continue
        if a > index:
            out.append(_escape(text[index:a]))
        word = _escape(text[a:b])
        n = seen.get(word)
        if n is None:
            n = seen[word] = len(seen) % MARK_CLASSES
        out.append(f'<mark class="match term{n}">{word}</mark>')
        index = b
    out.append(_escape(text[index:hi]))
    return "".join(out)


def highlight_text(text: str, terms: set[str], top: int = 2) -> str:
    """The passage's best one or two stretches (about FRAGMENT_CHARS each) with the query's
    words marked as Whoosh's HtmlFormatter(tagname="mark") marks them, the text around the
    marks HTML-escaped. Token spans are analysed once per passage and cached."""
    matches = [(t, a, b) for t, a, b in _token_spans(text) if t in terms]
    seen: dict[str, int] = {}
    if not matches:
        head = text[:240]
        return _escape(head) + ("…" if len(text) > len(head) else "")
    if len(text) <= FRAGMENT_CHARS * top:
        return _format_fragment(text, [(a, b) for _, a, b in matches], 0, len(text), seen)
    starts = [a for _, a, _ in matches]
    candidates = []
    for _, a, _ in matches:
        lo = max(0, a - FRAGMENT_LEAD)
        hi = min(len(text), lo + FRAGMENT_CHARS)
        i = bisect.bisect_left(starts, lo)
        j = bisect.bisect_right(starts, hi)
        inside = [m for m in matches[i:j] if m[2] <= hi]
        candidates.append((len({m[0] for m in inside}), len(inside), -lo, lo, hi))
    candidates.sort(reverse=True)
    chosen: list[tuple[int, int]] = []
    for *_, lo, hi in candidates:
        if all(hi <= a or lo >= b for a, b in chosen):
            chosen.append((lo, hi))
        if len(chosen) == top:
            break
    fragments = []
    for lo, hi in sorted(chosen):
        lo, hi = _window(text, lo, hi)
        i = bisect.bisect_left(starts, lo)
        j = bisect.bisect_right(starts, hi)
        spans = [(a, b) for _, a, b in matches[i:j] if b <= hi]
        fragments.append(_format_fragment(text, spans, lo, hi, seen))
    return FRAGMENT_BETWEEN.join(fragments)


@functools.lru_cache(maxsize=8192)
def _stem_set(text: str) -> frozenset[str]:
    return frozenset(stems(text))


ANSWER_DISCOUNT = 0.6  # a worked example or a bare list heading, as the answer to show
_EXAMPLE_SENTENCE = re.compile(r"^\W*(e\.g\.|for example|example)\b", re.I)


@functools.lru_cache(maxsize=8192)
def _sentence_shapes(text: str) -> tuple[float, ...]:
    """How fit each sentence is to be read aloud as the answer: 1, or ANSWER_DISCOUNT for a
    worked example ("Example - The Scribe: ...") or a list heading of a few words
    ("- Vicar (Faction: Bishop).")."""
    out = []
    for a, b in _sentence_spans(text):
        sent = text[a:b]
        fit = not _EXAMPLE_SENTENCE.match(sent) and len(_WORD.findall(sent)) >= 5
        out.append(1.0 if fit else ANSWER_DISCOUNT)
    return tuple(out)


def _choose_answer(text: str, singles: list[float], value) -> tuple[int, int]:
    """The (first, last) sentence to show as the answer: the sentence, or two adjacent ones at
    PAIR_WEIGHT, that says most of the question (`singles`: each sentence's value; `value`
    scores a pair's stems), worked examples and bare list headings discounted (they help rank
    a passage, but do not answer aloud)."""
    shape = _sentence_shapes(text)
    values = [v * f for v, f in zip(singles, shape, strict=True)]
    shown = max(values)
    answer = (values.index(shown),) * 2
    for i, pair in enumerate(_sentence_pairs(text)):
        f = max(shape[i], shape[i + 1])
        if PAIR_WEIGHT * (singles[i] + singles[i + 1]) * f > shown:  # else it cannot win
            v = PAIR_WEIGHT * value(*pair) * f
            if v > shown:
                shown, answer = v, (i, i + 1)
    return _with_reply(text, answer)


def _with_reply(text: str, answer: tuple[int, int]) -> tuple[int, int]:
    """A FAQ's question ("Q: Can I ...?") is shown with the first sentence of its reply."""
    spans = _sentence_spans(text)
    last = answer[1]
    if text[spans[last][0] : spans[last][1]].rstrip().endswith("?") and last + 1 < len(spans):
        return (answer[0] if answer[0] == last else last, last + 1)
    return answer


@functools.lru_cache(maxsize=8192)
def _sentence_info(text: str) -> tuple[tuple[frozenset[str], bool], ...]:
    """(stems, holds a number) of each sentence of a passage (as `_sentence_spans`)."""
    sets = [_stem_set(text[a:b]) for a, b in _sentence_spans(text)]
    return tuple((st, _has_number(st)) for st in sets)


@functools.lru_cache(maxsize=8192)
def _sentence_pairs(text: str) -> tuple[tuple[frozenset[str], bool], ...]:
    """(stems, holds a number) of each two adjacent sentences of a passage together: an
    answer often spans a lead-in and the rule that follows it."""
    info = _sentence_info(text)
    return tuple((a | b, na or nb) for (a, na), (b, nb) in zip(info, info[1:], strict=False))


_QUANTITY = re.compile(r"\b(how (many|much|far|long|often)|max(imum)?|limit|most|least)\b")
_NUMBER_STEMS = frozenset(
    stem(w)
    for w in "one two three four five six seven eight nine ten twice once half no "
    "all every any".split()
)


# Question words and the words a rule uses to answer them: a small bonus when the passage's
# best sentence speaks that way ("can I ...?" -> "may", "cannot"; "what if" -> "if").
_CUES = [
    (re.compile(r"\b(can|may|could|allowed|legal|able)\b"),
     frozenset(stems("may can cannot not must only allowed"))),
    (re.compile(r"\b(what|if|when) (happens|if)\b|\bwhat now\b"),
     frozenset(stems("if when instead must then"))),
    (re.compile(r"^(who|which player)\b"), frozenset(stems("player first"))),
    (re.compile(r"^(where)\b"), frozenset(stems("place placed put on into"))),
]


def _has_number(stemset: frozenset[str]) -> bool:
    return any(s.isdigit() for s in stemset) or bool(stemset & _NUMBER_STEMS)


_LORE_TITLE = re.compile(r"\b(prologue|epilogue|interlude|story|credits)\b", re.I)
_EXAMPLE_TITLE = re.compile(r"\bexamples?\b", re.I)
_COMPONENTS_TITLE = re.compile(r"^(game )?components$", re.I)


@functools.lru_cache(maxsize=4096)
def _section_kind(game: str, path_text: str) -> str | None:
    """"lore" (story text: Prologue & co., or games.json `lore_sections`), "example" (a worked
    example) or "components" (the inventory) for sections that are not rules, else None."""
    path = path_text.split(sections.PATH_SEP)
    lore = set(corpus.lore_sections(game)) if game in corpus.GAME_IDS else set()
    if any(_LORE_TITLE.search(t) or t in lore for t in path):
        return "lore"
    if _EXAMPLE_TITLE.search(path[-1]):
        return "example"
    if _COMPONENTS_TITLE.search(path[-1]):
        return "components"
    return None


_ITEM = re.compile(r"^\s*(?:[-•*]|\d+[.)])\s+(.*)$")


@functools.lru_cache(maxsize=8192)
def _is_inventory(text: str) -> bool:
    """Mostly a list of a few words per line ("- Gate x 2", "• 3 Pillar Markers"): a
    components or board-setup inventory, not a rule."""
    lines = [x for x in text.split("\n") if x.strip()]
    short = sum(1 for x in lines if (m := _ITEM.match(x)) and len(m.group(1).split()) <= 4)
    return len(lines) >= 3 and short >= 0.7 * len(lines)


def _df(searcher, s: str) -> int:
    memo = _reader_cache(searcher.reader()).setdefault("df", {})
    if s not in memo:
        memo[s] = max(searcher.doc_frequency("text", s), searcher.doc_frequency("path", s))
    return memo[s]


@dataclass(frozen=True)
class Ranked:
    """A candidate passage after re-ranking: its final score, the answer span in its text
    (one sentence or two adjacent ones), and the signals the confidence is computed from."""

    score: float
    answer: tuple[int, int]
    sentence_cover: float  # share of the question the answer span covers (with bonuses)
    cover: float  # share of the question the whole passage covers
    bm25: float  # the first-stage score


# The re-ranker's features of a candidate passage (`_candidates`), and the weights the hand-tuned
# blend gave them: the prior a learned model is fitted toward (bench/train_reranker.py), and
# the weights used when rulebook_index/data/reranker.json ships none.
HAND_WEIGHTS = {
    "bm25": 1.0, "cover": COVER_WEIGHT, "sentence": SENTENCE_WEIGHT,
    "components": -COMPONENTS_PENALTY, "lore": -LORE_PENALTY, "example": -EXAMPLE_PENALTY,
    "title": 0.0, "rank": 0.0, "specific": 0.0, "specific_sentence": 0.0, "literal": 0.0,
    "phrase": 0.0, "length": 0.0, "first": 0.0, "number_answer": 0.0, "cue_answer": 0.0,
    "cosine": 0.0, "sentence_cosine": 0.0, "vector_only": 0.0,
}


FEATURES = tuple(HAND_WEIGHTS)
_FEATURE_AT = {k: i for i, k in enumerate(FEATURES)}
_SENTENCE, _COVER = _FEATURE_AT["sentence"], _FEATURE_AT["cover"]


ADAPTER = corpus.DATA_DIR / "adapter.npz"


@functools.cache
def _adapter() -> np.ndarray | None:
    """The learned question adapter's matrix A (bench/train_reranker.py --adapter-l2), or None
    when rulebook_index/data/adapter.npz ships none."""
    if not ADAPTER.exists():
        return None
    with np.load(ADAPTER) as f:
        a = f["matrix"].astype(np.float32)
    a.flags.writeable = False
    return a


def adapted_question(question: np.ndarray) -> np.ndarray:
    """The question's vector as the re-ranker's two cosines read it: q + A q, renormalized, with
    the adapter A fitted together with the re-ranker's weights (so that a player's words land
    nearer the passages that answer them); q itself when none ships. The abstention reads q."""
    a = _adapter()
    if a is None:
        return question
    u = question + a @ question
    return u / np.linalg.norm(u)


@functools.cache
def reranker_weights() -> tuple[float, ...]:
    """The re-ranker's weights, in the order of FEATURES: the learned ones of
    rulebook_index/data/reranker.json when shipped, else the hand-tuned blend."""
    weights = {**HAND_WEIGHTS, **corpus.fitted_model("reranker").get("weights", {})}
    return tuple(weights[k] for k in FEATURES)


class Question:
    """A question's embedding and the re-ranker's adapted one, each computed once per search (a
    search without a game ranks twice: to find the game, then in it), and its third layer's vector,
    which the abstention reads (`embedding.QuestionVectors`)."""

    def __init__(self, text: str):
        self.text = text

    @functools.cached_property
    def vectors(self) -> embedding.QuestionVectors:
        return embedding.question_vector(self.text)

    @functools.cached_property
    def adapted(self) -> np.ndarray:
        return adapted_question(self.vectors.embedding)


@dataclass
class Candidate:
    """A first-stage passage with what the re-ranker reads of it."""

    features: tuple[float, ...]  # in the order of FEATURES
    singles: list[float]  # each sentence's value (question coverage with bonuses)
    in_path: frozenset[str]


# The features read off a passage's best sentence (the costly part of `_candidates`), each in
# [0, its bound]: the re-ranker computes them only for passages that can still reach the top.
_SENTENCE_FEATURES = ("sentence", "specific_sentence", "number_answer", "cue_answer")
_BOUND_MARGIN = 1e-6  # far above the rounding of a score's sum, far below its four places


@functools.lru_cache(maxsize=8192)
def _sentence_index(text: str) -> tuple[dict[str, tuple[int, ...]], tuple[tuple[bool, ...], ...]]:
    """Of a passage's sentences (as `_sentence_info`): which hold each stem, and whether each
    speaks the answer words of each of `_CUES`."""
    where: dict[str, list[int]] = {}
    cues = []
    for i, (sent, _) in enumerate(_sentence_info(text)):
        for st in sent:
            where.setdefault(st, []).append(i)
        cues.append(tuple(not sent.isdisjoint(c) for _, c in _CUES))
    return {st: tuple(v) for st, v in where.items()}, tuple(cues)


@dataclass(frozen=True, slots=True)
class _Passage:
    """What the re-ranker reads of a passage whatever the question: its stems (text, section
    path, title), word pairs, section kind and the two features of its shape."""

    text: frozenset[str]
    path: frozenset[str]
    title: frozenset[str]
    bigrams: frozenset[tuple[str, str]]
    kind: str | None  # "lore", "example", "components" (an inventory too) or None
    length: float  # the "length" feature
    first: float  # the "first" feature: it opens its section


def _passage(searcher, d: dict) -> _Passage:
    """`d`'s _Passage, made once per index build (`_reader_cache`)."""
    memo = _reader_cache(searcher.reader()).setdefault("passages", {})
    key = (d["game"], d["id"])
    p = memo.get(key)
    if p is None:
        kind = _section_kind(d["game"], d["path"])
        if kind is None and _is_inventory(d["text"]):
            kind = "components"
        p = memo[key] = _Passage(
            _stem_set(d["text"]), _stem_set(d["path"]), _stem_set(d["title"]), _bigrams(d["text"]),
            kind, len(d["text"]) / 800, 1.0 if d["id"].endswith("~1") else 0.0)
    return p


def _candidates(plan: QueryPlan, docs: list[dict], scores: list[float], searcher,
                question: Question | None = None, need: int | None = None,
                lexical: int | None = None):
    """The re-ranker's features of each candidate, and the sentence value function.

    Features: BM25F (over the best candidate's), the share of the question's (idf-weighted)
    concepts the passage holds in its text or section path ("cover"), the share that its best
    sentence, or two adjacent ones at PAIR_WEIGHT, holds ("sentence": the sentence that answers
    usually says most of the question at once), story/example/inventory flags, the share its
    section title holds, its first-stage rank, whether it (or its best sentence) holds the
    question's most specific concept, the share of the question's own words it holds literally
    and of its adjacent word pairs, its length, whether it opens its section, its two embedding
    cosines, and whether only the question's vector found it (a candidate after the first
    `lexical`, the ones BM25F ranked: `_first_stage`). A concept is
    one word of the question together with the rulebook terms the glossary gave for it, and
    counts once however many of them a passage holds.

    With `need`, only the candidates that can be among the `need` best by the re-ranker's
    score get their best sentence's features (the others are None): each passage's score is
    bounded from its other features and its coverage, and the best sentences are computed in
    the order of those bounds until no bound left reaches the need-th best score. The ranking's
    first `need` are exactly those of every candidate scored."""
    question = question or Question(plan.text)
    n = max(searcher.doc_count(), 1)
    idf = {s: w * math.log(1 + n / (1 + _df(searcher, s))) for s, w in plan.terms.items()}
    # a concept is worth its best word that some passage holds: a player's word the books
    # never use counts through the rulebook terms the glossary gave for it
    concepts = []
    for c in plan.concepts:
        held = [idf[s] for s in c if _df(searcher, s)]
        if held:
            concepts.append((c, max(held)))
    total = sum(w for _, w in concepts) or 1.0
    qset = frozenset(idf)
    rarest = max(concepts, key=lambda cw: cw[1])[0] if concepts else frozenset()
    fw = function_words()
    literal = frozenset(stem(w) for w in plan.words) & qset - fw  # its own words, not glossary terms
    literal_n = len(literal) or 1
    pairs = frozenset(p for p, _ in plan.phrases if len(p) == 2)

    # stem -> (concept, weight) it can stand for; a stem set covers each concept by its best
    owners: dict[str, list[tuple[int, float]]] = {}
    for ci, (c, _) in enumerate(concepts):
        for s in c:
            owners.setdefault(s, []).append((ci, idf[s]))
    coverage_of: dict[frozenset[str], float] = {}  # the same few question words recur

    def covered(stemset: frozenset[str]) -> float:
        v = coverage_of.get(stemset)
        if v is None:
            best: dict[int, float] = {}
            for s in stemset:
                for ci, w in owners.get(s, ()):
                    if w > best.get(ci, 0.0):
                        best[ci] = w
            # fsum: exactly rounded, so sets covering the same concepts tie exactly, whatever
            # their order (a plain sum's last bit followed the set's iteration order)
            v = coverage_of[stemset] = math.fsum(best.values())
        return v

    top = max(scores) or 1.0
    cosines = _passage_vectors(searcher).cosines([(d["game"], d["id"]) for d in docs],
                                                 question.adapted)
    wants_number = bool(_QUANTITY.search(plan.text.lower()))
    asked_cues = [j for j, (rx, _) in enumerate(_CUES) if rx.search(plan.text.lower())]
    cue_sets = [_CUES[j][1] for j in asked_cues]
    number_w = NUMBER_BONUS * total / SENTENCE_WEIGHT if wants_number else 0.0
    cue_w = CUE_BONUS * total / SENTENCE_WEIGHT
    about_box = bool({"compon", "setup"} & plan.terms.keys())

    def value(sent: frozenset[str], numeric: bool, in_path: frozenset[str]) -> float:
        hit = sent & qset  # most sentences hold none of the question: then the path's coverage
        key = hit | in_path if hit else in_path
        c = coverage_of.get(key)
        if c is None:
            c = covered(key)
        if numeric:
            c += number_w
        for cues in cue_sets:
            if not sent.isdisjoint(cues):
                c += cue_w
        return c

    def best_sentence(d: dict, in_path: frozenset[str]):
        """(each sentence's value, the best sentence or pair's value, stems, holds a number):
        `value` of every sentence, where one holding none of the question's stems (most of
        them) is worth the path's coverage and its bonuses, computed alike."""
        text = d["text"]
        info = _sentence_info(text)
        where, cue_marks = _sentence_index(text)
        hit = set()  # the sentences holding a stem of the question
        for s in qset:
            hit.update(where.get(s, ()))
        path_value = coverage_of.get(in_path)
        if path_value is None:
            path_value = covered(in_path)
        singles = []
        for i, (sent, numeric) in enumerate(info):
            if i in hit:
                singles.append(value(sent, numeric, in_path))
                continue
            c = path_value
            if numeric:
                c += number_w
            marks = cue_marks[i]
            for j in asked_cues:
                if marks[j]:
                    c += cue_w
            singles.append(c)
        best = max(singles)
        best_stems, best_numeric = info[singles.index(best)]
        # two adjacent sentences together, at PAIR_WEIGHT; coverage and bonuses are
        # subadditive, so a pair can only win where its two sentences' sum allows it
        for i, pair in enumerate(_sentence_pairs(text)):
            if PAIR_WEIGHT * (singles[i] + singles[i + 1]) > best:
                v = PAIR_WEIGHT * value(*pair, in_path)
                if v > best:
                    best, (best_stems, best_numeric) = v, pair
        return singles, best, best_stems, best_numeric

    weights = reranker_weights()
    # what the best sentence's features can add to a score at most: each is in [0, a bound]
    sentence_w, specific_w, number_aw, cue_aw = (max(0.0, weights[_FEATURE_AT[k]])
                                                 for k in _SENTENCE_FEATURES)
    bonus_bound = (number_w + cue_w * len(cue_sets)) / total
    bonus_at_most = (number_aw if wants_number else 0.0) + (cue_aw if cue_sets else 0.0)
    bounds, state = [], []
    for rank, (d, sc) in enumerate(zip(docs, scores, strict=True)):
        p = _passage(searcher, d)
        in_path = p.path & qset
        held = (p.text & qset) | in_path  # every stem of the question is in qset
        kind = p.kind
        cover = covered(held) / total
        specific = 1.0 if rarest & held else 0.0
        features = [  # in the order of FEATURES; the best sentence's four (0.0 here) later
            sc / top,
            cover,
            0.0,
            1.0 if kind == "components" and not about_box else 0.0,
            1.0 if kind == "lore" else 0.0,
            1.0 if kind == "example" else 0.0,
            covered(p.title & qset) / total,
            1 / (1 + rank),
            specific,
            0.0,
            len(literal & held) / literal_n,
            len(pairs & p.bigrams) / len(pairs) if pairs else 0.0,
            p.length,
            p.first,
            0.0,
            0.0,
            *cosines[rank],
            1.0 if lexical is not None and rank >= lexical else 0.0,
        ]
        state.append((d, in_path, features))
        if need is not None:
            # the best sentence's value is at most the passage's coverage (its stems are among
            # the passage's) plus every bonus; a pair's is at most PAIR_WEIGHT of that
            bounds.append(rerank_score(features, weights) + sentence_w * (cover + bonus_bound)
                          + specific_w * specific + bonus_at_most)

    out: list[Candidate | None] = [None] * len(docs)
    todo = range(len(docs)) if need is None else sorted(range(len(docs)), key=lambda i: -bounds[i])
    worst_first: list[float] = []  # the need best scores so far, negated, in ascending order
    for i in todo:
        if need is not None and len(worst_first) >= need and (
                bounds[i] < -worst_first[need - 1] - _BOUND_MARGIN):
            break  # this bound, and every later one, is below the need-th best score
        d, in_path, features = state[i]
        singles, best, best_stems, best_numeric = best_sentence(d, in_path)
        features[_SENTENCE] = best / total
        features[_FEATURE_AT["specific_sentence"]] = (
            1.0 if rarest & best_stems or rarest & in_path else 0.0)
        features[_FEATURE_AT["number_answer"]] = 1.0 if wants_number and best_numeric else 0.0
        features[_FEATURE_AT["cue_answer"]] = (
            1.0 if any(best_stems & cues for cues in cue_sets) else 0.0)
        out[i] = Candidate(tuple(features), singles, in_path)
        if need is not None:
            bisect.insort(worst_first, -rerank_score(out[i].features, weights))
            del worst_first[need:]
    return out, value


def _passage_vectors(searcher) -> embedding.PassageVectors:
    """Every passage's embedding and its sentences' of the searcher's index build."""
    memo = _reader_cache(searcher.reader())
    if "vectors" not in memo:
        fields = _stored_fields(searcher)
        docs = [(docnum, fields(docnum)) for docnum in range(searcher.doc_count_all())]
        memo["vectors"] = embedding.PassageVectors(
            [((d["game"], d["id"]), d["vector"], d["sentence_vectors"]) for _, d in docs],
            [(docnum, d["game"]) for docnum, d in docs])
    return memo["vectors"]


@functools.lru_cache(maxsize=8192)
def _bigrams(text: str) -> frozenset[tuple[str, str]]:
    toks = [t for t, _, _ in _token_spans(text)]
    return frozenset(zip(toks, toks[1:], strict=False))


def rerank_score(features: tuple[float, ...], weights: tuple[float, ...]) -> float:
    return sum(map(operator.mul, features, weights))


def _order(plan: QueryPlan, docs: list[dict], scores: list[float], searcher,
           question: Question, need: int, lexical: int):
    """The `need` best candidates by the re-ranker's score, best first (ties in first-stage
    order), with each candidate (None where not scored: it cannot be among them), each one's
    score and the sentence value function."""
    cands, value = _candidates(plan, docs, scores, searcher, question, need, lexical)
    weights = reranker_weights()
    scored = {i: rerank_score(c.features, weights) for i, c in enumerate(cands) if c}
    order = sorted(scored, key=lambda i: -scored[i])[:need]
    return order, cands, scored, value


def _rerank(plan: QueryPlan, docs: list[dict], scores: list[float], searcher,
            limit: int, question: Question, lexical: int) -> list[tuple[int, Ranked]]:
    """The candidates re-ranked by a linear model over their features (`_candidates`),
    each returned one with its answer sentence."""
    if not docs:
        return []
    order, cands, scored, value = _order(plan, docs, scores, searcher, question, max(limit, 2),
                                         lexical)
    out = []
    for i in order:  # the answer sentence only of the passages returned
        c = cands[i]
        text = docs[i]["text"]
        first, last = _choose_answer(text, c.singles, lambda st, numeric, p=c.in_path: value(st, numeric, p))
        spans = _sentence_spans(text)
        out.append((i, Ranked(scored[i], (spans[first][0], spans[last][1]),
                              c.features[_SENTENCE], c.features[_COVER], scores[i])))
    return out


MAX_CACHED_CLAUSES = 20_000


def _clause_key(q) -> tuple:
    if isinstance(q, Phrase):
        return ("phrase", q.fieldname, tuple(q.words))
    return ("term", q.fieldname, q.text)


TERM_FIELDS = ("text", "title", "path")  # the fields a question's words are searched in


def _whoosh_scores(searcher, q) -> dict[int, float]:
    """{docnum: score} of one clause at boost 1, by Whoosh's own matcher and weighting."""
    unboosted = q.copy()
    unboosted.boost = 1.0
    scores = {}
    for sub, offset in searcher.leaf_searchers():
        m = unboosted.matcher(sub, sub.context(weighting=searcher.weighting))
        while m.is_active():
            scores[m.id() + offset] = m.score()
            m.next()
    return scores


def _term_scores(searcher) -> dict[tuple[str, str, str | None], dict[int, float]]:
    """{(field, stem, game): {docnum: score}} of every stem the index holds in TERM_FIELDS, over
    every game (None) and over each game's passages, computed by Whoosh once per index build
    (~2,400 stems, 26,000 postings, ~0.15 s of CPU; `warm` pays it at start-up), so a question's
    new words cost no matcher: a stem missing from it matches nothing, as Whoosh's matcher of a
    term the field lacks."""
    memo = _reader_cache(searcher.reader())
    table = memo.get("terms")
    if table is None:
        reader, games = searcher.reader(), _doc_games(searcher)
        table = {}
        for f in TERM_FIELDS:
            for word in reader.lexicon(f):
                stem_ = word.decode("utf-8") if isinstance(word, bytes) else word
                scores = table[(f, stem_, None)] = _whoosh_scores(searcher, Term(f, stem_))
                for d, sc in scores.items():
                    table.setdefault((f, stem_, games[d]), {})[d] = sc
        table = memo.setdefault("terms", table)
    return table


def _clause_scores(searcher, q, game: str | None = None) -> dict[int, float]:
    """{docnum: score} of one OR clause at boost 1 (only the game's passages when `game` is
    given), computed by Whoosh's own matcher and weighting: a term's from `_term_scores`, a
    phrase's memoized per index reader (a build never changes once opened). A phrase matches only
    passages holding every one of its words, so one whose words share no passage matches none
    without asking Whoosh; a two-word phrase's is read off its words' (`_pair_scores`)."""
    if isinstance(q, Term) and q.fieldname in TERM_FIELDS:
        return _term_scores(searcher).get((q.fieldname, q.text, game), {})
    memo = _reader_cache(searcher.reader()).setdefault("clauses", {})
    key = (_clause_key(q), game)
    scores = memo.get(key)
    if scores is None:
        if game:
            games = _doc_games(searcher)
            scores = {d: sc for d, sc in _clause_scores(searcher, q).items() if games[d] == game}
        elif isinstance(q, Phrase) and q.fieldname in TERM_FIELDS and not set.intersection(
                *(set(_clause_scores(searcher, Term(q.fieldname, w))) for w in q.words)):
            scores = {}
        elif isinstance(q, Phrase) and q.fieldname == "text" and len(q.words) == 2:
            scores = _pair_scores(searcher, *q.words)
        else:
            scores = _whoosh_scores(searcher, q)
        if len(memo) >= MAX_CACHED_CLAUSES:
            memo.clear()
        memo[key] = scores
    return scores


def _pair_scores(searcher, a: str, b: str) -> dict[int, float]:
    """The two-word phrase "a b"'s {docnum: score} in the text field, as Whoosh's matcher gives
    it without running it: a phrase matcher is the intersection of its words' term matchers,
    kept where b's position follows a's, and scores a passage by the sum of its words' scores
    (`IntersectionMatcher.score`: a's + b's); a passage's adjacent words are its `_bigrams`
    (the index's analyzer, no stop list: positions follow one another).
    tests/test_search.py checks it against Whoosh's on the rulebooks' word pairs."""
    terms, fields = _term_scores(searcher), _stored_fields(searcher)
    at_a, at_b = terms.get(("text", a, None), {}), terms.get(("text", b, None), {})
    return {d: sc + at_b[d] for d, sc in at_a.items()
            if d in at_b and (a, b) in _passage(searcher, fields(d)).bigrams}


def _doc_games(searcher) -> list[str]:
    memo = _reader_cache(searcher.reader())
    if "games" not in memo:
        memo["games"] = [
            searcher.stored_fields(d).get("game", "") for d in range(searcher.doc_count_all())
        ]
    return memo["games"]


def _as_arrays(scores: dict[int, float]) -> tuple[np.ndarray, np.ndarray]:
    """{docnum: score} as two read-only arrays, (docnums, scores)."""
    arrays = (np.fromiter(scores, dtype=np.intp, count=len(scores)),
              np.fromiter(scores.values(), dtype=np.float64, count=len(scores)))
    for a in arrays:
        a.flags.writeable = False
    return arrays


_NO_SCORES = _as_arrays({})


def _term_arrays(searcher) -> dict[tuple[str, str, str | None], tuple[np.ndarray, np.ndarray]]:
    """`_term_scores` as `_as_arrays`, made once per index build."""
    memo = _reader_cache(searcher.reader())
    table = memo.get("term_arrays")
    if table is None:
        table = memo.setdefault(
            "term_arrays", {k: _as_arrays(v) for k, v in _term_scores(searcher).items()})
    return table


def _clause_arrays(searcher, q, game: str | None) -> tuple[np.ndarray, np.ndarray]:
    """`_clause_scores` as two arrays, (docnums, scores): a term's from `_term_arrays`, a
    phrase's memoized alike."""
    if isinstance(q, Term) and q.fieldname in TERM_FIELDS:
        return _term_arrays(searcher).get((q.fieldname, q.text, game), _NO_SCORES)
    memo = _reader_cache(searcher.reader()).setdefault("clause_arrays", {})
    key = (_clause_key(q), game)
    arrays = memo.get(key)
    if arrays is None:
        arrays = _as_arrays(_clause_scores(searcher, q, game))
        if len(memo) >= MAX_CACHED_CLAUSES:
            memo.clear()
        memo[key] = arrays
    return arrays


def _totals(searcher, query, game: str | None) -> tuple[np.ndarray, np.ndarray]:
    """(every passage's score by docnum, the docnums the query matches) of a flat Or query,
    filtered to one game. The same sums as `searcher.search(query)` (an Or adds its clauses'
    scores, in order), but each clause's scores are memoized, so a question costs a few array
    additions once its words have been seen."""
    clauses = [_clause_arrays(searcher, sub, game) for sub in query.subqueries]
    every = np.concatenate([docs for docs, _ in clauses])
    boosts = np.repeat([sub.boost for sub in query.subqueries], [len(d) for d, _ in clauses])
    # bincount adds each passage's clause scores in clause order, from 0, as `+=` did clause by
    # clause: the same sums to the last bit
    n = searcher.doc_count_all()
    totals = np.bincount(every, np.concatenate([sc for _, sc in clauses]) * boosts, minlength=n)
    return totals, np.flatnonzero(np.bincount(every, minlength=n))


def run_query(searcher, query, game: str | None, limit: int) -> list[tuple[float, int]]:
    """Top (score, docnum) of a flat Or query, filtered to one game, best first (ties: the
    higher docnum first)."""
    totals, docs = _totals(searcher, query, game)
    return [(float(totals[d]), int(d)) for d in _top(totals, docs, limit)]


def _top(totals: np.ndarray, docs: np.ndarray, limit: int) -> np.ndarray:
    """The `limit` of `docs` with the highest `totals`, best first (ties: the higher docnum)."""
    return docs[np.lexsort((-docs, -totals[docs]))[:limit]]


def warm(searcher=None) -> None:
    """Fill the caches a first question would otherwise pay for: the spelling vocabulary, the
    English word list, the glossaries, the embedding model and the question classifier (once
    per process) and, given a searcher, its reader's stored fields, field lengths and games,
    every stem's BM25F scores (`_term_scores`, `_term_arrays`), and every passage's sentence stems, index and
    shapes, what the re-ranker reads of it (`_Passage`) and its highlight tokens. Rankings are
    unchanged; only the first requests get faster."""
    vocabulary()
    corpus.english_words()
    function_words()
    embedding.encoder()
    _question_kind()
    _neighbour_memory()
    for g in (None, *corpus.GAME_IDS):
        _glossary_index(g)
    if searcher is None:
        return
    fields = _stored_fields(searcher)
    for docnum in range(searcher.doc_count_all()):
        d = fields(docnum)
        _sentence_pairs(d["text"])
        _sentence_index(d["text"])
        _sentence_shapes(d["text"])
        _passage(searcher, d)
        _token_spans(d["text"])
    _passage_vectors(searcher)
    _term_arrays(searcher)
    for g in (None, *corpus.GAME_IDS):  # field lengths, the games list, a few clause memos
        search(searcher, "how many can I have at the start of my turn", g, limit=1)


# --- does the book answer it? ----------------------------------------------------------------


def _concept_weights(plan: QueryPlan, searcher) -> list[tuple[frozenset[str], float]]:
    """Each concept of the question with its idf weight (its best word's; a concept no
    passage holds weighs as the rarest word would)."""
    n = max(searcher.doc_count(), 1)
    out = []
    for c in plan.concepts:
        w = max(plan.terms[s] * math.log(1 + n / (1 + _df(searcher, s))) for s in c)
        out.append((c, w))
    return out


def _holding(searcher, s: str, game: str | None) -> frozenset[int]:
    """The passages (of the game, if given) holding the stem in their text, title or path,
    memoized per index build."""
    memo = _reader_cache(searcher.reader()).setdefault("holding", {})
    docs = memo.get((s, game))
    if docs is None:
        docs = frozenset(
            d for f in ("text", "title", "path") for d in _clause_scores(searcher, Term(f, s), game))
        if len(memo) >= MAX_CACHED_CLAUSES:
            memo.clear()
        memo[(s, game)] = docs
    return docs


def _in_game(searcher, s: str, game: str | None) -> bool:
    return bool(_holding(searcher, s, game))


# Questions of the kinds a rulebook does not answer (the kinds issue 15 lists): play time and
# ages asked in so many words, or strategy and opinion, the physical product and other editions
# asked in words that the game's own book never uses (Pillars of Fate prints "Strategy Tips",
# Journey "GAME TIP"s: there, such a question is the book's to answer).
_OFF_BOOK_PHRASE = re.compile(
    # the length of a game or a quest, not of a card's effect ("how long does poisoned last")
    r"\bhow long (does|do|will|is|would)\b.*\b(game|quest|match|session|campaign)s?\b.*\b(take|last)\b|"
    r"\bplay ?time\b|"
    r"\bwhat age\b.*\bfor\b|\bage (range|rating)\b|\bhow old\b|\byears? old\b"
)
# Opinion and strategy, the physical product, its makers, other editions and modes: the model's
# `off_book` input, but no veto (session 19, by the veto rule: on the thirty-eight fit sets each
# writer left out at p = 3 %, no unanswerable question was abstained by the opinion words alone
# and one by the product words, against 13 and 12 answerable — "sum or best one" of two dice, a
# retreat's "price?", "good or bad" of a quest icon, a solo game where the book prints one under
# another name — and they put blind-9 over 5 %).
_OPINION_AND_PRODUCT_WORD = re.compile(
    r"\b(best|better|worst|strongest|weakest|hardest|easiest|safest|good|strateg(y|ies)|tips?|"
    r"recommend(ed)?|"
    # ("size" is not one: players ask for a hand size in books that never use the word)
    r"sleeves?|insert|dimensions?|painted|prepainted|price|editions?|versions?|reprints?|"
    r"kickstarter|deluxe|promos?|expansions?|apps?|online|languages?|released?|published|"
    r"publisher|designers?|designed|artists?|art|illustrat\w*|solo|team|variant)\b"
)
# The kinds that are never answered where the book never uses the word (the veto, and the
# model's `off_book` input too).
_OFF_BOOK_WORD = re.compile(
    # who it is for ("old" alone is not: "the old Avignon cards" are the other edition's)
    r"\b(kids|age|"
    # play time, a size in units and a price in so many words (session 18; "shop" is not one: We
    # Forlorn Few's players call its Trading Post a shop)
    r"hours?|minutes?|mins?|sessions?|length|"
    r"mm|cm|millimet(er|re)s?|centimet(er|re)s?|inch(es)?|"
    r"retail|msrp|dollars?|bucks|euros?|cheap|expensive|stores?|"
    # the evening around the table: food, music, pets, the room (finding 142, session 18: "can we
    # order pizza during the demon phase" was answered in the book's own words)
    r"pizzas?|snacks?|foods?|drinks?|drinking|beers?|wine|coffee|tea|sodas?|beverages?|dinner|"
    r"lunch|breakfast|meals?|popcorn|candy|cake|cookies|sandwich(es)?|takeout|"
    r"cook(ing)?|music|songs?|playlist|spotify|soundtrack|radio|tv|television|netflix|movies?|"
    r"films?|dogs?|cats?|pets?|puppy|kitten|baby|babysitter|lamps?|candles?|lighting|phones?|"
    r"smartphone|laptop|bathroom|toilet|restroom|shower|sleep|nap|bed|bedtime|weather|rain|"
    r"homework|smoke|smoking|vape|jokes?|chat|chatting|costumes?)\b"
)
# Words for one thing: a book that prints one of them answers a question asked in another
# (Pillars of Fate credits its "Illustration", so "who did the art" is its to answer).
_OFF_BOOK_KIN = {w: ("art", "artist", "illustration") for w in ("art", "artist", "artists")}


def _unheard_word(pattern: re.Pattern, text: str, searcher, game: str | None) -> bool:
    """Does `text` hold a word of `pattern` that the game's book never uses (nor its kin)?"""
    return any(not any(_in_game(searcher, stem(w), game)
                       for w in _OFF_BOOK_KIN.get(m.group(0), (m.group(0),)))
               for m in pattern.finditer(text))


def _off_book(plan: QueryPlan, searcher, game: str | None) -> tuple[bool, bool]:
    """(off-book, vetoed): whether the question is of a kind books do not answer, asked in so many
    words or in a word the game's book never uses (the model's input), and whether it is of a
    kind never answered (the play time or age phrase, or a word of `_OFF_BOOK_WORD`)."""
    text = plan.text.lower()
    if _OFF_BOOK_PHRASE.search(text):
        return True, True
    if _unheard_word(_OFF_BOOK_WORD, text, searcher, game):
        return True, True
    return _unheard_word(_OPINION_AND_PRODUCT_WORD, text, searcher, game), False


# A search engine's query syntax, which this search reads as plain words: AND, OR, NOT in capitals
# and a field prefix ("title:x", "title:").
_QUERY_SYNTAX = re.compile(r"\b(?:AND|OR|NOT)\b|\b[^\W\d_]+:(?=\S|$)")


def _asks_nothing(plan: QueryPlan) -> bool:
    """Is the question left with no content word once the query syntax is taken away ("NOT",
    "AND OR NOT", "title:x")? A content word is a digit or two characters or more, and not a
    function word."""
    fw = function_words()
    return not any((len(w) > 1 or w.isdigit()) and not set(stems(w)) <= fw
                   for w in _WORD.findall(_QUERY_SYNTAX.sub(" ", plan.text)))


def _unheard(plan: QueryPlan, searcher, game: str | None,
             concepts: list[tuple[frozenset[str], float]]) -> bool:
    """Is the question asked wholly in words the game's book never uses ("how do I renew my
    passport")? Its content words, spelling-corrected and with the glossary's terms for them,
    none held by any passage of the book: it cannot be answering it."""
    content = _content(plan, concepts)
    return bool(content) and not any(_in_game(searcher, s, game) for c, _ in content for s in c)


def _content(plan: QueryPlan, concepts: list[tuple[frozenset[str], float]]):
    """The question's content concepts with their weights: those with a word above a function
    word's weight."""
    return [(c, w) for c, w in concepts if max(plan.terms[s] for s in c) > FUNCTION_WEIGHT]


@functools.cache
def _game_name_stems(game: str) -> frozenset[str]:
    """The content stems of the name players call a game by (its title before any colon:
    "Pillars of Fate" -> pillar, fate; "Avignon: Pilgrimage" -> avignon)."""
    name = corpus.game_meta(game)["title"].split(":")[0]
    return frozenset(s for s in stems(name) if s not in function_words())


def _printed(plan: QueryPlan, searcher, game: str | None,
             concepts: list[tuple[frozenset[str], float]]) -> float:
    """Does the book print what the question asks about the thing it names? The question's most
    specific content concept that the game's book holds is the thing named (a Demon, a card, a
    Traveler); of the question's other content concepts (what it asks about that thing: its
    health, its cost, what it does), the largest idf-weighted share that one sentence, or two
    adjacent ones, holding the named thing also holds (its section path counting as part of
    it). A book often names a thing without printing its attributes ("what is Kogaiji's Soul
    Power"): then no sentence pairs them. 0 when the book holds none of the question's
    concepts, 1 when the question asks nothing beside the name. The game's own name, asked in
    full ("is there an expansion for pillars of fate"), names no thing of the book."""
    fields = _stored_fields(searcher)
    content = _content(plan, concepts)
    name = _game_name_stems(game) if game else frozenset()
    if name and name <= plan.terms.keys():
        content = [(c, w) for c, w in content if not c <= name]
    passages = {}
    for c, _ in content:
        passages[c] = set().union(*(_holding(searcher, s, game) for s in c))
    named = [(c, w) for c, w in content if passages[c]]
    if not named:
        return 0.0
    thing = max(named, key=lambda cw: cw[1])[0]
    asked = [(c, w) for c, w in content if c != thing]
    total = sum(w for _, w in asked)
    if not total:
        return 1.0
    best = 0.0
    asked_in = set().union(*(passages[c] for c, _ in asked))
    for docnum in sorted(passages[thing] & asked_in):  # only these can pair the two
        d = fields(docnum)
        path = _stem_set(d["path"])
        thing_in_path = not thing.isdisjoint(path)
        asked_in_path = [not c.isdisjoint(path) for c, _ in asked]
        for sentence, _ in (*_sentence_info(d["text"]), *_sentence_pairs(d["text"])):
            if not thing_in_path and thing.isdisjoint(sentence):
                continue
            held = [p or not c.isdisjoint(sentence)
                    for (c, _), p in zip(asked, asked_in_path, strict=True)]
            if any(held):
                best = max(best, sum(w for (_, w), h in zip(asked, held, strict=True) if h) / total)
        if best >= 1.0:
            break
    return round(best, 4)


# What kind of question it is, read off its own words: a naive Bayes over the question's words,
# word pairs and character 3-5-grams (rulebook_index/data/question_kind.json, log-count ratios of
# answerable against unanswerable fit questions, bench/calibrate_abstention.py). Card and character
# names asked with "hp", "what does ... give", "should i" and the like recur across writers.
_KIND_WORD = re.compile(r"[a-z0-9']+")


_GRAM_KINDS = ("w:", "b:", "c:")


def _gram_parts(text: str) -> tuple[set[str], set[str], set[str]]:
    """`question_grams` without their prefixes, one set of each kind, in _GRAM_KINDS' order."""
    words = _KIND_WORD.findall(text.lower())
    padded = f" {' '.join(words)} "
    chars = {padded[i:i + n] for n in (3, 4, 5) for i in range(len(padded) - n + 1)}
    return set(words), {f"{a} {b}" for a, b in zip(words, words[1:], strict=False)}, chars


def question_grams(text: str) -> frozenset[str]:
    """The lower-cased question's words ("w:"), adjacent word pairs ("b:") and character 3-, 4-
    and 5-grams over its words joined by single spaces and padded with one ("c:")."""
    return frozenset(kind + g for kind, part in zip(_GRAM_KINDS, _gram_parts(text), strict=True)
                     for g in part)


@functools.cache
def _question_kind() -> tuple[tuple[dict[str, float], ...], float]:
    """The classifier's log-count ratios, one table per gram kind (_GRAM_KINDS) keyed without
    the prefix, so a question's grams are looked up without building the prefixed strings; and
    the ratio of an unseen gram."""
    model = corpus.fitted_model("question_kind")
    tables: tuple[dict[str, float], ...] = tuple({} for _ in _GRAM_KINDS)
    for gram, ratio in model.get("weights", {}).items():
        tables[_GRAM_KINDS.index(gram[:2])][gram[2:]] = ratio
    return tables, model.get("unseen", 0.0)


def kind_score(text: str) -> float:
    """The classifier's score of a question, answerable-like above 0: the sum of its grams'
    log-count ratios (a gram no fit question holds: the ratio of the smoothed zero counts) over
    the square root of their number; 0 without a shipped classifier. Summed with `math.fsum`,
    exactly rounded: a plain sum followed the gram set's order, which the hash seed decides, and
    its last bit moved the score's fourth place in one process and not in another."""
    tables, unseen = _question_kind()
    parts = _gram_parts(text)
    n = sum(map(len, parts))
    if not any(tables) or not n:
        return 0.0
    ratios = itertools.chain.from_iterable(
        map(table.get, part, itertools.repeat(unseen)) for table, part in zip(tables, parts, strict=True))
    return round(math.fsum(ratios) / math.sqrt(n), 4)


# What the fit questions most like it were (since session 16): the share answerable among the
# NEIGHBOURS fit questions of the same game whose sentence vectors are nearest the question's
# (rulebook_index/data/question_neighbours.npz, written with the abstention by
# bench/calibrate_abstention.py). A player asking a Demon's health or a card's text asks what
# other writers asked in other words, and the book did not print it for them either. Since session
# 17 also "neighbours_near", the share among the NEAR nearest weighted by how close each is to the
# nearest: it reads the nearest twin, where the ten read the topic.
NEIGHBOURS = 10
NEAR = 30
NEAR_SCALE = 0.05  # a neighbour this much of cosine below the nearest counts e^-1 as much
QUESTION_NEIGHBOURS = corpus.DATA_DIR / "question_neighbours.npz"


@functools.cache
def _neighbour_memory() -> dict[str | None, tuple[np.ndarray, np.ndarray]]:
    """Per game (None: every game), the fit questions' sentence vectors (float32 from the
    shipped float16) and whether each is answerable; empty when none ship."""
    if not QUESTION_NEIGHBOURS.exists():
        return {}
    with np.load(QUESTION_NEIGHBOURS) as f:
        vectors, answerable, games = f["vectors"].astype(np.float32), f["answerable"], f["games"]
    memory = {None: (vectors, answerable.astype(np.float64))}
    for g in np.unique(games).tolist():
        memory[g] = (vectors[games == g], answerable[games == g].astype(np.float64))
    for m, a in memory.values():
        m.flags.writeable = a.flags.writeable = False
    return memory


def _nearest(cosines: np.ndarray, k: int) -> np.ndarray:
    """The positions of the `k` highest `cosines` (all of them when there are no more)."""
    if len(cosines) <= k:
        return np.arange(len(cosines))
    return np.argpartition(-cosines, k - 1)[:k]


def nearest_shares(question: np.ndarray, memory: np.ndarray, answerable: np.ndarray,
                   k: int = NEIGHBOURS, near: int = NEAR) -> tuple[float, float]:
    """Of the rows of `memory` by their cosines with `question` (unit vectors): the share
    answerable among the `k` nearest, and among the `near` nearest with each weighted by
    exp((its cosine - the highest) / NEAR_SCALE). (0, 0) for an empty memory."""
    if not len(answerable):
        return 0.0, 0.0
    cosines = memory @ question
    share = float(answerable[_nearest(cosines, k)].mean())
    rows = _nearest(cosines, near)
    weights = np.exp((cosines[rows] - cosines[rows].max()) / NEAR_SCALE)
    return round(share, 4), round(float(weights @ answerable[rows] / weights.sum()), 4)


def neighbours_scores(question: np.ndarray, game: str | None) -> tuple[float, float]:
    """`nearest_shares` over the shipped fit questions of `game` (of every game for None); (0, 0)
    without them."""
    memory = _neighbour_memory()
    entry = memory.get(game, memory.get(None))
    if entry is None:
        return 0.0, 0.0
    return nearest_shares(question, *entry)


def _confidence_features(plan: QueryPlan, searcher, game: str | None,
                         top: list[tuple[dict, Ranked]], question: np.ndarray) -> dict[str, float]:
    """What the confidence is computed from: how much of the question the first hit's answer
    and passage cover, whether the answer holds the question's most specific word, how much of
    the question the game's book mentions at all, how far the first hit stands above the
    second, whether the question is of a kind books do not answer, whether the book prints
    what it asks about the thing it names ("printed"), what its words say of its kind ("kind")
    and what the fit questions nearest its sentence vector `question` were ("neighbours", the ten
    nearest, and "neighbours_near", weighted toward the nearest)."""
    concepts = _concept_weights(plan, searcher)
    total = sum(w for _, w in concepts) or 1.0
    held = sum(w for c, w in concepts if any(_in_game(searcher, s, game) for s in c))
    neighbours, neighbours_near = neighbours_scores(question, game)
    off_book, off_book_veto = _off_book(plan, searcher, game)
    of_the_book = {"held": round(held / total, 4),
                   "off_book": 1.0 if off_book else 0.0,
                   "off_book_veto": 1.0 if off_book_veto else 0.0,
                   "unheard": 1.0 if _unheard(plan, searcher, game, concepts) else 0.0,
                   "asks_nothing": 1.0 if _asks_nothing(plan) else 0.0,
                   "printed": _printed(plan, searcher, game, concepts),
                   "kind": kind_score(plan.text),
                   "neighbours": neighbours, "neighbours_near": neighbours_near}
    if not top:
        return {"sentence": 0.0, "cover": 0.0, "specific": 0.0, "margin": 0.0, "bm25": 0.0,
                **of_the_book}
    doc, first = top[0]
    second = top[1][1].score if len(top) > 1 else 0.0
    rarest = max(concepts, key=lambda cw: cw[1])[0] if concepts else frozenset()
    answer = _stem_set(doc["text"][first.answer[0] : first.answer[1]]) | _stem_set(doc["path"])
    return {
        "sentence": round(first.sentence_cover, 4),
        "cover": round(first.cover, 4),
        "specific": 1.0 if rarest & answer else 0.0,
        "margin": round(first.score - second, 4),
        "bm25": round(math.log1p(first.bm25), 4),
        **of_the_book,
    }


# The rules that abstain whatever the confidence (each a feature of 1.0 when it holds; `search`'s
# comment says why each): bench/calibrate_abstention.py counts them in its tables, as search does.
VETOES = ("off_book_veto", "unheard", "asks_nothing")


@functools.cache
def _calibration() -> dict:
    return corpus.fitted_model("abstention")


@functools.cache
def _question_weights() -> np.ndarray | None:
    """The model's weights on the question's embedding (what kind of question it is: a card's
    printed contents, play time, an opinion...), or None for a model without them."""
    weights = _calibration().get("question_weights")
    if not weights:
        return None
    w = np.array(weights, dtype=np.float32)
    w.flags.writeable = False
    return w


def confidence_of(features: dict[str, float], question: np.ndarray | None = None) -> float:
    """The calibrated probability that the book answers the question: a logistic model over
    `features` and the question's third-layer vector `question` (`embedding.question_vector`'s
    `layer3`), fitted on the fit sets (bench/calibrate_abstention.py)."""
    model = _calibration()
    z = model.get("bias", 0.0) + sum(w * features.get(k, 0.0)
                                     for k, w in model.get("weights", {}).items())
    weights = _question_weights()
    if weights is not None and question is not None:
        z += float(weights @ question)
    return 1 / (1 + math.exp(-max(-50.0, min(50.0, z))))


def answer_threshold() -> float:
    return _calibration().get("threshold", 0.5)


# --- which game? -----------------------------------------------------------------------------


def detect_game(searcher, q: str, question: Question | None = None) -> str | None:
    """The game a question is about: the game of the best passage over every rulebook (card,
    character and term names are distinctive). On the dev set this picks the right game for
    82% of questions; a naive Bayes over each book's words picked 68%, and adding it to the
    search's choice did not help (bench/search_quality.py measures it). None when nothing
    matches. Only the best passage is needed, so only the candidates that can be it are
    scored in full (`_candidates`' need)."""
    plan = plan_query(q, None)
    query = build_query(plan)
    if query is None:
        return None
    question = question or Question(plan.text)
    docs, scores, lexical = _first_stage(searcher, query, None, CANDIDATES, question)
    if not docs:
        return None
    order, *_ = _order(plan, docs, scores, searcher, question, 1, lexical)
    return docs[order[0]]["game"]


def _first_stage(searcher, query, game: str | None, n: int,
                 question: Question) -> tuple[list[dict], list[float], int]:
    """The stored fields and BM25F scores of the best `n` passages by BM25F, then, with a game,
    of the VECTOR_CANDIDATES passages of the game nearest the question's adapted vector that they
    miss (`embedding.PassageVectors.nearest`), and how many BM25F ranked. Finding the game reads
    BM25F's alone: a passage found by the vector alone carries none of the names that tell the
    games apart, and won detections on its cosines ("what does the vicar's petiton do")."""
    fields = _stored_fields(searcher)
    totals, matched = _totals(searcher, query, game)
    best = _top(totals, matched, n).tolist()
    lexical = len(best)
    if VECTOR_CANDIDATES and game is not None:
        nearest = _passage_vectors(searcher).nearest(question.adapted, game,
                                                     VECTOR_CANDIDATES, exclude=set(best))
        best.extend(nearest)
    return [fields(d) for d in best], [float(totals[d]) for d in best], lexical


def candidates(searcher, q: str, game: str | None) -> list[tuple[dict, dict[str, float]]]:
    """(stored passage, re-ranker features) of each first-stage candidate of a question, in
    first-stage order: what bench/train_reranker.py fits the re-ranker on."""
    plan = plan_query(q, game)
    query = build_query(plan)
    if query is None:
        return []
    question = Question(plan.text)
    docs, scores, lexical = _first_stage(searcher, query, game, CANDIDATES, question)
    if not docs:
        return []
    cands, _ = _candidates(plan, docs, scores, searcher, question, lexical=lexical)
    return [(d, dict(zip(FEATURES, c.features, strict=True))) for d, c in zip(docs, cands, strict=True)]


def search(searcher, q: str, game: str | None = None, limit: int = 10,
           detect: bool = False) -> SearchResult:
    """Rank passages for a player's question. `searcher` is an open Whoosh searcher created
    with WEIGHTING; `game` None searches every game or, with `detect`, the game of the best
    passage over every game (`SearchResult.game`, `.detected`)."""
    detected = False
    question = Question(clean_query(q)[:MAX_QUERY_CHARS])  # plan_query's text, whatever the game
    if game is None and detect:
        game = detect_game(searcher, q, question)
        detected = game is not None
    plan = plan_query(q, game)
    query = build_query(plan)
    if query is None:
        return SearchResult(query=plan.text, corrected=plan.corrected, hits=[], game=game,
                            detected=detected, answered=False, confidence=0.0)
    docs, scores, lexical = _first_stage(searcher, query, game, max(CANDIDATES, limit), question)
    ranked = _rerank(plan, docs, scores, searcher, limit, question, lexical)
    features = _confidence_features(plan, searcher, game,
                                    [(docs[i], r) for i, r in ranked[:2]], question.vectors.embedding)
    confidence = round(confidence_of(features, question.vectors.layer3), 3)  # as reported, and compared

    hl_terms = {s for s in plan.terms if plan.terms[s] > FUNCTION_WEIGHT}
    hits = []
    for i, r in ranked[:limit]:
        d = docs[i]
        hits.append(
            Hit(
                game=d["game"],
                section_id=d["section_id"],
                passage_id=d["id"],
                title=d["title"],
                path=tuple(d["path"].split(sections.PATH_SEP)),
                text=d["text"],
                fragment=highlight_text(d["text"], hl_terms),
                score=round(r.score, 4),
                answer_start=r.answer[0],
                answer_end=r.answer[1],
            )
        )
    # An off-book question of a vetoed kind (play time, ages, sizes, prices, the evening around
    # the table, asked in a word this book never uses) is not answered whatever the model says:
    # with the third layer's vector the model answered "is there an expansion" in Avignon, whose
    # glossary leads "expansion" to its combining rules (session 10; opinion and product words
    # have read only as the model's input since session 19: `_OPINION_AND_PRODUCT_WORD`).
    # Nor is one the book never uses a word of ("unheard"): the model, which reads the question's
    # shape, answered "how do I bake sourdough bread" in every game (finding 130); one of the
    # 4,088 answerable fit questions is unheard (session 17). Nor is one that asks nothing once the
    # query syntax is taken away ("NOT", "title:x"; session 18).
    answered = bool(hits) and confidence >= answer_threshold() and not any(features[v] for v in VETOES)
    return SearchResult(
        query=plan.text, corrected=plan.corrected, hits=hits, expansions=plan.expansions,
        game=game, detected=detected, answered=answered, confidence=confidence,
        features=features,
    )

"""The sentence embeddings behind the search: refresh their cache, check them, time them.

    .venv/bin/python bench/search_embeddings.py [--write]

Every passage ("section path: text") and every sentence of the five rulebooks is embedded with
all-MiniLM-L6-v2 (rulebook_index/embedding.py: float32, onnxruntime) at index build. Encoding them
all takes ~20 s of CPU, and the tests build an index per worker, so the vectors are kept in the
repository, rulebook_index/data/embeddings.npz (float16, keyed by a hash of each text, marked
with the encoder that wrote it): a build encodes only the texts the file does not hold. With
--write the file is rewritten to hold exactly the present passages and sentences (run it after
a rulebook, the passage splitting or the encoder changes, then refit bench/train_reranker.py and
bench/calibrate_abstention.py; tests/test_search_embedding.py fails while the file misses
any). Without it, the script prints how many texts the file holds and misses, and the time to
encode one question.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulebook_index import corpus, embedding, indexing, sections  # noqa: E402


def all_texts() -> list[str]:
    return [t for g in corpus.GAME_IDS for p in sections.passages_for(g)
            for t in indexing.embedded_texts(p)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="rewrite rulebook_index/data/embeddings.npz")
    args = ap.parse_args(argv)
    texts = all_texts()
    t = time.process_time()
    enc = embedding.encoder()
    print(f"model load {1000 * (time.process_time() - t):.0f} ms CPU")
    if args.write:
        t = time.process_time()
        n = embedding.write_cache(texts)
        print(f"wrote {n} vectors to {embedding.CACHE.relative_to(ROOT)} "
              f"({embedding.CACHE.stat().st_size / 1e6:.1f} MB) in {time.process_time() - t:.0f} s CPU")
    cached = embedding._cached()
    missing = sum(1 for t in set(texts) if embedding.text_key(t) not in cached)
    print(f"{len(set(texts))} texts (passages and sentences), {missing} not in the cache")
    times = []
    for q in ["who goes first", "what happens when my guy gets knocked out by the bad guys",
              "can i get rid of a card i dont want at the end of my turn"] * 10:
        t = time.thread_time()
        enc.encode([q])
        times.append(1000 * (time.thread_time() - t))
    print(f"one question: p50 {statistics.median(times):.1f} ms, max {max(times):.1f} ms CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

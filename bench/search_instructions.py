"""Instructions a search request costs, counted by callgrind: a figure the machine's load does not move.

The endpoint GET /api/rules/search is called through Flask's test client over the dev questions,
each with its game and without one, as bench/search_speed.py does (the process's cache of question
embeddings emptied before each, so each pays for embedding its question): one round uncounted (the
"cold" round: the start-up warming and a first sight of each question's words), then one counted
round, started and stopped by bench/post_instructions.py's callgrind helper; with `cold`, the first
round is the one counted.

    PYTHONHASHSEED=0 valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no \\
        --callgrind-out-file=/tmp/cg.out .venv/bin/python bench/search_instructions.py [cold]
    # then: instructions a request = callgrind's "Collected" / the requests printed

Run without valgrind, it prints the CPU time a request of the counted round (noisy on a shared
machine). The encoder's onnxruntime kernels run under valgrind as the CPU features valgrind reports
allow (AVX2 at most), so its share is not the native one; the Python's is.
"""

import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app  # noqa: E402
from bench.post_instructions import callgrind_control  # noqa: E402
from rulebook_index import embedding  # noqa: E402


def main() -> None:
    cold = sys.argv[1:] == ["cold"]
    questions = [json.loads(x) for x in open(ROOT / "bench" / "questions-dev.jsonl", encoding="utf-8")
                 if x.strip()]
    params = [{"q": q["q"], "game": q["game"]} for q in questions] + [{"q": q["q"]} for q in questions]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        app = create_app({"TESTING": True, "INDEX_DIR": str(tmp / "index"), "INDEX_WARM": True,
                          "DATABASE_URL": f"sqlite:///{tmp / 't.sqlite'}"})
        client = app.test_client()

        def run() -> None:
            for p in params:
                embedding.question_vector.cache_clear()
                r = client.get("/api/rules/search", query_string=p)
                assert r.status_code == 200, r.get_data(as_text=True)

        control = callgrind_control(tmp)
        if not cold:
            run()
        started = time.thread_time()
        control.counting_on()
        run()
        control.counting_off()
        cpu = (time.thread_time() - started) * 1000 / len(params)
    print(f"{len(params)} search requests ({'cold' if cold else 'warm'}): {cpu:.3f} ms of CPU a "
          "request (valgrind: callgrind's Collected / this number is the instructions a request)")


if __name__ == "__main__":
    main()

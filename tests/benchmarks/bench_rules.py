"""Rules search timings: index build and query latency over the question sets.

Run it with `python tests/benchmarks/bench_rules.py` from the repository root. It is not a
pytest test: timings depend on the machine, so they are printed for a person to compare.
"""

from __future__ import annotations

import statistics
import sys
import time
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
QUESTIONS = REPO / "tests" / "rules_questions"


def questions() -> list[tuple[str, str]]:
    found = []
    for path in sorted(QUESTIONS.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        found += [(path.stem, q["ask"]) for q in data.get("q", [])]
    return found


def measure(repeat: int = 20) -> dict:
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    from rulesdb.index import RulesIndex
    from rulesdb.texts import load

    started = time.perf_counter()
    texts = load()
    loaded = time.perf_counter()
    index = RulesIndex(texts)
    built = time.perf_counter()
    asked = questions() or [(None, "attack")]
    latencies = []
    for _ in range(repeat):
        for game, ask in asked:
            before = time.perf_counter()
            index.search(ask, game=game, limit=10)
            latencies.append((time.perf_counter() - before) * 1000)
    cuts = statistics.quantiles(latencies, n=100)
    return {
        "sections": len(texts.sections),
        "questions": len(asked),
        "queries": len(latencies),
        "load_ms": round((loaded - started) * 1000, 2),
        "build_ms": round((built - loaded) * 1000, 2),
        "p50_ms": round(statistics.median(latencies), 3),
        "p99_ms": round(cuts[98], 3),
        "max_ms": round(max(latencies), 3),
    }


if __name__ == "__main__":
    for key, value in measure().items():
        print(f"{key:>10}: {value}")

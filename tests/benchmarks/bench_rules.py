"""Rules search timings: index build and query latency over the question sets.

    python tests/benchmarks/bench_rules.py [--repeat N] [--baseline REVISION] [--warm] [--json]

Every question of tests/rules_questions is asked once a round, ``repeat`` rounds, and the
latency is given as p50, p99 and max of the wall-clock time (the goal: p99 ≤ 2 ms) and of the
thread's CPU time, which other processes on a busy machine do not inflate. Each question is
asked cold, as a player's question mostly is new: each round asks a freshly built index, what
the package remembers of words forgotten, so that no question finds its words or its answer
remembered from an earlier round (the questions before it in the round warm it as a session's
would). With
``--warm``, one index answers every round (a question repeated: its words remembered). The build
time is the median of a few builds, each with the caches emptied.

With ``--baseline`` (a git revision, e.g. HEAD~3), the rulesdb package as it was then (on
today's texts) is measured in the same run, its rounds interleaved with the current one's, and each figure is also given as
the ratio baseline / current (above 1: the current code is faster).

It is not a pytest test: timings depend on the machine, so nothing here asserts a time.
tests/benchmarks/run.py reports these figures with the others.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.abc
import importlib.machinery
import json
import os
import statistics
import subprocess
import sys
import time
import tomllib
import types
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
QUESTIONS = REPO / "tests" / "rules_questions"
BUILDS = 5


def questions() -> list[tuple[str, str]]:
    found = []
    for path in sorted(QUESTIONS.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        found += [(q.get("game", path.stem), q["ask"]) for q in data.get("q", [])]
    return found


PACKAGES: dict[str, list[types.ModuleType]] = {}  # a revision's rulesdb.index -> its package's modules


def index_module(revision: str | None) -> types.ModuleType:
    """rulesdb.index as it is, or as it was at a git revision, with the rest of the rulesdb
    package as it was then (imported apart: the current package is put back afterwards)."""
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    if revision is None:
        import rulesdb.index

        return rulesdb.index
    current = {name: module for name, module in sys.modules.items() if name.partition(".")[0] == "rulesdb"}
    finder = _AtRevision(revision)
    for name in current:
        del sys.modules[name]
    sys.meta_path.insert(0, finder)
    try:
        module = importlib.import_module("rulesdb.index")
        PACKAGES[revision] = [m for n, m in sys.modules.items() if n.partition(".")[0] == "rulesdb"]
        module.__dict__["_bench_revision"] = revision
        return module
    finally:
        sys.meta_path.remove(finder)
        for name in [name for name in sys.modules if name.partition(".")[0] == "rulesdb"]:
            del sys.modules[name]
        sys.modules.update(current)


class _AtRevision(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports the rulesdb package's modules from a git revision's files."""

    def __init__(self, revision: str) -> None:
        self.revision = revision

    def _source(self, path: str) -> str | None:
        shown = subprocess.run(["git", "show", f"{self.revision}:{path}"], cwd=REPO, capture_output=True, text=True)
        return shown.stdout if shown.returncode == 0 else None

    def find_spec(self, name: str, path: object = None, target: object = None) -> importlib.machinery.ModuleSpec | None:
        if name.partition(".")[0] != "rulesdb":
            return None
        package = name == "rulesdb"
        file = "rulesdb/__init__.py" if package else f"{name.replace('.', '/')}.py"
        if self._source(file) is None:
            return None
        spec = importlib.machinery.ModuleSpec(name, self, origin=f"{self.revision}:{file}", is_package=package)
        if package:
            spec.submodule_search_locations = [str(REPO / "rulesdb")]  # its texts, for resources
        return spec

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        origin = module.__spec__.origin if module.__spec__ else None
        assert origin is not None
        source = self._source(origin.partition(":")[2])
        assert source is not None
        module.__file__ = origin
        exec(compile(source, origin, "exec"), module.__dict__)


def empty_caches(module: types.ModuleType) -> None:
    for value in list(vars(module).values()):
        if callable(getattr(value, "cache_clear", None)):
            value.cache_clear()


def forget_words(module: types.ModuleType) -> None:
    """What the index module's package remembers of the words it has read (its bounded caches
    and its lemmas), as a new session starts; not what it loads once a process (OpenCC, the
    English word list: the index loads them as it is built)."""
    revision = vars(module).get("_bench_revision")
    current = [m for n, m in sys.modules.items() if n.partition(".")[0] == "rulesdb"]
    for each in PACKAGES[revision] if revision else current:
        for value in list(vars(each).values()):
            info = getattr(value, "cache_parameters", None)
            if callable(info) and info().get("maxsize") is not None:
                value.cache_clear()
        lemmas = vars(each).get("_LEMMAS")
        if isinstance(lemmas, dict):
            lemmas.clear()


def percentiles(samples: list[float], prefix: str) -> dict[str, float]:
    cuts = statistics.quantiles(samples, n=100)
    return {
        f"{prefix}p50_ms": round(statistics.median(samples), 3),
        f"{prefix}p99_ms": round(cuts[98], 3),
        f"{prefix}max_ms": round(max(samples), 3),
    }


def measure(repeat: int = 20, baseline: str | None = None, warm: bool = False) -> dict:
    """The current figures; with a baseline revision also ``baseline_*`` and ``*_ratio``.
    Cold asks (a fresh index a round) unless ``warm``."""
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    from rulesdb.texts import load

    started = time.perf_counter()
    texts = load()
    load_ms = (time.perf_counter() - started) * 1000
    versions = {"": index_module(None)}
    if baseline is not None:
        versions["baseline_"] = index_module(baseline)

    builds: dict[str, list[float]] = {prefix: [] for prefix in versions}
    indexes = {}
    for _ in range(BUILDS):
        for prefix, module in versions.items():
            empty_caches(module)
            before = time.perf_counter()
            indexes[prefix] = module.RulesIndex(texts)
            builds[prefix].append((time.perf_counter() - before) * 1000)

    asked = questions() or [(None, "attack")]
    wall: dict[str, list[float]] = {prefix: [] for prefix in versions}
    cpu: dict[str, list[float]] = {prefix: [] for prefix in versions}
    gc.collect()
    for round_ in range(repeat):
        order = list(versions) if round_ % 2 == 0 else list(reversed(versions))
        for prefix in order:
            if not warm:  # a new session: nothing of an earlier round remembered
                forget_words(versions[prefix])
                indexes[prefix] = versions[prefix].RulesIndex(texts)
                gc.collect()
            search = indexes[prefix].search
            for game, ask in asked:
                wall_before, cpu_before = time.perf_counter_ns(), time.thread_time_ns()
                search(ask, game=game, limit=10)
                cpu_after, wall_after = time.thread_time_ns(), time.perf_counter_ns()
                wall[prefix].append((wall_after - wall_before) / 1e6)
                cpu[prefix].append((cpu_after - cpu_before) / 1e6)

    figures: dict = {
        "sections": len(texts.sections),
        "questions": len(asked),
        "queries": len(wall[""]),
        "load_ms": round(load_ms, 2),
    }
    for prefix in versions:
        figures[f"{prefix}build_ms"] = round(statistics.median(builds[prefix]), 2)
        figures.update(percentiles(wall[prefix], f"{prefix}query_"))
        figures.update(percentiles(cpu[prefix], f"{prefix}query_cpu_"))
    if baseline is not None:
        for key in [k for k in figures if k.endswith("_ms") and f"baseline_{k}" in figures]:
            figures[f"{key.removesuffix('_ms')}_ratio"] = round(figures[f"baseline_{key}"] / figures[key], 2)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="rounds over the questions")
    parser.add_argument("--baseline", help="a git revision to measure against, e.g. HEAD~1")
    parser.add_argument("--warm", action="store_true", help="one index for every round: questions repeated")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    figures = measure(args.repeat, args.baseline, args.warm)
    machine = (
        f"{os.cpu_count()} cores, load average {load_before:.1f} before and "
        f"{os.getloadavg()[0]:.1f} after (wall-clock times suffer when it is above the cores)"
    )
    if args.json:
        print(json.dumps({"machine": machine, **figures}, indent=2))
        return 0
    print(
        f"rules search: {figures['sections']} sections, {figures['questions']} questions "
        f"asked {args.repeat} times, {'warm' if args.warm else 'cold'} ({figures['queries']} queries per version); "
        f"texts loaded in {figures['load_ms']} ms\n{machine}\n"
    )
    names = [k for k in figures if k.endswith("_ms") and k not in ("load_ms",)]
    names = [k for k in names if not k.startswith("baseline_")]
    if args.baseline is None:
        for name in names:
            print(f"{name:>18}: {figures[name]}")
    else:
        print(f"{'':>18}  {'current':>9}  {'baseline':>9}  {'baseline/current':>16}")
        for name in names:
            ratio = figures[f"{name.removesuffix('_ms')}_ratio"]
            print(f"{name:>18}  {figures[name]:>9}  {figures['baseline_' + name]:>9}  {ratio:>15}×")
        print(f"\nbaseline: the rulesdb package at {args.baseline}")
    met = figures["query_p99_ms"] <= 2
    print(f"\ngoal query p99 ≤ 2 ms: {'met' if met else 'NOT met'} ({figures['query_p99_ms']} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

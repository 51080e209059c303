"""The logs behind the docs' figures (benchmarks/results): each one a doc
names is there, compressed, and read by the bench's reader; nothing else is
kept; the directory stays under 10 MB."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

from shengji_tui.bench.bots_bench import log_sets, log_text

ROOT = Path(__file__).resolve().parent.parent.parent
RESULTS = ROOT / "benchmarks" / "results"
NOTES = {"README.md", "HISTORY.md"}
LOG_NAME = re.compile(r"[\w.+-]+\.jsonl(?:\.gz)?")


def _logs() -> list[Path]:
    return sorted(p for p in RESULTS.iterdir() if p.name not in NOTES)


def _named_in(paths: list[Path]) -> set[str]:
    return {m for p in paths for m in LOG_NAME.findall(p.read_text(encoding="utf-8"))}


def test_the_logs_are_compressed_and_read_by_the_bench() -> None:
    logs = _logs()
    assert len(logs) > 10  # (an empty directory would pass what follows)
    for path in logs:
        if path.suffix == ".json":  # a run's one-object summary
            assert json.loads(path.read_text(encoding="utf-8"))
            continue
        assert path.name.endswith(".jsonl.gz"), path.name
        lines = [ln for ln in log_text(path).splitlines() if ln.strip()]
        assert lines, path.name
        if path.name.startswith("bot_anchors_"):  # one match a line
            assert all(isinstance(json.loads(ln), dict) for ln in lines)
        else:  # one duplicate set a line
            sets = log_sets(path)
            assert len(sets) == len(lines) and all(sets), path.name


def test_every_log_kept_is_named_in_the_note_and_every_log_named_is_kept() -> None:
    kept = {p.name for p in _logs() if p.suffix != ".json"}
    note = _named_in([RESULTS / "README.md"])
    assert kept <= note
    cited = _named_in([*sorted((ROOT / "docs").glob("*.md")), RESULTS / "README.md"])
    in_results = {n for n in cited if n.endswith(".jsonl.gz")}
    assert in_results - kept == set()


def test_the_directory_is_under_10_mb() -> None:
    assert sum(p.stat().st_size for p in RESULTS.iterdir()) < 10 * 1024 * 1024


def test_log_text_reads_a_log_as_written_or_compressed(tmp_path: Path) -> None:
    text = '[{"seed": 1}]\n[{"seed": 2}]\n'
    plain = tmp_path / "run.jsonl"
    plain.write_text(text, encoding="utf-8")
    packed = tmp_path / "run.jsonl.gz"
    packed.write_bytes(gzip.compress(text.encode("utf-8")))
    assert log_text(plain) == log_text(packed) == text

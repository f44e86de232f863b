"""Two server launches pasted in one code block, each over its own scores (ledger.parsers.grammar.relaunch_arms).
The documents are invented."""

from __future__ import annotations

from pathlib import Path

from ledger.api import Ledger
from ledger.parsers.pipeline import extract
from ledger.report.launch_setups import SIDE_BY_SIDE, launch_setup_findings
from ledger.targets import run_compare

_PASTE = """# Faster decode for Orca models

Numbers from our H100 box:

```
{label}
python3 -m sglang.launch_server \\
  --model-path orgy/Orca-12B \\
  --tp 4 \\
  --attention-backend triton
  # --enable-fused-rope \\
Accuracy: 0.771
Output throughput: 1200.5 token/s
Accuracy: 0.774
Output throughput: 1210.0 token/s

python3 -m sglang.launch_server \\
  --model-path orgy/Orca-12B \\
  --tp 4 \\
  --attention-backend fa3 \\
  --enable-fused-rope
Accuracy: 0.769
Output throughput: 1420.0 token/s
Accuracy: 0.772
Output throughput: 1433.5 token/s
```
"""


def _rows(text: str) -> list[tuple[float | None, float | None, str | None, str | None, str | None]]:
    return [
        (c.value, c.reference, c.config.get("variant"), c.config.get("attention"), c.config.get("enable_fused_rope"))
        for c in extract(text, path="x.md").claims
    ]


def test_a_relaunch_after_a_named_baseline_is_the_change_each_run_against_the_baselines_same_run() -> None:
    rows = _rows(_PASTE.format(label="# baseline"))
    name = "--attention-backend fa3 --enable-fused-rope"
    assert rows[:4] == [(v, None, None, "triton", None) for v in (0.771, 1200.5, 0.774, 1210.0)]
    assert rows[4:] == [
        (0.769, 0.771, name, "fa3", "on"),
        (1420.0, 1200.5, name, "fa3", "on"),
        (0.772, 0.774, name, "fa3", "on"),
        (1433.5, 1210.0, name, "fa3", "on"),
    ]


def test_a_relaunch_whose_flag_the_title_names_is_the_change() -> None:
    text = _PASTE.format(label="# run log").replace("# Faster decode", "# Enable fused rope: faster decode")
    rows = _rows(text)
    assert [r[1] for r in rows[4:]] == [0.771, 1200.5, 0.774, 1210.0]


def test_two_launches_the_text_does_not_rank_are_two_setups_each_named_by_its_flags() -> None:
    rows = _rows(_PASTE.format(label="# run log"))
    assert all(reference is None for _, reference, _, _, _ in rows)
    assert {r[2] for r in rows[:4]} == {"--attention-backend triton"}
    assert {r[2] for r in rows[4:]} == {"--attention-backend fa3 --enable-fused-rope"}
    assert {r[4] for r in rows[:4]} == {None} and {r[4] for r in rows[4:]} == {"on"}


def test_a_launch_run_again_with_the_same_flags_is_no_second_arm() -> None:
    text = _PASTE.format(label="# baseline").replace("--attention-backend fa3", "--attention-backend triton")
    text = text.replace("  --enable-fused-rope\n", "").replace("triton \\\n", "triton\n")
    assert all(reference is None and variant is None for _, reference, variant, _, _ in _rows(text))


def test_the_relaunched_arm_is_judged_against_its_baseline_and_no_note_calls_it_unjudged(tmp_path: Path) -> None:
    doc = tmp_path / "relaunch.md"
    doc.write_text(_PASTE.format(label="# baseline"), encoding="utf-8")
    result = run_compare([str(doc)], book=Ledger(tmp_path / "none.db"))
    assert [(r.claim.value, r.verdict) for r in result.references if r.claim.unit] == [
        (1420.0, "improvement"),
        (1433.5, "improvement"),
    ]
    assert not [n for n in result.notes if "no side label" in n]


def test_two_launches_the_text_does_not_rank_are_set_side_by_side_in_the_report_never_judged() -> None:
    claims = extract(_PASTE.format(label="# run log"), path="x.md").claims
    found = launch_setup_findings(claims, {})
    assert [(f.verdict, f.metric, f.line) for f in found] == [
        (SIDE_BY_SIDE, "Accuracy", 12),
        (SIDE_BY_SIDE, "Output throughput", 13),
    ]
    assert "--attention-backend triton: 1200.5 token/s, 1210 token/s; --attention-backend fa3" in found[1].text
    # the text naming the change: the relaunch is judged against the baseline instead
    assert launch_setup_findings(extract(_PASTE.format(label="# baseline"), path="x.md").claims, {}) == []


_TWO_MODELS = """# Fix the MLA prefix cache

Checked both models after the fix:

```
python3 -m sglang.launch_server --model-path org/Alpha-R1 --tp 8
python3 bench_gsm8k.py --num-questions 200
Accuracy: 0.955
python3 -m sglang.launch_server --model-path org/Beta-M2 --tp 4 --enable-dp-attention
python3 bench_gsm8k.py --num-questions 200
Accuracy: 0.941
```
"""


def test_a_launch_of_another_model_is_that_models_own_check_never_an_arm() -> None:
    """Two models checked one after the other: each score its model's, no arm named by the other's flags, none the
    other's reference (the report would set 0.955 beside 0.941 as "two setups")."""
    claims = extract(_TWO_MODELS, "t.md").claims
    assert [(c.value, c.config.get("model"), c.config.get("variant"), c.reference) for c in claims] == [
        (0.955, "org/Alpha-R1", None, None),
        (0.941, "org/Beta-M2", None, None),
    ]

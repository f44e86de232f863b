"""An eval's settings stay with its scores: a later turn's serving numbers take neither its shots nor its cap."""

from pathlib import Path

from ledger.parsers.pipeline import extract

FIXTURE = Path(__file__).parent / "fixtures" / "setup" / "eval_settings_stay.md"


def test_eval_settings_reach_its_scores_only() -> None:
    claims = extract(FIXTURE.read_text(), str(FIXTURE)).claims
    scores = [c for c in claims if c.kind == "accuracy"]
    serving = [c for c in claims if c.kind == "perf"]
    assert scores and serving
    assert all(c.config.get("n_shot") == "5" and c.config.get("max_tokens") == "8192" for c in scores)
    for c in serving:
        assert not c.config.keys() & {"n_shot", "samples", "temperature", "top_p", "osl", "max_tokens"}
        assert c.config.get("model") == "Qwen3-32B"

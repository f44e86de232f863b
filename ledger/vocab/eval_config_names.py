"""The benchmark and shot count an eval harness's config name spells: AISBench's and OpenCompass's
"gsm8k_gen_4_shot_cot_chat_prompt", "ceval_gen_0_shot", lm-eval's "mmlu_5shot". The name is the run's setup written
as one token: its first part is the benchmark, the number before "shot" the shots every score of that run was
given. (Its "cot" and "chat" parts have no setup key of the contract to go to.)"""

from __future__ import annotations

import re

from ledger.vocab.metrics import named_benchmark

# one token of letters, digits, "_" and "-" that holds "shot" (a single class repeated: linear on any input)
_TOKEN_RE = re.compile(r"(?<![\w./-])[A-Za-z][\w-]{2,80}(?![\w./-])")
_SHOT_PART_RE = re.compile(r"(\d{1,2})?shots?", re.IGNORECASE)
# how the harness runs the task, named between the benchmark and the count ("gsm8k_gen_4_shot", "mmlu_ppl_5_shot")
_MODE_PARTS = frozenset(("gen", "ppl", "ll", "clp"))


def eval_config_names(text: str) -> list[tuple[str, str]]:
    """(benchmark, shots) of each harness config name in `text`: "gsm8k_gen_4_shot_cot_chat_prompt" ->
    ("gsm8k", "4"), "mmlu_5shot" -> ("mmlu", "5"); a token whose first part names no benchmark, or that gives no
    count right before its "shot", is none ("few_shot_examples", "zero_shot")."""
    if "shot" not in text.lower():
        return []
    out: list[tuple[str, str]] = []
    for m in _TOKEN_RE.finditer(text):
        parts = m.group(0).lower().split("_")
        at = next((k for k, part in enumerate(parts) if k and _SHOT_PART_RE.fullmatch(part)), 0)
        shot = _SHOT_PART_RE.fullmatch(parts[at]) if at else None
        if shot is None:
            continue
        count = shot.group(1) or (parts[at - 1] if at > 1 and parts[at - 1].isdigit() else None)
        # (the benchmark is what stands before the harness's mode and the count: "gpqa_diamond_gen_0_shot")
        head = [p for p in parts[:at] if p not in _MODE_PARTS and not p.isdigit()]
        task = named_benchmark(" ".join(head)) if head else None
        if count is not None and task is not None:
            out.append((task, str(int(count))))
    return out

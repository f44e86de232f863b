"""A lead line over sections headed by model names alone: its setting holds across them (each heading adds the model),
and a name of a family the vocabulary does not know, shaped as a model's, heads its section as a model."""

from __future__ import annotations

from ledger.parsers import extract

_TWO_MODELS = """\
Scores for GSM8K（8-shot） measured on one H200:

### Qwen3-8B

| Filter | this PR | main |
|---|---:|---:|
| strict-match | 0.8120 | 0.8101 |

### Llama-3.1-8B

| Filter | this PR | main |
|---|---:|---:|
| strict-match | 0.7350 | 0.7342 |
"""


def _configs(text: str) -> dict[float, dict[str, str]]:
    return {c.value: c.config for c in extract(text, path="x.md").claims if c.value is not None}


def test_a_leads_shot_count_holds_across_the_model_headings_below_it() -> None:
    got = _configs(_TWO_MODELS)
    assert got[0.812]["model"] == "Qwen3-8B" and got[0.735]["model"] == "Llama-3.1-8B"
    assert got[0.812].get("n_shot") == "8" and got[0.735].get("n_shot") == "8"


def test_a_heading_that_names_no_model_still_ends_the_leads_scope() -> None:
    text = _TWO_MODELS.replace("### Llama-3.1-8B", "### Serving check")
    assert _configs(text)[0.812].get("n_shot") == "8"
    assert "n_shot" not in _configs(text)[0.735]


def test_a_heading_that_is_an_unknown_familys_name_and_version_is_the_model() -> None:
    text = _TWO_MODELS.replace("### Qwen3-8B", "### Wren-2.6-flash").replace("### Llama-3.1-8B", "### Tern-3.1-mini")
    got = _configs(text)
    assert got[0.812]["model"] == "Wren-2.6-flash" and got[0.735]["model"] == "Tern-3.1-mini"
    assert got[0.812].get("n_shot") == "8" and got[0.735].get("n_shot") == "8"  # (model headings: the lead holds)


def test_a_heading_of_a_plain_word_or_a_numbered_step_names_no_model() -> None:
    titles = ("### Results", "### Setup-2", "### Phase-3", "### H100-Pro", "### CUDA-12.4-base", "### Kernel-v2-final")
    for title in titles:
        got = _configs(_TWO_MODELS.replace("### Llama-3.1-8B", title))
        assert "model" not in got[0.735], title


# a measured sentence first, then the lead line naming the CPU, then one section per precision and side
_QUANT_SECTIONS = """\
# Quicker Q5_K matmul on CPU

This port moves the repacking trick over to `Q5_K`. Prompt processing becomes almost 1.8X quicker than before.

Measured with `Q5_K` of Mistral-7B on a Ryzen-9900X CPU:

### Q5_K, main branch

| PP | TG | N_KV | T_PP s | S_PP t/s |
|----|----|------|--------|----------|
| 512 | 128 | 0 | 1.300 | 393.85 |

### Q5_K (PR)

| PP | TG | N_KV | T_PP s | S_PP t/s |
|----|----|------|--------|----------|
| 512 | 128 | 0 | 0.720 | 711.11 |
"""


def test_a_leads_device_holds_across_the_precision_headings_below_it() -> None:
    got = _configs(_QUANT_SECTIONS)
    for value in (393.85, 711.11):
        assert got[value].get("gpu") == "ryzen-9900x" and got[value]["model"] == "Mistral-7B", value
        assert got[value]["quant"] == "q5_k", value


def test_a_heading_naming_a_precision_beside_other_words_ends_the_leads_scope() -> None:
    got = _configs(_QUANT_SECTIONS.replace("### Q5_K (PR)", "### Q5_K accuracy notes from the other thread"))
    assert got[393.85].get("gpu") == "ryzen-9900x"

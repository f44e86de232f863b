"""A YAML options file's sections qualify their keys for the setup readers (reader.config_files)."""

from __future__ import annotations

from ledger.parsers.reader.config_files import nested_settings
from ledger.parsers.reader.document import read_document

OPTIONS = """\
Launch options:
cuda_graph_config:
  enable_padding: true
  batch_sizes:
    - 1
    - 64
kv_cache_config:   # the cache in fp8
  dtype: fp8
speculative_config:
  decoding_type: MTP
  num_nextn_predict_layers: 3
dtype: bfloat16
max_batch_size: 256
"""


def test_keys_read_as_their_section_makes_them() -> None:
    got = nested_settings(OPTIONS.splitlines())
    assert got[3] == "" and got[4] == "" and got[5] == "" and got[6] == ""  # the CUDA graphs' own sizes
    assert got[8] == "kv_cache_dtype: fp8"
    assert 10 not in got and 11 not in got  # the speculative section's keys read as they are
    assert 12 not in got and 13 not in got  # back at the file's top level: the run's own keys


def test_setup_readers_read_the_qualified_line() -> None:
    doc = read_document(OPTIONS, "x.md")
    assert doc.line(8) == "  dtype: fp8"  # what the claims quote stays the printed text
    assert doc.setup_line(8) == "kv_cache_dtype: fp8"
    assert doc.setup_line(3) == "" and doc.setup_line(1) == "Launch options:"


def test_a_section_word_inside_prose_is_no_section() -> None:
    text = "We set kv_cache_config: dtype fp8 for both runs.\n  dtype: bfloat16\n"
    assert nested_settings(text.splitlines()) == {}

"""The names of the settings a number in prose can follow and be that setting's, never a result: "ISL 8192", "at
con128", "tp 2", "seed 1234", "top_p 0.95" (prose.guards' CONFIG_BEFORE_RE, asked of the window before a number). An
alternation with no "|" inside a group: prose.metrics.any_of regroups it by first letter, the pattern being only ever
asked yes / no. "above 70%", "always over 50%" are bounds, for which the contract has no field."""

from __future__ import annotations

from ledger.vocab.sampling_words import SAMPLING_NAMES

CONFIG_NAMES = (
    r"isl|osl|bs|sizes?|batch(?:[_ ]size)?|max[_\w]*|concurrency|conc|con|draft(?: length)?|tp|ep|pp|dp|"
    r"tp_size|ep_size|rank|k|p|g|n|num_?shots?|n_?shots?|num_?fewshot|fewshot|layers?|heads?|head_dim|dim|block|page|bucket|buckets|"
    r"tokens_per_block|num_[a-z_]+|fraction|step|version|release|v|sm|sm_|rc|at|first|last|every|"
    r"whole|round|rounds|#|pr|issue|nvbugs?|ticket|below|above|past|under|width|depth|pos|position|"
    r"always over|stays? over|stayed over|remains? over|remained over|consistently over|well over|"
    r"mtp|eagle|shape|m|n|k|seq|len|length|input|output|prompt|prompts|samples|questions|requests|"
    r"epoch|iter|iteration|run|runs|gpu|gpus|node|nodes|card|cards|x|" + SAMPLING_NAMES
)

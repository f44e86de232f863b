"""Words that name no variant of a run where a variant's name would stand: the label of a block's kind over it
("Test:", "Result:", "Output:", "Command:", "Setup:"; or only where it ran, "on 8xH100"), and a word in parentheses
after a value that says something else of the value ("12.1 ms (mean)", "(faster)", "(both)").

One place for both lists: the lead-in reader (grammar/lead_ins.py) and the prose reader (prose/candidates.py)
ask them whether a name is a variant's."""

from __future__ import annotations

import re

BLOCK_KIND_LABEL_RE = re.compile(
    r"(?:cmds?|commands?|launch|repro|script|benchmarks?|bench|results?|numbers|output|logs?|perf(?:ormance)?|"
    r"accuracy|eval(?:uation)?|details|summary|setup|config(?:uration)?|environment|env|settings|hardware|"
    r"tests?|testing|test(?:ing)? (?:setup|config(?:uration)?|environment)|"
    # the role of the command under it ("# server", "# launch server", "# client side"): a step of one run
    r"(?:(?:start|launch|run|the|on)\s)?(?:the\s)?(?:servers?|clients?|serving)(?:\s(?:side|launch|start|cmd|command))?)"
    r"\s*$|"
    # what a command is for, then the word ("GSM8K Benchmark Command", "Server launch cmd"): a command block's label
    r"[\w.+/-]{1,24}(?:\s[\w.+/-]{1,24}){0,3}\s(?:cmds?|commands?)\s*$|"
    r"(?:in|on|at|using)\s+(?:\d{1,3}\s?[x×]\s?)?"
    r"(?:nvidia\s)?[a-z]{1,3}\d{2,4}[a-z]?\s*$",
    re.IGNORECASE,
)
"""A lead-in or a code block's comment that names no variant (matched at its start): a block's kind ("cmd:",
"Launch:", "Test:", "Result:"), the role of the command under it ("# server", "# client"), what a command is for
("GSM8K Benchmark Command:") or only where it ran ("In H200", "on 8xH100")."""

VALUE_REMARK_WORD_RE = re.compile(
    r"^(?:mean|median|avg|average|max|min|std|approx|est|estimated|total|best|worst|"
    r"higher|lower|better|worse|faster|slower|each|both|only|all)$"
)
"""One word in parentheses after a value that is a statistic, an estimate or a comparison, never the run's name."""

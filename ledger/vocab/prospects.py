"""The words that say where a change would serve, not where it ran: "a strong fit as the prefill-node backend in
P/D-disaggregated serving", "it would also suit EP-only deployments", "well suited to long-context decode". The
setup such a clause names (a serving mode, a parallelism, a precision) is a prospect, no run's; the runs state
theirs elsewhere ("On 8×H20 with DeepSeek-R1 fp8:")."""

from __future__ import annotations

import re

from ledger.vocab.word_gate import WordGate

# the clause from its word of suitability to the sentence's end: "(a|the) (strong|good|natural|...) fit for/as",
# "would/could/should/may/might (also) suit/benefit" (not "should fit": in memory, a capacity), "(well|ideally|best)
# suited to/for", "would (also) be useful/helpful/beneficial for"; each way opens on fixed words, its tail one class
PROSPECT_RE = WordGate(
    re.compile(
        r"\b(?:(?:a|an|the)[ \t](?:(?:very|really)[ \t])?(?:strong|good|great|natural|ideal|perfect|obvious)[ \t]fit"
        r"|(?:would|could|should|may|might)[ \t](?:also[ \t]|well[ \t])?(?:suit|benefit)"
        r"|(?:would|could|should|may|might)[ \t](?:also[ \t])?be[ \t](?:useful|helpful|beneficial|a[ \t]good[ \t]fit)"
        r"|(?:well|ideally|best|better)[ \t]suited)\b[^.!?\n]{0,400}",
        re.IGNORECASE,
    )
)

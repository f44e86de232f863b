"""The shape an attention kernel was timed at, as a kernel PR's lead-in states it once above its table: "32 query
heads, 8 KV heads, head size 128, causal", "8 heads of dim 256", or packed with slashes, "B=1/Hq=8/Hkv=1/D=512". Each
is a hard setup key (two shapes time two different launches, never one series): the query heads (`heads`, as a
grid's axis names them, vocab.grid_cells), the KV heads, the head dimension and the causal mask. The numbers are the
shape, never a result. Apart from setup.py, which reads them among its setup words (size rule); the KV heads' word
is read before the heads' ("8 KV heads" is no count of query heads)."""

from __future__ import annotations

from ledger.vocab.kernel_modes import KERNEL_MODE_TRIGGERS, KERNEL_MODE_WORDS
from ledger.vocab.op_benches import OP_BENCH_TRIGGERS, OP_BENCH_WORDS
from ledger.vocab.setup_word import DIGIT_OPENS
from ledger.vocab.setup_word import make_word as _word

# "8 KV heads", "1 kv-head", "num_kv_heads=8", "Hkv=1"
_KV_HEADS = r"(\d{1,3})[ -](?:kv|key[ -]value)[ _-]heads?|num_kv_heads ?[=:] ?(\d{1,3})|hkv ?[=:] ?(\d{1,3})"
# "32 query heads", "8 heads", "16 attention heads", "num_heads=32", "nheads 16", "Hq=8"; never a drafter's heads
# ("EAGLE 1 head", "Medusa 4 heads": the draft model's)
_HEADS = (
    r"(?<!eagle )(?<!medusa )(?<!draft )(\d{1,3})[ -](?:query[ -]|q[ -]|attention[ -])?heads|"
    r"(?:num_(?:q_)?heads|nheads|hq) ?[=:]? ?(\d{1,3})"
)
# "head size 128", "head dim 128", "head dimension 256", "headdim=64", "hdim256", "heads of dim 128", and the "D=512"
# of a slash-packed shape ("/D=512": a bare "D=512" may be anything); not a size a change adds to what the code
# supports ("adds head size 192 to the kernel list")
_HEAD_DIM = (
    r"(?<!adds )(?<!add )(?<!supports )(?<!support )head[ _-]?(?:dim(?:ension)?|size)s?(?: of)? ?[=:]? ?(\d{2,4})|"
    r"h(?:ead)?dim ?[=:]? ?(\d{2,4})|"
    r"of dim(?:ension)? (\d{2,4})|(?<=/)d ?= ?(\d{2,4})"
)
# "causal", "non-causal" as an item of a shape's list ("..., causal," "(causal)"), or naming the attention a launch
# ran ("BF16 causal attention, 8 heads"); never another word of a sentence ("the causal mask was wrong")
_CAUSAL = r"(non[ -]?causal|causal)(?= ?(?:[,;)/.]|$)| (?:attention|fwd|forward|bwd|backward)(?![a-z]))"

# "B=1/Hq=8/...": the batch of a slash-packed shape (a bare "B=1" may be anything)
_PACKED_BATCH = r"b ?= ?(\d{1,4})(?= ?/ ?[a-z])"

KERNEL_SHAPE_WORDS = (
    _word("batch_size", "batch_size", _PACKED_BATCH, ("b=", "b ="), ("b",)),
    _word("kv_heads", "kv_heads", _KV_HEADS, ("kv", "key", "hkv"), ("num_kv", "hkv"), DIGIT_OPENS),
    _word("heads", "heads", _HEADS, ("head", "hq"), ("num_", "nheads", "hq"), DIGIT_OPENS),
    _word("head_dim", "head_dim", _HEAD_DIM, ("head", "hdim", "of dim", "d=", "d ="), ("head", "hdim", "of ", "d")),
    _word("causal", "causal", _CAUSAL, ("causal",), ("non", "causal")),
)
"""The words, in the order setup.py's table reads them."""

KERNEL_WORDS = (*KERNEL_SHAPE_WORDS, *KERNEL_MODE_WORDS, *OP_BENCH_WORDS)
"""Every word of a kernel's timing: its shape, its mode (vocab.kernel_modes) and an operator bench's op, backend and
ISA (vocab.op_benches), in the order setup.py's table reads them."""
KERNEL_TRIGGERS = f"causal|{KERNEL_MODE_TRIGGERS}|{OP_BENCH_TRIGGERS}"
"""What a line stating any of them holds with no digit (vocab.setup's quick test of a line for any setup word)."""

"""A training run's two batches (Megatron, DeepSpeed): the sequences one GPU takes a step ("Micro BS 4",
"micro_batch_size=2", "MBS 8") and the whole step's ("Global BS 1024", "global_batch_size=512", "GBS 256"), each a
setting of its own, neither the batch a server ran (batch_size). Setup words of vocab.setup's table, apart from it
(size rule); the headers' spellings ("| MBS | GBS |") are vocab.setup_keys' aliases."""

from __future__ import annotations

from ledger.vocab.setup_word import SEP
from ledger.vocab.setup_word import make_word as _word

# (a size stated for some runs only, "micro batch size: 1 for ZeRO3 and TP1 / 2 for TP2", is no run's whole setup)
TRAINING_BATCHES = (
    _word(
        "micro_batch_size",
        "micro_batch_size",
        rf"(?:micro[ _-]?(?:bs|batch(?:[ _-]?size)?)|mbs)(?: of |{SEP})(\d{{1,4}})(?! for )",
        ("micro", "mbs"),
        ("micro", "mbs"),
    ),
    _word(
        "global_batch_size",
        "global_batch_size",
        rf"(?:global[ _-]?(?:bs|batch(?:[ _-]?size)?)|gbs)(?: of |{SEP})(\d{{1,5}})(?! for )",
        ("global", "gbs"),
        ("global", "gbs"),
    ),
)

"""The domain's words, in one place: what the parsers write and what compare reads agree by construction.

    metrics    which kind a metric name is (accuracy, acceptance, perf), which way is better, its
               canonical name (for comparing) and the sample count of well-known benchmarks
    units      the unit spellings people type, their family (time, bytes, rate) and scale
    setup      the configuration a result was measured under: keys, aliases, value normalisation,
               labels whose numbers are inputs of a run rather than results, baseline labels
    outcomes   verdict words and the contract's outcome each means
    text       how a name is cleaned before the tables read it

Nothing here imports the rest of the ledger but `ledger.memo`: every layer may read it.
"""

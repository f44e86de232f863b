"""The domain's words, in one place: what the parsers write and what compare reads agree by construction.

    metric_table  one row per metric known by name: canonical name, spellings, kind, direction, sample count
    metrics    the metric table's patterns and the classifiers built on them: which kind a name is (accuracy,
               acceptance, perf; in a label or in prose), which way is better, its canonical name (for comparing)
    unit_table one row per unit spelling: canonical unit, family (time, bytes, rate...), scale, role
    units      the unit table's sets and questions: the spellings the number grammar reads, scales for
               compare, measure, count, size, time and share units, which way a unit is better
    setup      the configuration a result was measured under: keys, aliases, value normalisation,
               labels whose numbers are inputs of a run rather than results, baseline labels
    outcomes   verdict words and the contract's outcome each means
    text       how a name is cleaned before the tables read it

Nothing here imports the rest of the ledger but `ledger.memo`: every layer may read it.
"""

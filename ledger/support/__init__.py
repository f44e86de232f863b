"""`ledger support`: the join of support matrices with evidence, its answer and its printers."""

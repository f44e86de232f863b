"""Support matrices and support statements: cells, names, notes, rules, the engine a page speaks for."""

"""A run's validity written as its export's field: "`submission_valid: true`", "`run.is_valid: false`". The field
names the check (the run covered its window, nothing was cut), its boolean the outcome."""

from __future__ import annotations

VALIDITY_SUFFIXES = ("_valid", ".valid", "is_valid", "_validity")
"""How a validity field's name ends (lower case): a bare "valid" or a name that only holds the word ("invalid_count")
is not one."""

OUTCOME_OF_BOOLEAN = {"true": "pass", "false": "fail"}
"""A validity field's value -> the gate's outcome."""

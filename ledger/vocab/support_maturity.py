"""The words a feature page uses for a feature's maturity ("🟢 Functional", "🔵 Experimental", "🟡 Planned").

A `Status` column of check marks is a CI table (the gate readers'); one whose marks carry these words states how
far a feature has come, a support cell per row (ledger/parsers/support/matrix.py). CI outcomes (passed, failed,
skipped, success) are none of them.
"""

from __future__ import annotations

import re

MATURITY_RE = re.compile(
    r"\b(?:functional|experimental|planned|deprecated|stable|beta|alpha|preview|wip|in progress|no plan"
    r"|not planned|under development|coming soon|production[- ]ready)\b",
    re.IGNORECASE,
)
"""A word of a feature's maturity, searched in a status cell's own words."""

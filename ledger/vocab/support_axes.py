"""The words of a matrix's first header that say its rows are features ("| Feature | vLLM V1 Engine |").

A matrix's rows are subjects (architectures, models) and its columns features, unless the first header names
features and the columns name engines or engines' modes: then each row is the feature, the engine the subject and
its mode the backend (ledger/parsers/support/axes.py).
"""

from __future__ import annotations

import re

FEATURE_HEADER_RE = re.compile(r"^(?:features?|capabilit(?:y|ies)|functionalit(?:y|ies)|feature name)$", re.IGNORECASE)

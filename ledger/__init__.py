"""The PR-evidence ledger: structured claims from pull-request evidence, stored with provenance."""

__version__ = "0.1.0"

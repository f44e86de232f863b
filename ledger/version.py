"""The package's version, written once: `ledger.__version__`, `ledger --version`, the GitHub client's
User-Agent and the built package's metadata (pyproject.toml reads it from here)."""

__version__ = "0.1.0"

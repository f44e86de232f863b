"""Extractors of specific formats: commits, CI bots, verdict lines, llama-bench, lm-eval, test counts."""

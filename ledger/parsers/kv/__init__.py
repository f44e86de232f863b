"""Benchmark output printed as 'label: value' lines, and the lines around them."""

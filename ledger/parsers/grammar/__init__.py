"""The grammar every reader shares: numbers, label-value pairs, revisions, setup words."""

"""Reading sources, extracting them (in worker processes) and storing each version."""

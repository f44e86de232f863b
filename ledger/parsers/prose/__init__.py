"""Numbers in sentences, bullets and mixed cells: candidates, guards, labels, lists, metric names."""

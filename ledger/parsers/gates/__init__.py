"""Gates: named checks with an outcome and no count, in prose, lists, tables and pytest lines."""

"""Printing claims and query rows: formats, the terminal table, the row writers."""

"""The command line: typer apps over the library; nothing imports them."""

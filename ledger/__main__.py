"""`python -m ledger`: the same command line as the `ledger` script."""

from ledger.cli.app import main

if __name__ == "__main__":
    main()

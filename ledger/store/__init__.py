"""The ledger as a store kept over time and across machines: stored versions read again by newer extractors
(`reextract`), ledgers joined (`merge`), and the data handed to a columnar engine (`export`)."""

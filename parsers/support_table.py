"""Placeholder: being written (see issue). Yields nothing yet."""

from __future__ import annotations

from collections.abc import Iterator

from ledger.model import Claim
from parsers.base import Context
from parsers.document import Block

NAME = "support_table"
VERSION = "0"
BLOCKS: frozenset[str] = frozenset()


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    return iter(())

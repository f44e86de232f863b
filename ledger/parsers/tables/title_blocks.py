"""A table printed in blocks, one per setup, each under a title row and its own copy of the header:

    | H100/8B/TP1   |                     |                    |
    | ------------- | ------------------- | ------------------ |
    | ISL-OSL       | before Output tok/s | after Output tok/s |
    | 1000-2000     | 2364.46             | 2634.68            |
    |               |                     |                    |
    | H100/8B/TP4   |                     |                    |
    | ISL-OSL       | before Output tok/s | after Output tok/s |
    | 1000-2000     | 4247.26             | 5606.77            |

Markdown's header row holds the first block's title, so the real header is the first body row. The header folds
down: the names row becomes the header, each title a group row over its block (the results reader takes a group row
that states a setup as its rows' setup), and the header's later copies leave the body, as they hold no results.
"""

from __future__ import annotations

from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.reader.blocks import Row, Table
from ledger.parsers.tables.cells import clean, is_numeric_cell
from ledger.parsers.tables.headers import looks_metric, unit_of_header
from ledger.vocab.setup_names import MODEL_SIZE_RE, sized_model


def fold_title_blocks(table: Table, header_text: str) -> bool:
    """Fold a title-row header over its names row (see the module doc), in place; whether the table was one."""
    title = clean(table.header[0]) if table.header else ""
    if not title or is_numeric_cell(title) or any(clean(h) for h in table.header[1:]) or not table.rows:
        return False
    names = [clean(c) for c in table.rows[0].cells]
    # (the names row's first cell may be blank: the corner over the row names, "  | New (us) | Old (us)")
    if len(names) != len(table.header) or not all(names[1:]) or any(is_numeric_cell(c) for c in names):
        return False
    if not any(looks_metric(c) or unit_of_header(c) for c in names[1:]):
        return False  # ("| Model | | |" over "| Llama | bf16 | TP2 |": a row of settings, no header of measures)
    rows = [Row(table.header_line, [title] + [""] * (len(names) - 1), header_text)]
    rows += [r for r in table.rows[1:] if [clean(c) for c in r.cells] != names]  # (the header again, per block)
    table.header, table.rows = list(table.rows[0].cells), rows
    return True


def in_block(claims: Iterator[Claim], setup: dict[str, str]) -> Iterator[Claim]:
    """The claims of a block's rows with the setup its title row states ("H100/8B/TP4"), over the page's: the block is
    the narrower scope. A size alone is no model: it completes the page's (vocab.setup_names.sized_model: "8B" under
    a page on Llama-3.1-8B is that model, under one on Llama 3 is Llama3-8B), else the rows name none."""
    for c in claims:
        own, config = dict(setup), c.config
        if MODEL_SIZE_RE.fullmatch(size := own.pop("model", "")):
            config = {k: v for k, v in c.config.items() if k != "model"}  # (another size's page model is not theirs)
            if model := sized_model(c.config.get("model", ""), size):
                own["model"] = model
        elif size:
            own["model"] = size
        yield c.model_copy(update={"config": {**config, **own}})

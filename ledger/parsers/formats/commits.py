"""Commit claims: commit-table rows, revision labels, shas named in the text and commit URLs."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import PINNED_FILE_NOTE, REBASED_ONTO_NOTE, STATED_HEAD_NOTE, UPSTREAM_BUILD_NOTE, Claim, Revision
from ledger.parsers.base import Context
from ledger.parsers.grammar.engine_builds import ENGINE_COMMIT_RE
from ledger.parsers.grammar.linked_sides import pinned_shas
from ledger.parsers.grammar.project_versions import context_builds, context_shas
from ledger.parsers.grammar.revision_labels import is_sha, shas_in
from ledger.parsers.reader.document import Block, Document, Row, Table
from ledger.vocab.engines import engine_named
from ledger.vocab.models import model_names
from ledger.vocab.text import has_hex_run
from ledger.vocab.word_gate import WordGate

NAME = "commits"
VERSION = "1"
BLOCKS = frozenset({"table", "text", "item", "heading"})

# "/commit/<sha>", and a permalink's "/blob/<sha>/path" or "/tree/<sha>/": the commit the link pins (a permalink's
# is a file's version, no revision of the PR: PINNED_FILE_NOTE)
_URL_SHA_RE = re.compile(r"/(?:commit|commits)/([0-9a-f]{7,40})\b|/(?:blob|tree)/([0-9a-f]{7,40})(?=/|#|\s|$)")
# A sha that only says where a CI job ran is that job's revision, not a commit the text describes.
# (searched only where one of its words stands: vocab.word_gate)
_CI_COMMIT_RE = WordGate(re.compile(r"\bCommit:\s*[0-9a-f]{7,40}", re.IGNORECASE))
# ("tree 3638dd83", "digest ...", a file's "SHA256: 9f3e2a1b" or md5, a checksum cut short, no commit;
# "4.0.0+9f3e2aa": a tool's version, built from its own repository's commit; "the
# same model snapshot (`3f19...`)": the hash of the weights a hub serves, no revision of the code)
# ("Update the bundled DeepGEMM from 2.5.0 (`245dc5d`) to 2.6.1 (`f8e8fb5`)": a dependency's releases, not this
# repository's commits)
_NOT_COMMIT_BEFORE_RE = re.compile(
    r"\b(?:tree|blob|patch[- ]?id|object|change-id|digest|image|(?:model|weights?|checkpoint)\s{1,3}snapshot|"
    r"sha-?(?:224|256|384|512)|md5|checksum|crc-?32)\W{0,3}$|"
    r"\d\.\d{1,4}(?:\.\d{1,4})?\+g?$|"
    r"\b(?:from|to)\s{1,3}v?\d{1,4}\.\d{1,4}(?:\.\d{1,4})?\s?\(\s?`?$",
    re.IGNORECASE,
)
# "DeepSeek-V4.1-Flash (rev dba1be0a)", "Qux-14B revision 3f2a9c1": the revision of a model's weights
_MODEL_REV_BEFORE_RE = WordGate(
    # ("`org/Model`, revision **`dba1be0…`**": the name's code marks and the value's bold between)
    re.compile(r"(?P<name>[\w./-]{2,80})[`*_]{0,3}\s{0,2}[(\[,]?\s{0,2}(?:rev|revision)\W{0,5}$", re.IGNORECASE)
)
_WEIGHTS_WORDS = frozenset(("model", "checkpoint", "weights", "ckpt"))
"""Words that name the weights a revision is of ("Checkpoint revision 0f1e2d3c"): none of the code's commits."""
_COMMIT_HEADER_RE = re.compile(r"^(?:commit|sha|hash|revision)s?$", re.IGNORECASE)
# Every sha this module claims (SHA_RE, _URL_SHA_RE) is a run of seven or more of [0-9a-f] (has_hex_run).
_WORD_AFTER_RE = re.compile(r"\s+[a-z]{2,}")
_URL_RE = re.compile(r"https?://\S{1,400}")
# a link's query naming the commit it is about ("?sha=", "&commit=", "rev="): its hex is that commit
# (or its path: "/compare/a1b2c3d...e4f5a6b", "/commits/", "/tree/")
_URL_COMMIT_KEY_RE = re.compile(
    r"(?:[?&;](?:sha|commit|rev|revision|head|ref|hash)=|/compare/|\.\.\.?|/commits?/|/tree/|/blob/|@)$",
    re.IGNORECASE,
)
# "Baseline commit/tree: `6cb2e709...` / `6c5e38e4...`": labels and hashes paired in order, so the second hash is
# the commit's tree (not a commit), however "tree" stands before the first
_SLASH_PAIR_RE = re.compile(
    r"\b(?P<labels>[A-Za-z]{2,12}(?:\s?/\s?[A-Za-z]{2,12}){1,3})\s?[:=]\s{0,3}"
    r"(?P<values>[*_`]{0,3}[0-9a-f]{7,40}[*_`]{0,3}(?:\s{0,3}/\s{0,3}[*_`]{0,3}[0-9a-f]{7,40}[*_`]{0,3}){1,3})",
    re.IGNORECASE,
)
_NOT_COMMIT_ROLES = frozenset({"tree", "blob", "object", "digest", "image", "patch"})
# "Current PR head: `eee09fba...`", "latest head is 3f2a9c1": the head the text says the PR is at now, which the
# results need not have been measured on
_STATED_HEAD_RE = re.compile(
    r"\b(?:current|latest|newest|PR|branch)\s(?:PR\s|branch\s)?head(?:\s(?:commit|sha))?\s?"
    r"(?:[:=]|is(?:\snow)?\s)\s{0,3}[*_`]{0,3}(?P<sha>[0-9a-f]{7,40})(?![\w-])",
    re.IGNORECASE,
)
# "Draft rebased onto upstream main `a72c046`", "rebased it on top of main@9c8d7e6f5a": the commit the PR now sits
# on, after the words that name it (at most three: the branch's name; no pronoun: in "this branch rebased on it
# (`7d7d7d7`)" the parenthesis is the branch's own head); a link's text too ("[`a72c046`](...)")
_REBASED_ONTO_RE = re.compile(
    r"\b(?P<words>rebased\s{1,3}(?:it\s{1,3}|this\s{1,3}|the\s{1,3}branch\s{1,3})?on(?:to|\s{1,3}top\s{1,3}of)?"
    r"(?:\s{1,3}(?!(?:it|that|this|them|which)\b)[\w./-]{1,30}){0,3}?)\s{0,3}[@*_`(\[]{0,4}(?P<sha>[0-9a-f]{7,40})(?![\w-])",
    re.IGNORECASE,
)
# "vllm-ascend:v0.11.0-dev:ceadc2788", "image@539f0c47d": a build named by the commit it was made from
# ("main @ 3f2a9c1": a branch at its commit, spaced)
_PINNED_RE = re.compile(r"(?::|@\s{0,2})([0-9a-f]{7,40})(?![\w-])")
# a column that holds each row's commit ("| build | commit | tok/s |"), a row that holds each column's ("| Engine
# source | `ab12cd34ef` | Tested at `9f8e7d6c5b` |"): a sha there is the build measured, whatever words stand around
# it; a model's, an image's or a dataset's revision is none of the code's
_COMMIT_COLUMN_RE = re.compile(r"(?:git\s)?(?:commit|sha|revision|rev)(?:\s(?:sha|hash|id))?s?", re.IGNORECASE)
_SOURCE_ROW_RE = re.compile(r"\b(?:source|commit|sha|git|revision)s?\b", re.IGNORECASE)
_NOT_CODE_ROW_RE = re.compile(
    r"\b(?:model|weights?|checkpoint|snapshot|dataset|image|docker|digest)s?\b", re.IGNORECASE
)


def _slash_roles(text: str) -> dict[int, str]:
    """Each hash of a "commit/tree: a / b" pair, by where it starts, -> its own label ("commit", "tree")."""
    roles: dict[int, str] = {}
    if "/" not in text:
        return roles
    for m in _SLASH_PAIR_RE.finditer(text):
        labels = [w.strip().lower() for w in m.group("labels").split("/")]
        hexes = list(re.finditer(r"[0-9a-f]{7,40}", m.group("values"), re.IGNORECASE))
        if len(hexes) == len(labels):
            roles.update((m.start("values") + h.start(), w) for h, w in zip(hexes, labels, strict=True))
    return roles


def _stated_heads(text: str) -> set[str]:
    """The shas a line names as the PR's head now ("Current PR head: `eee09fba...`")."""
    if "head" not in text.lower():
        return set()
    return {m.group("sha").lower() for m in _STATED_HEAD_RE.finditer(text) if is_sha(m.group("sha"))}


def _rebased_onto(text: str) -> dict[str, str]:
    """The shas a line says the branch was rebased onto -> the words naming that base ("rebased onto upstream main")."""
    if "rebased" not in text.lower():
        return {}
    return {m.group("sha").lower(): " ".join(m.group("words").split()).lower() for m in _REBASED_ONTO_RE.finditer(text)}


def _onto_state(claim: Claim, words: str) -> Claim:
    """A rebased-onto commit on a line whose revision names other commits ("... rebased onto `a72c046`. The results
    below are measurements on base `8c34a372`"): the base of the state after the rebase, not of the results' state."""
    rev = claim.revision
    sha = claim.sha or ""
    if (
        rev is None
        or not (rev.head or rev.base)
        or any(s and (s.startswith(sha) or sha.startswith(s)) for s in (rev.head, rev.base))
    ):
        return claim.model_copy(update={"note": REBASED_ONTO_NOTE})
    return claim.model_copy(update={"note": REBASED_ONTO_NOTE, "revision": Revision(label=words, head=None, base=sha)})


def _commit_claims(text: str, line: int, ctx: Context, offset: int = 0) -> Iterator[Claim]:
    seen: set[str] = set()
    roles = _slash_roles(text)
    heads = _stated_heads(text)
    onto = _rebased_onto(text)
    # ("vLLM: 0.9.2 (a5dd03c), vLLM Ascend: main (d13fb07)" on vllm-ascend's page: a5dd03c is the engine it builds on;
    # "Exllama [commit](.../turboderp/exllama/commit/...)": that engine's, not this PR's)
    upstream = context_shas(ctx.doc, line) | pinned_shas(text).keys()
    # (the engine a plugin page builds on is a commit the page names, of another project: its note says so)
    builds = context_builds(ctx.doc, line)
    for sha, build in builds.items():
        if (at := text.lower().find(sha)) >= 0:
            seen.add(sha)
            note = f"{build.name} {build.version}: {UPSTREAM_BUILD_NOTE}"
            yield ctx.claim("commit", line, text[at : at + len(sha)], sha=sha, note=note)
    for m in _URL_SHA_RE.finditer(text):
        sha = (m.group(1) or m.group(2)).lower()
        seen.add(sha)
        if sha in upstream:
            continue
        # (a file or folder under the pinned version: "/blob/<sha>/tests/x.yml"; "/tree/<sha>" alone is the commit)
        in_file = (
            m.group(2) is not None and text[m.end() : m.end() + 1] == "/" and text[m.end() + 1 : m.end() + 2].strip()
        )
        yield ctx.claim("commit", line, m.group(0), sha=sha, note=PINNED_FILE_NOTE if in_file else None)
    urls = [m.span() for m in _URL_RE.finditer(text)] if "://" in text else []
    for sha, start, end in shas_in(text):
        if sha in seen or sha in upstream or any(sha.startswith(s) or s.startswith(sha) for s in seen):
            continue
        if any(a <= start < b for a, b in urls) and not _URL_COMMIT_KEY_RE.search(text, max(0, start - 12), start):
            continue  # "...detail?collection=nightly&id=6a7308cb456e99798cb9cbb4": a report's id, not a commit
        role = roles.get(start)
        if role in _NOT_COMMIT_ROLES:
            continue  # "commit/tree: a / b": b is the commit's tree
        if role is None and _NOT_COMMIT_BEFORE_RE.search(text[max(0, start - 24) : start]):
            continue  # "tree 3638dd83…", "stable patch ID 79aed56a…": a hash, but not a commit
        rm = _MODEL_REV_BEFORE_RE.search(text[max(0, start - 100) : start])
        if rm and (model_names(rm.group("name")) or rm.group("name").lower() in _WEIGHTS_WORDS):
            continue  # the weights' revision, not a commit of the code
        seen.add(sha)
        claim = ctx.claim("commit", line, text[start:end], sha=sha, note=STATED_HEAD_NOTE if sha in heads else None)
        yield _onto_state(claim, onto[sha]) if sha in onto and claim.note is None else claim


def admits(block: Block, text: str, doc: Document) -> bool:
    """Every commit claimed here is a run of seven lower-case hex digits in the block's own lines (a table's header
    sha too, though its claim may name the line above that printed it first)."""
    return has_hex_run(text)


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    if block.kind == "table":
        table = block.table
        assert table is not None
        if not table.header or not _COMMIT_HEADER_RE.match(table.header[0].strip("`* ")):
            yield from _result_cell_shas(table, ctx)
            return
        for row in table.rows:
            if not row.cells:
                continue
            first = row.cells[0]
            for sha, start, end in shas_in(first):
                yield ctx.claim(
                    "commit", row.line, first[start:end], sha=sha, note=row.cells[-1] if len(row.cells) > 1 else None
                )
        return
    text = ctx.doc.line(block.start)
    if not has_hex_run(text):
        return
    if _CI_COMMIT_RE.search(text):
        return
    if "/pull/" in text and "/commits/" not in text:
        text = _URL_RE.sub(lambda m: " " * len(m.group(0)), text)  # a PR link's digits are not a commit; the rest is
    claims = _commit_claims(text, block.start, ctx)
    yield from (c for c in claims if not _restated_in_log(block, c, ctx)) if block.in_code else claims


def _restated_in_log(block: Block, claim: Claim, ctx: Context) -> bool:
    """A sha a log prints ("build: 6120 (9a8b7c6d)") that its section or one it stands under already named above it
    ("## `me/sweep-port@9a8b7c6d`"): the log restates the build the text named, one commit, claimed where first
    named."""
    first = _first_lines(ctx).get(claim.sha or "")
    if claim.revision is not None or first is None or first >= block.start:
        # ("# PR: source=9f1e2d3c": a log's line naming the side the sha built is a revision's own statement)
        return False
    named = ctx.section_at(first)  # (its section or one the log's stands under: never a sibling's, another run's)
    return ctx.section_at(block.start)[: len(named)] == named


# "... on d0b2d5dfa6)", "failed in CI on f22959cf9a": a sha that only says where something ran
_LOCATION_BEFORE_RE = re.compile(r"\b(?:on|at|against|vs\.?|from|in)\s+(?:main\s+)?$", re.IGNORECASE)


def _result_cell_shas(table: Table, ctx: Context) -> Iterator[Claim]:
    """A sha in a result table's cell is a commit claim when the text says what it did
    ("which main fails too since 93b17dcdd9 set the version"), not where a run happened; one in a header cell
    names the build its column was measured on ("| base (`a1b2c3d4e5`) | this branch |")."""
    if has_hex_run(" ".join(table.header)):
        first = _first_lines(ctx)
        for cell in table.header:
            for sha, _start, _end in shas_in(cell):
                if first.get(sha, table.header_line) < table.header_line:
                    continue  # named above ("Two builds from base 3f08ef2c5"): that line's commit claim
                # (a header wrapped over lines, joined with "<br/>": the sha on the line that prints it)
                at = table.header_line if sha in ctx.doc.line(table.header_line).lower() else first.get(sha, 0)
                if not at:
                    continue
                yield ctx.claim(
                    "commit",
                    at,
                    _as_printed(ctx.doc.line(at), cell.strip()[:120], sha),
                    sha=sha,
                    note="the build the column was measured on",
                )
    columns = {i for i, h in enumerate(table.header) if i and _COMMIT_COLUMN_RE.fullmatch(h.strip("`*_ "))}
    listed: set[str] = set()  # (the row above's commit column: rows of one build, "ab12cd3" on each, name it once)
    for row in table.rows:
        if not has_hex_run(row.text):
            continue  # no sha in the row's text, so none in its cells
        if row.cells:
            built = list(_build_cells(row, columns, ctx, listed))
            listed = {sha for i in columns if i < len(row.cells) for sha, _s, _e in shas_in(row.cells[i])}
            yield from built
            for pm in _PINNED_RE.finditer(row.cells[0]):
                sha = pm.group(1).lower()
                if is_sha(sha) and all(c.sha != sha for c in built):
                    yield ctx.claim(
                        "commit",
                        row.line,
                        row.cells[0].strip()[:120],
                        sha=sha,
                        note="the build the row was measured on",
                    )
        engine_row = bool(row.cells) and engine_named(row.cells[0].strip("`*_ ")) is not None
        for i, cell in enumerate(row.cells[1:], 1):
            if i in columns or _source_row(row.cells[0]):
                continue  # (_build_cells)
            for sha, start, end in shas_in(cell):
                if _LOCATION_BEFORE_RE.search(cell[max(0, start - 20) : start]) or _CI_COMMIT_RE.search(cell):
                    continue
                if engine_row and ENGINE_COMMIT_RE.search(cell[max(0, start - 12) : end]):
                    # "| vLLM | branch `x`, commit `f4bdadbb06` |": the build an environment table names
                    yield ctx.claim("commit", row.line, cell.strip()[:120], sha=sha, note="the engine's build")
                    continue
                if not _WORD_AFTER_RE.match(cell[end : end + 20]):
                    continue  # a bare sha with no verb after it
                yield ctx.claim(
                    "commit",
                    row.line,
                    cell[max(0, start - 6) : end + 40].strip()[:120],
                    sha=sha,
                    note=cell[end : end + 80].strip() or None,
                )


def _source_row(label: str) -> bool:
    """The row's label names the code each column ran ("SGLang source", "Commit"), not a model's or image's hash."""
    return _SOURCE_ROW_RE.search(label) is not None and _NOT_CODE_ROW_RE.search(label) is None


def _build_cells(row: Row, columns: set[int], ctx: Context, listed: set[str]) -> Iterator[Claim]:
    """The commits of a commit column's cells and of a source row's cells, each once a row; a commit column's, once
    a run of rows on that commit (`listed`: those the row above named)."""
    source = _source_row(row.cells[0])
    seen: set[str] = set()
    for i, cell in enumerate(row.cells[1:], 1):
        if i not in columns and not source:
            continue
        for sha, _start, _end in shas_in(cell):
            if sha not in seen and (source or sha not in listed):
                seen.add(sha)
                note = "the build the column was measured on" if source else "the build the row was measured on"
                yield ctx.claim("commit", row.line, cell.strip()[:120], sha=sha, note=note)


def _as_printed(line: str, cell: str, sha: str) -> str:
    """The text a header's commit claim points at: its cell as the line prints it, else the sha as printed there."""
    if cell in line:
        return cell
    at = line.lower().find(sha)
    return line[at : at + len(sha)] if at >= 0 else sha


_HEX_WORD_RE = re.compile(r"(?<![0-9a-f])[0-9a-f]{7,40}(?![0-9a-f])")


def _first_lines(ctx: Context) -> dict[str, int]:
    """Each hex run of the document -> the first line that prints it (read once per document)."""
    got = ctx.memo.get(NAME + ".first_lines")
    if got is None:
        got = {}
        for no, line in enumerate(ctx.doc.lines, 1):
            if has_hex_run(line.lower()):
                for m in _HEX_WORD_RE.finditer(line.lower()):
                    got.setdefault(m.group(0), no)
        ctx.memo[NAME + ".first_lines"] = got
    return got

"""The ledger's schema, built only through migrations (sqlite-utils' `Migrations`).

Every schema change is a new migration appended to `MIGRATIONS`, never an edit of an applied one.
`SCHEMA_VERSION` is the number of migrations this code knows; it is also written to
`PRAGMA user_version` so a newer database is recognised (and refused) before anything is written.

    documents           one per source identity (a PR "owner/name#N", a URL, or a file path)
    document_versions   one per distinct text of a document (content sha256); old versions stay
    sections            headings and comment authors of a version, with their lines
    revisions           revision labels (label, head, base) in force in a version
    claims              every claims-contract field, flattened; config/section as JSON text
    claims_fts          FTS5 index over claim text, metric, note and section, declared as sqlite-utils
                        declares it (filled per version by ledger/db/writes.py; delete and update triggers keep
                        it in step)
    pr_claims, metric_values, support_cells, ci_runs
                        views: the canned questions (see VIEWS)
    claim_setup         each claim's canonical setup, one row per key (migration 0014; setup_rules: the rules'
                        version its rows were made with)
    reextract_runs      an unfinished `ledger reextract --all` (migration 0015, with document_versions.extracted_at)
    warnings            parse and decode warnings of a version: line (NULL: the whole text) and message
    github_heads        the head/base sha GitHub reported for a fetched PR (one row per distinct pair)
    http_cache          ETag / Last-Modified per fetched URL, for conditional requests
    pr_commits          the commits of a fetched PR (to resolve the shas its text states)

documents.engine is the engine a document speaks for (migration 0007); claims.engine the one a claim does.
"""

from __future__ import annotations

from sqlite_utils import Database, Migrations

MIGRATION_SET = "ledger"

migrations = Migrations(MIGRATION_SET)

_INITIAL = [
    """CREATE TABLE documents (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,            -- identity: 'owner/name#N', '#N', a URL or 'path:<path>'
        repo TEXT,                           -- owner/name
        pr INTEGER,                          -- pull-request number
        url TEXT,
        title TEXT,
        path TEXT,                           -- the file path, for documents named by path
        created_at TEXT NOT NULL,
        latest_version_id INTEGER            -- the newest version (claims queries default to it)
    )""",
    "CREATE INDEX idx_documents_repo_pr ON documents (repo, pr)",
    "CREATE INDEX idx_documents_pr ON documents (pr)",
    """CREATE TABLE document_versions (
        id INTEGER PRIMARY KEY,
        document_id INTEGER NOT NULL REFERENCES documents(id),
        version INTEGER NOT NULL,            -- 1, 2, ... in ingestion order within the document
        sha256 TEXT NOT NULL,                -- of the decoded text (UTF-8)
        ingested_at TEXT NOT NULL,           -- ISO 8601, UTC
        parser_version TEXT NOT NULL,        -- the extractor registry: 'name/version;...'
        format TEXT,                         -- markdown | rendered
        source_path TEXT,                    -- the file this text was read from ('-' for stdin)
        n_lines INTEGER NOT NULL,
        n_claims INTEGER NOT NULL,
        text TEXT NOT NULL,                  -- the text itself, so provenance can always be shown
        UNIQUE (document_id, sha256),
        UNIQUE (document_id, version)
    )""",
    "CREATE INDEX idx_versions_sha ON document_versions (sha256)",
    """CREATE TABLE sections (
        id INTEGER PRIMARY KEY,
        version_id INTEGER NOT NULL REFERENCES document_versions(id),
        line INTEGER NOT NULL,
        kind TEXT NOT NULL,                  -- heading | comment
        level INTEGER NOT NULL,
        title TEXT NOT NULL,
        path TEXT NOT NULL                   -- JSON list: the heading path down to this section
    )""",
    "CREATE INDEX idx_sections_version ON sections (version_id, line)",
    """CREATE TABLE revisions (
        id INTEGER PRIMARY KEY,
        version_id INTEGER NOT NULL REFERENCES document_versions(id),
        label TEXT,
        head TEXT,
        base TEXT,
        line INTEGER,                        -- the label line (NULL: named only by claims)
        line_end INTEGER
    )""",
    "CREATE INDEX idx_revisions_version ON revisions (version_id)",
    "CREATE INDEX idx_revisions_head ON revisions (head)",
    """CREATE TABLE claims (
        id INTEGER PRIMARY KEY,
        document_id INTEGER NOT NULL REFERENCES documents(id),
        version_id INTEGER NOT NULL REFERENCES document_versions(id),
        ordinal INTEGER NOT NULL,            -- position in the document's extraction order
        kind TEXT NOT NULL,
        metric TEXT,
        value,                               -- no affinity: numbers stay numbers, 'yes' stays text
        high REAL,
        approx INTEGER NOT NULL DEFAULT 0,
        unit TEXT,
        reference REAL,
        outcome TEXT,
        outcome_text TEXT,
        sha TEXT,
        passed INTEGER,
        failed INTEGER,
        skipped INTEGER,
        subject TEXT,
        feature TEXT,
        revision_id INTEGER REFERENCES revisions(id),
        revision_label TEXT,
        revision_head TEXT,
        revision_base TEXT,
        config TEXT NOT NULL DEFAULT '{}',   -- JSON object of strings
        source_path TEXT,
        line INTEGER NOT NULL,
        line_end INTEGER NOT NULL,
        text TEXT NOT NULL,
        section TEXT NOT NULL DEFAULT '[]',  -- JSON list
        stderr REAL,
        printed TEXT,
        note TEXT,
        parser TEXT,
        extra TEXT                           -- JSON object: claim fields added after this schema
    )""",
    "CREATE INDEX idx_claims_version ON claims (version_id, ordinal)",
    "CREATE INDEX idx_claims_document ON claims (document_id)",
    "CREATE INDEX idx_claims_kind ON claims (kind)",
    "CREATE INDEX idx_claims_metric ON claims (metric COLLATE NOCASE)",
    "CREATE INDEX idx_claims_revision_head ON claims (revision_head)",
    "CREATE INDEX idx_claims_subject ON claims (subject COLLATE NOCASE)",
    """CREATE TABLE warnings (
        id INTEGER PRIMARY KEY,
        version_id INTEGER NOT NULL REFERENCES document_versions(id),
        line INTEGER,
        message TEXT NOT NULL
    )""",
    "CREATE INDEX idx_warnings_version ON warnings (version_id)",
    """CREATE VIRTUAL TABLE claims_fts USING fts5(
        text, metric, note, section, content='claims', content_rowid='id',
        tokenize='unicode61 remove_diacritics 2'
    )""",
    """CREATE TRIGGER claims_fts_ai AFTER INSERT ON claims BEGIN
        INSERT INTO claims_fts (rowid, text, metric, note, section)
        VALUES (new.id, new.text, new.metric, new.note, new.section);
    END""",
    """CREATE TRIGGER claims_fts_ad AFTER DELETE ON claims BEGIN
        INSERT INTO claims_fts (claims_fts, rowid, text, metric, note, section)
        VALUES ('delete', old.id, old.text, old.metric, old.note, old.section);
    END""",
    """CREATE TRIGGER claims_fts_au AFTER UPDATE ON claims BEGIN
        INSERT INTO claims_fts (claims_fts, rowid, text, metric, note, section)
        VALUES ('delete', old.id, old.text, old.metric, old.note, old.section);
        INSERT INTO claims_fts (rowid, text, metric, note, section)
        VALUES (new.id, new.text, new.metric, new.note, new.section);
    END""",
]


@migrations(name="0001_initial")
def m0001_initial(db: Database) -> None:
    # One statement at a time: executescript() would COMMIT the migration's transaction midway.
    for statement in _INITIAL:
        db.execute(statement)
    db.execute("PRAGMA user_version = 1")


@migrations(name="0002_reference_values")
def m0002_reference_values(db: Database) -> None:
    # Registered accuracy references (`ledger references import`), checked by `ledger compare`.
    db.execute("""CREATE TABLE reference_values (
        id INTEGER PRIMARY KEY,
        benchmark TEXT NOT NULL,             -- canonical metric: gsm8k, mmlu, ...
        model TEXT NOT NULL,                 -- as the file names it: 'deepseek-ai/DeepSeek-V3-Lite'
        config TEXT NOT NULL DEFAULT '{}',   -- JSON: quant, kv_cache, spec_algo, draft_len, extra
        accuracy REAL NOT NULL,
        source TEXT,                         -- the file name it was imported from
        imported_at TEXT NOT NULL
    )""")
    db.execute("CREATE INDEX idx_reference_values_model ON reference_values (benchmark, model COLLATE NOCASE)")
    db.execute("PRAGMA user_version = 2")


@migrations(name="0003_github_fetch")
def m0003_github_fetch(db: Database) -> None:
    # `ledger fetch`: pull-request metadata, comments linked to their PR, edit times of versions,
    # GitHub's head/base at fetch time, and the ETags of conditional requests (never a token).
    for column in (
        "author TEXT",
        "state TEXT",
        "merged_at TEXT",
        "labels TEXT",
        "authored_at TEXT",
        "head_sha TEXT",
        "base_sha TEXT",
        "fetched_at TEXT",
        "kind TEXT",  # pr | comment (NULL: ingested from a file)
        "parent_id INTEGER REFERENCES documents(id)",
    ):  # a comment's pull request
        db.execute(f"ALTER TABLE documents ADD COLUMN {column}")
    db.execute("CREATE INDEX idx_documents_parent ON documents (parent_id)")
    for column in ("edited_at TEXT", "editor TEXT"):  # when and by whom this text was written on GitHub
        db.execute(f"ALTER TABLE document_versions ADD COLUMN {column}")
    db.execute("""CREATE TABLE github_heads (
        id INTEGER PRIMARY KEY,
        document_id INTEGER NOT NULL REFERENCES documents(id),
        head_sha TEXT NOT NULL,              -- what GitHub said the PR's head was when fetched
        base_sha TEXT,
        head_ref TEXT,
        base_ref TEXT,
        first_seen_at TEXT NOT NULL,
        UNIQUE (document_id, head_sha, base_sha)
    )""")
    db.execute("""CREATE TABLE http_cache (
        url TEXT PRIMARY KEY,                -- the request URL (no credentials are ever part of it)
        etag TEXT,
        last_modified TEXT,
        next_url TEXT,                       -- the Link rel="next" of that page, to walk on after a 304
        note TEXT,                           -- what the stored response covered ('history', 'body')
        stored_at TEXT NOT NULL
    )""")
    db.execute("PRAGMA user_version = 3")


@migrations(name="0004_pr_commits")
def m0004_pr_commits(db: Database) -> None:
    # The commits of a fetched PR, so a sha its text states can be resolved: one of the PR's commits
    # (which, and whether it is still in the PR after a force push) or not one of them.
    db.execute("""CREATE TABLE pr_commits (
        id INTEGER PRIMARY KEY,
        document_id INTEGER NOT NULL REFERENCES documents(id),
        sha TEXT NOT NULL,
        position INTEGER NOT NULL,           -- 1 = oldest, in the list GitHub gave when last fetched
        current INTEGER NOT NULL DEFAULT 1,  -- 0: no longer in the PR (force-pushed away)
        committed_at TEXT,
        author TEXT,
        message TEXT,                        -- the first line
        first_seen_at TEXT NOT NULL,
        UNIQUE (document_id, sha)
    )""")
    db.execute("CREATE INDEX idx_pr_commits_sha ON pr_commits (sha)")
    db.execute("PRAGMA user_version = 4")


@migrations(name="0005_fts_per_version")
def m0005_fts_per_version(db: Database) -> None:
    # A trigger per inserted claim made the full-text index the costliest part of a write; the writer
    # now fills it with one INSERT ... SELECT per version (ledger/db/writes.py), the same rows.
    db.execute("DROP TRIGGER IF EXISTS claims_fts_ai")
    db.execute("PRAGMA user_version = 5")


@migrations(name="0006_metric_in_claim_order")
def m0006_metric_in_claim_order(db: Database) -> None:
    # `claims --metric X` pages through a metric's claims in document order: with the order in the
    # index SQLite reads the first page and stops, instead of sorting every claim of the metric
    # (the first 50 gsm8k claims of a 10k-document ledger: 8.3 ms -> 0.05 ms). It replaces the
    # metric-only index, so a write maintains as many indexes as before.
    db.execute(
        "CREATE INDEX idx_claims_metric_order ON claims (metric COLLATE NOCASE, document_id, version_id, ordinal)"
    )
    db.execute("DROP INDEX IF EXISTS idx_claims_metric")
    db.execute("PRAGMA user_version = 6")


@migrations(name="0007_claim_stddev")
def m0007_claim_stddev(db: Database) -> None:
    # A standard deviation printed beside a value (a "Std" column, "± σ") is part of the claim, and
    # compare's noise model reads it; a column of its own keeps the read path free of `extra` JSON.
    db.execute("ALTER TABLE claims ADD COLUMN stddev REAL")
    db.execute("PRAGMA user_version = 7")


@migrations(name="0008_github_sync")
def m0008_github_sync(db: Database) -> None:
    # `ledger fetch OWNER/REPO` reads a repository's PRs through GraphQL, newest update first: where a
    # sync ended (the newest updatedAt of its last complete pass) and where an unfinished pass stopped
    # (its cursor, and the newest updatedAt when it began), per repository and --state. With each PR,
    # the updatedAt GitHub gave, so an unchanged PR is known without reading it again.
    db.execute("ALTER TABLE documents ADD COLUMN github_updated_at TEXT")
    db.execute("""CREATE TABLE github_sync (
        repo TEXT NOT NULL,                  -- owner/name, as given
        scope TEXT NOT NULL,                 -- the --state: open, closed, merged or all
        newest_updated_at TEXT,              -- every PR updated at or after this was read by a complete pass
        cursor TEXT,                         -- an unfinished pass: GitHub's cursor after its last stored page
        cursor_top TEXT,                     -- ... and the newest updatedAt when that pass began
        synced_at TEXT NOT NULL,
        PRIMARY KEY (repo, scope)
    )""")
    db.execute("PRAGMA user_version = 8")


@migrations(name="0009_engine_identity")
def m0009_engine_identity(db: Database) -> None:
    # Which engine a document speaks for (--engine, its repository's, its URL's, or what its text says) and,
    # for a file of a repository, its path there. A claim carries the engine it speaks for (a matrix may have
    # a column per engine) and, for support rows, the architecture and model names given beside the subject.
    for column in ("engine TEXT", "repo_path TEXT"):
        db.execute(f"ALTER TABLE documents ADD COLUMN {column}")
    for column in ("engine TEXT", "architecture TEXT", "models TEXT"):
        db.execute(f"ALTER TABLE claims ADD COLUMN {column}")
    db.execute("CREATE INDEX idx_documents_engine ON documents (engine)")
    db.execute("PRAGMA user_version = 9")


CLAIMS_FTS_SQL = """CREATE VIRTUAL TABLE "claims_fts" USING FTS5 (
    "text", "metric", "note", "section",
    tokenize='unicode61 remove_diacritics 2',
    content="claims"
)"""
"""The full-text index exactly as sqlite-utils' `Table.enable_fts` declares it (tests/test_web_schema.py
compares the two), so `sqlite-utils search`, `Table.search` and datasette's `_search` find it: they look for
`content="claims"` or `content=[claims]`, never the `content='claims'` of migration 0001."""


@migrations(name="0010_claims_fts_as_sqlite_utils")
def m0010_claims_fts_as_sqlite_utils(db: Database) -> None:
    # Same columns, tokenizer and rowids (claims.id is the rowid), so the writer's INSERT ... SELECT per version
    # and the delete/update triggers of 0001 keep working unchanged; 'rebuild' refills it from the claims.
    db.execute("DROP TABLE claims_fts")
    db.execute(CLAIMS_FTS_SQL)
    db.execute("INSERT INTO claims_fts (claims_fts) VALUES ('rebuild')")
    db.execute("PRAGMA user_version = 10")


VIEWS: dict[str, str] = {
    "pr_claims": """SELECT c.id AS claim_id, COALESCE(p.key, d.key) AS pr_document, d.key AS document,
        d.id AS document_id, d.repo, d.pr, v.version, c.kind, c.metric, c.value, c.high, c.unit, c.reference,
        c.outcome, c.outcome_text, c.passed, c.failed, c.skipped, c.subject, c.feature,
        c.revision_label AS revision, c.revision_head AS head, c.revision_base AS base, c.config,
        c.line, c.line_end, c.text, c.section
    FROM claims c JOIN documents d ON d.id = c.document_id JOIN document_versions v ON v.id = c.version_id
        LEFT JOIN documents p ON p.id = d.parent_id
    WHERE d.pr IS NOT NULL AND c.version_id = d.latest_version_id""",
    "metric_values": """SELECT c.id AS claim_id, d.key AS document, d.id AS document_id, d.repo, d.pr, v.version,
        c.version_id = d.latest_version_id AS latest, c.revision_label AS revision, c.revision_head AS head,
        c.kind, c.metric, c.value, c.high, c.approx, c.unit, c.reference, c.stderr, c.stddev, c.config, c.line, c.text
    FROM claims c JOIN documents d ON d.id = c.document_id JOIN document_versions v ON v.id = c.version_id
    WHERE c.kind IN ('accuracy', 'acceptance', 'perf') AND typeof(c.value) IN ('integer', 'real')""",
    "support_cells": """SELECT c.id AS claim_id, d.key AS document, d.id AS document_id, d.repo, v.version,
        c.subject, c.feature, COALESCE(c.value, c.outcome_text) AS value, c.note, c.line, c.text, c.section
    FROM claims c JOIN documents d ON d.id = c.document_id JOIN document_versions v ON v.id = c.version_id
    WHERE c.kind = 'support' AND c.version_id = d.latest_version_id""",
    "ci_runs": """SELECT c.id AS claim_id, COALESCE(p.key, d.key) AS pr_document, d.key AS document,
        d.id AS document_id, v.version, c.revision_head AS sha, c.metric AS gate, c.outcome, c.outcome_text,
        c.line, c.text
    FROM claims c JOIN documents d ON d.id = c.document_id JOIN document_versions v ON v.id = c.version_id
        LEFT JOIN documents p ON p.id = d.parent_id
    WHERE c.kind = 'gate' AND lower(c.revision_label) = 'ci' AND c.version_id = d.latest_version_id""",
}
"""The canned questions as views, so `ledger sql`, datasette's table pages and the web read the same SQL:

    pr_claims       the newest version's claims of pull requests and their comments (`pr_document`: the PR)
    metric_values   every numeric accuracy, acceptance and perf value of every version (`latest`: 1 or 0)
    support_cells   support-matrix cells of the newest versions (with their engine since 0012)
    ci_runs         CI-bot runs: the commit (`sha`) each gate ran on and its outcome
Each row names its claim (`claim_id`) and where it stands (`document_id`, `version`, `line`)."""


@migrations(name="0011_views")
def m0011_views(db: Database) -> None:
    for name, select in VIEWS.items():
        db.execute(f"CREATE VIEW {name} AS {select}")
    db.execute("PRAGMA user_version = 11")


SUPPORT_CELLS_WITH_ENGINE = """SELECT c.id AS claim_id, d.key AS document, d.id AS document_id, d.repo, v.version,
        COALESCE(c.engine, d.engine) AS engine, c.subject, c.feature, COALESCE(c.value, c.outcome_text) AS value,
        c.note, c.line, c.text, c.section
    FROM claims c JOIN documents d ON d.id = c.document_id JOIN document_versions v ON v.id = c.version_id
    WHERE c.kind = 'support' AND c.version_id = d.latest_version_id"""


@migrations(name="0012_support_cells_engine")
def m0012_support_cells_engine(db: Database) -> None:
    # Each cell's engine (the claim's, else its document's: migration 0009), so datasette's table of the view
    # shows engines side by side and facets by them.
    db.execute("DROP VIEW support_cells")
    db.execute(f"CREATE VIEW support_cells AS {SUPPORT_CELLS_WITH_ENGINE}")
    db.execute("PRAGMA user_version = 12")


@migrations(name="0013_warning_message_without_line")
def m0013_warning_message_without_line(db: Database) -> None:
    # A warning's line has its own column; before ParseWarning its message began with it again ("line 7: ...").
    # Those messages lose the prefix, so old versions' warnings read like new ones.
    db.execute("""UPDATE warnings SET message = substr(message, length('line ' || line || ': ') + 1)
        WHERE line IS NOT NULL AND substr(message, 1, length('line ' || line || ': ')) = 'line ' || line || ': '""")
    db.execute("PRAGMA user_version = 13")


@migrations(name="0014_claim_setup")
def m0014_claim_setup(db: Database) -> None:
    # Each claim's canonical setup (ledger/vocab/canonical.py, as compare reads it), so `claims --config` finds
    # "H100 SXM 80GB" and "H100-80GB-HBM3" by gpu=h100 with an index; config keeps the printed text.
    from ledger.db.setup import rebuild_setups

    db.execute("""CREATE TABLE claim_setup (
        claim_id INTEGER NOT NULL REFERENCES claims(id) ON DELETE CASCADE,
        key TEXT NOT NULL,                   -- a canonical setup key: model, gpu, gpu_count, tp, isl, quant, ...
        value TEXT NOT NULL,                 -- its canonical value: h100, llama3.1-8b-instruct, 8192, fp8
        PRIMARY KEY (claim_id, key)
    ) WITHOUT ROWID""")
    db.execute("CREATE INDEX idx_claim_setup_value ON claim_setup (key, value, claim_id)")
    db.execute("CREATE TABLE setup_rules (version INTEGER NOT NULL)")  # the canonical rules' SETUP_RULES_VERSION
    rebuild_setups(db)
    db.execute("PRAGMA user_version = 14")


@migrations(name="0015_reextract")
def m0015_reextract(db: Database) -> None:
    # `ledger reextract` rewrites a stored version's claims: when that last happened (NULL: when it was ingested), so
    # `ledger export --since` sees re-extracted and merged versions too; and where an unfinished `reextract --all`
    # began, so a run killed midway is finished by the next instead of started again.
    db.execute("ALTER TABLE document_versions ADD COLUMN extracted_at TEXT")
    db.execute("""CREATE TABLE reextract_runs (
        mode TEXT PRIMARY KEY,               -- all (an --older run needs no record: what it did is current)
        parser_version TEXT NOT NULL,        -- the extractors the run writes with
        started_at TEXT NOT NULL             -- versions extracted before this are still to do
    )""")
    db.execute("PRAGMA user_version = 15")


MIGRATION_NAMES: tuple[str, ...] = tuple(m.name for m in migrations._migrations)
SCHEMA_VERSION = len(MIGRATION_NAMES)
"""The schema version this code writes; a database with a higher one is refused."""

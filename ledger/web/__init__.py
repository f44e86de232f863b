"""The ledger on the web: a datasette plugin over the same SQLite file, read-only.

    ledger serve --db ledger.db              datasette with the ledger's pages, on 127.0.0.1:8001
    datasette ledger.db                      the same pages: the plugin is registered as an entry point

Modules: `plugin` (datasette's hooks: routes, read-only connections, writes refused, claim links in tables;
its `templates/` extend datasette's base), `views` (one handler per page), `data` (what each page shows,
from the library functions the CLI calls), `svg` (charts drawn on the server), `server` (building the
datasette instance for `ledger serve`). datasette is imported only by `plugin`, `views` and `server`.
"""

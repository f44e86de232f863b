#!/usr/bin/env bash
# The report step of action.yml: `ledger report` with the action's inputs (given through the environment, never
# pasted into this script), its outputs for later steps, the job summary, and the sticky comment.
#   env: LEDGER, PY (the action's venv), OUT (a folder), PR_REF, THRESHOLD, SAMPLES, Z, CONFIG, COMMENT_ON,
#        FAIL, HISTORY_DAYS, and GH_TOKEN / LEDGER_GITHUB_API / LEDGER_DB as `ledger` reads them.
set -euo pipefail
mkdir -p "$OUT"
args=()
items() {  # one override per line or comma-separated, blanks dropped
  printf '%s\n' "$1" | tr ',' '\n' | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' | grep -v '^$' || true
}
while IFS= read -r t; do args+=(--threshold "$t"); done < <(items "$THRESHOLD")
while IFS= read -r s; do args+=(--samples "$s"); done < <(items "$SAMPLES")
if [ -n "$Z" ]; then args+=(--z "$Z"); fi
if [ -n "$CONFIG" ]; then args+=(--config "${GITHUB_WORKSPACE:-.}/$CONFIG"); fi
if [ "$HISTORY_DAYS" != 0 ]; then args+=(--history --history-days "$HISTORY_DAYS"); fi

code=0
"$LEDGER" report "$PR_REF" --format json "${args[@]}" > "$OUT/report.json" || code=$?
if [ "$code" = 3 ]; then  # nothing to report: said in the summary, no comment
  printf '<!-- ledger-report -->\n### ledger report: %s: nothing to report\n' "$PR_REF" >> "$GITHUB_STEP_SUMMARY"
  printf 'regressions=0\nbelow-reference=0\ncomment-url=\n' >> "$GITHUB_OUTPUT"
  exit 0
elif [ "$code" != 0 ]; then
  exit "$code"
fi
"$PY" - "$OUT/report.json" >> "$GITHUB_OUTPUT" <<'PY'
import json
import sys

with open(sys.argv[1], encoding="utf-8") as f:
    report = json.load(f)
history = (report.get("history") or {}).get("entries") or []
print(f"regressions={len(report['regressions']) + sum(e['verdict'] == 'regression' for e in history)}")
print(f"below-reference={len(report['below_reference'])}")
PY

fail=()
if [ "$FAIL" = true ]; then fail=(--fail-on-regression); fi
"$LEDGER" report "$PR_REF" --format markdown "${args[@]}" --post --comment-on "$COMMENT_ON" "${fail[@]}" \
  > "$OUT/report.md" 2> "$OUT/post.txt" || code=$?
cat "$OUT/post.txt" >&2
cat "$OUT/report.md" >> "$GITHUB_STEP_SUMMARY"
url=$(sed -n -e 's/^\(ledger: \)\{0,1\}comment \(created\|updated\|unchanged\): //p' "$OUT/post.txt" | head -n 1)
printf 'comment-url=%s\n' "$url" >> "$GITHUB_OUTPUT"
exit "$code"

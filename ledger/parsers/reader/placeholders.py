"""The setting a placeholder stands for: a test plan's command written once with `<dtype>` in a flag's place
(`--kv-cache-dtype=<dtype>`, `"kv_cache_dtype": <dtype>`), its results each led in by the value it took
("with `<dtype>="fp8"`:"). The lead-in names the setting by the placeholder, so it is read as the flag's key."""

from __future__ import annotations

import re

from ledger.vocab.setup_keys import canonical_key_name

# a flag, a JSON key or a setting given a placeholder: "--kv-cache-dtype=<dtype>", '"kv_cache_dtype": <dtype>'
_BOUND_RE = re.compile(
    r"(?:--(?P<flag>[a-z][a-z0-9-]{0,40})[ =]|[\"'](?P<json>[a-z][a-z0-9_]{0,40})[\"']\s{0,2}:\s{0,2}"
    r"|(?<![\w<-])(?P<key>[a-z][a-z0-9_]{0,40})=)[\"']?<(?P<name>[A-Za-z_][\w-]{0,30})>"
)
# a placeholder given its value in a lead-in: `<dtype>="auto"`
_GIVEN_RE = re.compile(r"<(?P<name>[A-Za-z_][\w-]{0,30})>(?=\s{0,2}=)")


def placeholder_keys(lines: list[str]) -> dict[str, str]:
    """Placeholder name -> the setting key its commands give it; a placeholder two settings take (`--model <m>`
    beside `--tokenizer <m>`) stands for neither."""
    keys: dict[str, str] = {}
    torn: set[str] = set()
    for line in lines:
        if "<" not in line:
            continue
        for m in _BOUND_RE.finditer(line[:2000]):
            key = (m["flag"] or m["json"] or m["key"]).replace("-", "_")
            name = m["name"]
            if name in keys and canonical_key_name(keys[name]) != canonical_key_name(key):
                torn.add(name)
            keys.setdefault(name, key)
    return {name: key for name, key in keys.items() if name not in torn}


def named_placeholders(text: str, keys: dict[str, str]) -> str:
    """`text` with each placeholder given a value ("<dtype>=") spelled as the setting it stands for."""
    if not keys or "<" not in text:
        return text
    return _GIVEN_RE.sub(lambda m: keys.get(m["name"], m.group(0)), text)

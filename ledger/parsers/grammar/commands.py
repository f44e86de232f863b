"""What a command line sets up: its known flags (`--tp 8`, `--model X`), lm_eval's model_args, and the shell
variables a document exports for them (`--model-path $MODEL_PATH`)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping

from ledger.memo import short_text_cache
from ledger.parsers.grammar.eval_commands import named_eval
from ledger.parsers.grammar.eval_headers import eval_header_setup
from ledger.parsers.grammar.llama_flags import LLAMA_TOOL_RE, llama_tool_flags
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.grammar.shell_variables import expand_variables
from ledger.parsers.reader.document import Document
from ledger.vocab.canonical import NUMERIC_KEYS
from ledger.vocab.env_switches import ENV_KEY, engine_toggles
from ledger.vocab.flags import (
    ARG_KEYS,
    CLIENT_FLAG_KEYS,
    EVAL_CAP_KEY,
    EVAL_CLIENT_FLAG_KEYS,
    OBJECT_FIELD_KEYS,
    PERPLEXITY_FLAGS,
    SERVER_COMMAND_RE,
    SHORT_FLAGS,
    TOKEN_DIST_KEYS,
    arg_value,
    capped_eval,
    eagle_config,
    flag_key,
    name_loaded_dataset,
    names_perplexity_tool,
    request_extras,
    runs_eval,
    scored_text,
)
from ledger.vocab.metrics import named_benchmark
from ledger.vocab.model_spellings import checkpoint_folder, folder_checkpoint, hub_id_in_folder
from ledger.vocab.models import file_model, gguf_type, title_family
from ledger.vocab.setup import config_key, is_config_label, model_names, qualifiers, setup_label_key
from ledger.vocab.setup_keys import SWITCH_KEYS, canonical_key_name
from ledger.vocab.setup_labels import states_rate
from ledger.vocab.switch_words import flag_switches

# --flag value / --flag=value in a command line, and lm_eval's model_args "pretrained=X,tensor_parallel_size=2"
# (the one-dash short forms too: "-tp 2", "-dcp 2", llama-batched-bench's "-npp 128", llama.cpp's "-t 64")
_FLAG_RE = re.compile(
    r"(?:^|\s)(?:--(?P<flag>[a-z][\w-]{1,40})(?:\.(?P<field>[a-z]\w{0,40}))?|-(?P<short>" + "|".join(SHORT_FLAGS) + "))"
    r"(?:=|\s+)"
    r"(?P<value>\"[^\"]{1,200}\"|'[^']{1,200}'|[^\s-][^\s]{0,200})"
)
_MODEL_FILE_RE = re.compile(r"(?:^|\s)-m\s{1,4}(?P<path>~?[\w./-]{1,200}\.(?:gguf|bin))(?![\w.])")
"""llama.cpp's tools name the model file with "-m": "llama-bench -m models/7B/ggml-model-q4_0.gguf" (a path under the
home folder, "~/models/Foo-8B-Q8_0.gguf", as well)."""
_PLACEHOLDER_RE = re.compile(r"[A-Z](?![\w.])|\$\{?[A-Za-z_]\w{0,30}\}?(?![\w.])")
_NEXT_WORD_RE = re.compile(r"[ \t]{1,4}[A-Za-z][\w.-]{0,40}(?:\s|$)")
# a second bare value after a flag's first: argparse's nargs="+" ("--batch-size 1 8 32", "--config-list 1,0,0,0
# 1,3,1,4"), a sweep whose results each say which point they are
_NEXT_VALUE_RE = re.compile(r"[ \t]{1,4}\d[\d.,]{0,40}(?:\s|$)")
# (a key of its own, not the tail of a flag's name: "--kv-cache-dtype=<kvdt>" sets no "dtype=")
_ARGS_RE = re.compile(rf"(?<![\w-])(?P<key>{'|'.join(ARG_KEYS)})=(?P<value>[^,\s()'\"<]{{1,200}})")


# the serving CLIs that take the model as their first argument: "vllm serve org/M", "trtllm-serve org/M"
_SERVE_POSITIONAL_RE = re.compile(
    r"^\s{0,8}(?:[A-Z_][A-Z0-9_]{0,30}=\S{0,200}\s{1,4}){0,6}"
    r"(?:vllm|trtllm-serve|trtllm-bench\s{1,4}-m|sglang)\s{1,4}(?:serve\s{1,4})?"
    r"(?P<model>[\w.\-]{1,100}/[\w.\-]{1,100}|\"[^\"]{1,200}\"|/[\w./-]{1,200})"
)


def command_setup(text: str, env: Mapping[str, str] | None = None) -> dict[str, str]:
    """The setup a command line states: its known flags and lm_eval's model_args. A model named only inside
    another flag's value (`--thinking-mode deepseek-v3`, `--chat-template llama-3.jinja`) is not the run's.
    A shell variable it uses (`vllm serve "$MODEL"`, `--tp ${TP}`) is what `env` (the document's `export
    MODEL=...`) assigns it; a value that is a variable `env` does not assign gives nothing."""
    text = expand_variables(text, env)
    out = {**_env_settings(text), **request_extras(text), **_command_flags(text), **eval_header_setup(text)}
    served = _SERVE_POSITIONAL_RE.match(text)
    if served and "model" not in out:
        out["model"] = hub_id_in_folder(served.group("model").strip("\"'").rstrip("/"))  # "vllm serve org/M --tp 2"
    if "served_model" in out:  # "vllm serve /data/GLM-5.3 --served-model-name glm-53": the checkpoint is the model
        alias = out.pop("served_model")
        out.setdefault("model", alias)
    for key, value in list(out.items()):
        if value.startswith("$"):
            name = value.strip("${}\"'")
            resolved = (env or {}).get(name, "")
            if resolved:
                out[key] = resolved.rstrip("/") if key == "model" else resolved
            else:
                del out[key]
    if out.get("draft_model") and out.get("draft_model") == out.get("model"):
        del out["draft_model"]  # '--speculative-config {"model": "$MODEL", "method": "mtp"}': the model's own layers
    gguf = out.get("model", "") if out.get("model", "").endswith(".gguf") and "quant" not in out else ""
    if gguf and (quant := qualifiers(gguf.rsplit("/", 1)[-1]).get("quant")) is not None:
        out["quant"] = quant  # "--model /m/Foo-8B-Q4_K_M.gguf": the file's weights are that GGUF type, as with "-m"
    if "batch_size" in out and LLAMA_TOOL_RE.search(text[:200]):
        # llama.cpp's "-b 2048": the tokens a prompt step takes, no request batch
        out["n_batch"] = out.pop("batch_size")
    if names_perplexity_tool(text[:200]):
        out.update(_scored(text))
    if "model" in out and not _names_a_model(out["model"]):
        # "--model my_adapter": the name a server gives a LoRA module or a route; the tokenizer names the checkpoint
        del out["model"]
        if (tok := _TOKENIZER_RE.search(text)) is not None and "/" in tok.group("name"):
            out["model"] = tok.group("name")
    return out


# a perplexity tool's flags: "-f wikitext-2-raw/wiki.test.raw", "-c 512", "--chunks 300"
_PPL_FLAG_RE = re.compile(r"(?:^|\s)--?(?P<flag>f|file|c|ctx-size|chunks)(?:=|\s{1,4})(?P<value>[^\s`]{1,300})")


def _scored(text: str) -> dict[str, str]:
    """The text a perplexity run scores (its dataset), its window (isl) and its count of windows (chunks)."""
    out: dict[str, str] = {}
    for m in _PPL_FLAG_RE.finditer(text[:4000]):
        key, value = PERPLEXITY_FLAGS[m.group("flag")], m.group("value")
        if key == "dataset":
            out.setdefault(key, scored_text(value))
        elif value.isdigit():
            out.setdefault(key, value)
    return out


def perplexity_scopes(doc: Document) -> list[SetupScope]:
    """A perplexity run quoted in a sentence ("`./llama-perplexity -m X.gguf -f wiki.test.raw -c 512` at abc1234
    (before)", its score on the next line or the same one): the text it scored, its window and windows hold over
    that line and the block right under it, as a fenced command's do over its output."""
    out: list[SetupScope] = []
    blocks = doc.blocks
    for k, b in enumerate(blocks):
        if b.kind not in ("text", "item") or b.in_code or not names_perplexity_tool(b.text[:300]):
            continue
        if said := _scored(b.text[:4000]):
            nxt = blocks[k + 1] if k + 1 < len(blocks) else None
            out.append(SetupScope(b.start, nxt.end if nxt is not None and nxt.start - b.end <= 1 else b.end, said))
    return out


_TOKENIZER_RE = re.compile(r"(?:^|\s)--tokenizer(?:=|\s{1,4})(?P<name>[\w./-]{1,200})")


def _names_a_model(name: str) -> bool:
    """A checkpoint's name has a size, a version or an owner ("acme/Base-30B", "qwen3", "mistral"); "my_adapter",
    "default" and "test_lora_model" are aliases a server was given."""
    return any(ch.isdigit() for ch in name) or "/" in name or bool(title_family(name))


# "VLLM_ATTENTION_BACKEND=FLASHINFER_MLA vllm serve ...": the variables set before a command, by its own prefix (the
# command quoted inline in a sentence or a line of its own, "`VLLM_...=X lm_eval ...`", or after a prompt, "$ ...")
_ENV_PREFIX_RE = re.compile(
    r"\s{0,8}(?:`{1,3}\s{0,2})?(?:\$\s{1,4})?(?:env\s{1,4})?((?:[A-Z][A-Z0-9_]{1,60}=[^\s=]{1,80}\s{1,4}){1,8})"
)
_ENV_PAIR_RE = re.compile(r"([A-Z][A-Z0-9_]{1,60})=([^\s=]{1,80})")


def _env_settings(text: str) -> dict[str, str]:
    """The settings the variables before a command give, read as the flag their name ends with
    (`VLLM_ATTENTION_BACKEND` is `--attention-backend`): a variable the vocabulary knows no flag of gives none."""
    m = _ENV_PREFIX_RE.match(text)
    out: dict[str, str] = {}
    switches: list[tuple[str, str]] = []
    for name, value in _ENV_PAIR_RE.findall(m.group(1)) if m else ():
        words = name.lower().split("_")
        for i in range(1, len(words)):  # the longest known tail: a tool's prefix ("VLLM_", "SGLANG_") dropped
            key = flag_key("-".join(words[i:]), value)
            if key:
                out.setdefault(key, value.strip("\"'"))
                break
        else:
            switches.append((name, value.strip("\"'")))
    if toggles := engine_toggles(switches):
        out[ENV_KEY] = toggles  # "SGLANG_ENABLE_SPEC_V2=1 python -m sglang.launch_server": this command's path
    return out


# one of those keys with a plain string or count ('"num_speculative_tokens": 3'), in an object JSON cannot read
_JSON_PAIR_RE = re.compile(
    r'\\?"(?P<key>method|num_speculative_tokens|model)\\?"\s{0,4}:\s{0,4}(?:\\?"(?P<text>[^"\\\s]{1,200})\\?"|(?P<count>\d{1,4})\b)'
)


def _json_settings(value: str) -> dict[str, str]:
    """The settings a flag's JSON object states ('{"method":"mtp","num_speculative_tokens":2}'); {} for any other."""
    try:
        obj = json.loads(value.strip("'\"") if value[:1] == "'" else value[1:-1].replace('\\"', '"'))
    except ValueError:
        # a template's placeholder breaks the JSON ('"rejection_sample_method": <"strict" | "probabilistic">'): the
        # keys it spells plainly still state the run's method, length and draft
        obj = {m.group("key"): m.group("text") or m.group("count") for m in _JSON_PAIR_RE.finditer(value[:2000])}
    return _object_settings(obj) if isinstance(obj, dict) else {}


def _object_settings(obj: dict[str, object]) -> dict[str, str]:
    """The settings a flag's object states, whether written as JSON or one field at a time (vLLM's
    "--speculative-config.num_speculative_tokens 3" is '--speculative-config {"num_speculative_tokens": 3}')."""
    return {
        OBJECT_FIELD_KEYS[k]: str(v).lower() if k == "method" else str(v)
        for k, v in obj.items()
        if k in OBJECT_FIELD_KEYS and isinstance(v, (str, int)) and not isinstance(v, bool)
    }


def _flag_object(m: re.Match[str]) -> dict[str, str]:
    """The settings of a flag whose value is an object: its JSON, or the one field a dotted flag sets."""
    if m.group("field"):
        return _object_settings({m.group("field"): m.group("value").strip("\"'`")})
    return _json_settings(m.group("value"))


@short_text_cache(1024)  # the section workloads and the document default read every command line (read-only)
def _command_flags(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    harness = "lm_eval" in text or "--model_args" in text or "--model-args" in text
    rest = text[:4000]
    synthetic = "token-norm-dist" in rest
    for m in _FLAG_RE.finditer(text[:4000]):
        flag = m.group("flag") or m.group("short")
        key = flag_key(flag, m.group("value")) or (TOKEN_DIST_KEYS.get(flag) if synthetic else None)
        if key is None and not SERVER_COMMAND_RE.search(text):
            key = CLIENT_FLAG_KEYS.get(flag) or _eval_client_key(flag, text)  # ("--parallel 512": its concurrency)
        if key is not None and (m.group("value")[:1] in ("<", "{") or _PLACEHOLDER_RE.match(m.group("value"))):
            # "--max-concurrency <1 | 2 | 4>", "--num-prompts <10 * max-concurrency>", "--draft-max N", "--tp $TP",
            # "-ep {cpu or cuda}": a template's slot, which each row or column fills; "--ep $ep_size" still says the
            # run splits its experts, whatever size a table gives (a switch's size flag, a shell variable's slot)
            if key in SWITCH_KEYS and m.group("flag") and m.group("value")[:1] == "$":
                out.setdefault(key, "on")
            continue
        if key == "osl" and capped_eval(flag, text):
            key = EVAL_CAP_KEY  # "run_eval ... --max-tokens 16384": a cap on the answers, no output length
        swept = bool(_NEXT_VALUE_RE.match(text, m.end()))
        if flag == "config-list" and not swept:
            for k, v in eagle_config(m.group("value")).items():
                out.setdefault(k, v)
            continue
        if m.group("value")[:2] in ("'{", '"{') or m.group("field"):
            # --speculative-config '{"method":"mtp",...}', or its fields one at a time: --speculative-config.method mtp
            for k, v in _flag_object(m).items():
                out.setdefault(k, v)
            rest = rest.replace(m.group(0), " ", 1)  # (the draft's model is no model of the run)
            continue
        if swept and key in NUMERIC_KEYS:
            continue  # "--batch-size 1 8 32": no one batch size holds for every result
        if key == "model" and harness:
            key = "backend"  # lm_eval's --model names the client (vllm, hf, local-completions); pretrained= the model
        if key != "model":
            rest = rest.replace(m.group(0), " ", 1)
        if key == "task" and ("," in m.group("value") or _NEXT_WORD_RE.match(text, m.end())):
            continue  # "--tasks wikitext winogrande": several tasks, each result names its own
        if key in ("isl", "osl") and "," in m.group("value"):
            continue  # "-npp 128,256,512": a sweep, each row states its own length
        if key == "threads" and not m.group("value").isdigit():
            continue  # "docker exec -t box": a terminal, not threads
        if key and m.group("value").strip("\"'`").lower() == "auto":
            continue  # "--dtype auto", "--kv-cache-dtype auto": the engine's choice, which the text does not say
        if key:
            value = m.group("value").strip("\"'`")  # a command quoted in backticks ends in one
            value = checkpoint_folder(value) if key == "draft_model" else value  # (its revision's folder cut)
            out.setdefault(key, hub_id_in_folder(value.rstrip("/")) if key == "model" else value)
    for key, value in flag_switches(text[:4000]).items():
        out.setdefault(key, value)  # "--enable-dp-attention": a switch the flag turns, with no value of its own
    for m in _ARGS_RE.finditer(text[:4000]):
        key = ARG_KEYS[m.group("key")]
        if m.group("value").lower() == "auto":
            continue  # "dtype=auto": the engine's choice
        out.setdefault(key, hub_id_in_folder(m["value"].rstrip("/")) if key == "model" else arg_value(*m.groups()))
    name_loaded_dataset(out, text[:4000])
    if "task" not in out and (bench := named_eval(text)):
        out["task"] = bench  # ("benchmark/gsm8k/bench_sglang.py", "--eval gpqa": the eval the command runs)
    files = {m.group("path") for m in _MODEL_FILE_RE.finditer(text[:4000])} if "model" not in out else set()
    if len(files) == 1 and (mf := _MODEL_FILE_RE.search(text[:4000])):
        # (llama-bench's "-m a.gguf -m b.gguf" runs both: each row's label says which)
        out["model"] = file_model(mf.group("path"))  # ("/m/Foo-8B-Q4_K_M.gguf": Foo-8B, the model it holds)
        named = qualifiers(mf.group("path").rsplit("/", 1)[-1]).get("quant")
        if (quant := named or gguf_type(mf.group("path"))) is not None:
            out.setdefault("quant", quant)  # "ggml-model-Q4_K_M.gguf": the file's weights are that GGUF type
    if "spec_algo" not in out and _SPEC_SWITCH_RE.search(text[:4000]):
        out["spec_algo"] = "mtp"  # llama-server's "-mtp": it drafts with the model's own MTP layers
    for key, value in llama_tool_flags(text).items():
        out.setdefault(key, value)  # "llama-sweep-bench ... -b 4096 -ub 4096 -ngl 100": llama.cpp's one-dash flags
    if "model" not in out and len(files) < 2:
        models = model_names(rest)
        if folder := folder_checkpoint(rest, models):
            out["model"] = folder  # "convert llama2 /data/meta-llama/Llama-2-7b-chat-hf": the checkpoint it loads
        elif models:
            out["model"] = models[0]
    return out


# a switch that turns multi-token prediction on, with no value ("llama-server ... -mtp --draft-max 3")
_SPEC_SWITCH_RE = re.compile(r"(?:^|\s)--?mtp(?=\s|$)")
_TICKED_FLAG_RE = re.compile(r"`([a-z][a-z0-9]{1,20}(?:-[a-z0-9]{1,20}){1,4})[ =]([^`\s]{1,40})`")


def _eval_client_key(flag: str | None, text: str) -> str | None:
    """The key an eval runner's flag sets ("--num-threads 32": its concurrency), where `text` runs an eval or names
    the benchmark it scores."""
    key = EVAL_CLIENT_FLAG_KEYS.get(flag or "")
    return key if key is not None and (runs_eval(text) or named_benchmark(text) is not None) else None


def prose_flags(text: str, env: Mapping[str, str]) -> dict[str, str]:
    """The flags a sentence quotes ("With `--speculative-num-steps 8` I compared ...", unquoted on a copied
    page): only known flags, never a model named elsewhere in the sentence."""
    text = expand_variables(text, env)
    out: dict[str, str] = {}
    if "`" in text:
        # "with `max-num-seqs 1`, `output-len 512`": a flag quoted without its dashes, a hyphenated one only
        for tm in _TICKED_FLAG_RE.finditer(text[:4000]):
            key = flag_key(tm.group(1), tm.group(2))
            if key and key != "served_model":
                out.setdefault(key, tm.group(2))
    for key, value in llama_tool_flags(text).items() if "llama-" in text[:4000] else ():
        out.setdefault(key, value)  # "Sweep with `llama-sweep-bench -m X.gguf -b 2048 -ub 1024`": its command's
    if "--" not in text:
        return out
    for m in _FLAG_RE.finditer(text[:4000].replace("`", " ")):
        value = m.group("value").strip("\"'.,;:)")
        if m.group("field"):  # "with --speculative-config.num_speculative_tokens 2"
            for k, v in _object_settings({m.group("field"): value}).items():
                out.setdefault(k, v)
            continue
        key = flag_key(m.group("flag") or m.group("short"), value) or _eval_client_key(m.group("flag"), text)
        if key == "osl" and capped_eval(m.group("flag") or "", text):
            key = EVAL_CAP_KEY  # ("... ran run_eval with --max-tokens 12000": the eval's cap)
        if key and value and value[0] in "<>≤≥":
            continue  # "for `--draft-max > 1`": a bound on the runs a sentence speaks of, no one setting
        if key and value and not value.startswith("$") and not _PLACEHOLDER_RE.fullmatch(value):
            out.setdefault(key, value)
        elif key and value.startswith("$") and env.get(value.strip("${}")):
            out.setdefault(key, env[value.strip("${}")])
    if "served_model" in out:
        out.setdefault("model", out.pop("served_model"))  # the alias, where the sentence names no model
    name_loaded_dataset(out, text[:4000])
    return out


# A harness announcing its run: "Running GSM8K evaluation: 1319 questions, 5-shot", "Evaluating mmlu on 500 samples"
_RUN_ECHO_RE = re.compile(
    r"^\s{0,8}(?:running|evaluating|evaluation on)\s{1,4}(?P<task>[a-z][\w.-]{1,30}?)"
    r"(?:\s{1,4}eval(?:uation)?)?(?:\s{0,4}:\s{0,4}|\s{1,4}on\s{1,4})(?P<rest>[^:]{1,80})$",
    re.IGNORECASE,
)
_COUNT_RE = re.compile(r"(?<![\w.])(\d{1,7})\s{1,3}(?:questions|samples|examples|problems|prompts)\b", re.IGNORECASE)
_SHOT_RE = re.compile(r"(?<![\w.])(\d{1,2})[ -]?shots?\b", re.IGNORECASE)


# An eval's summary of one task, the task's results indented under it: "gsm8k: 1319 examples | 52.8s | 5416 tok/s"
_TASK_SUMMARY_RE = re.compile(
    r"^\s{0,8}(?:[-*•]\s{1,3})?(?P<task>[A-Za-z][\w.+-]{1,30})\s{0,4}:\s{0,4}(?P<count>\d{1,3}(?:,\d{3}){1,2}|\d{1,7})\s{1,3}"
    r"(?:questions|samples|examples|problems|prompts)\b\s{0,4}(?:[|,;]|$)",
    re.IGNORECASE,
)


def task_summary(text: str) -> tuple[str, str, int] | None:
    """The benchmark a summary line opens with, its size, and where the line's measures start (after the size's
    separator): ("gsm8k", "1319", 27) for "gsm8k: 1319 examples | 52.8s | 5416 tok/s"; None for a line that is no
    such summary, or whose name is no benchmark ("Loaded: 12 prompts")."""
    m = _TASK_SUMMARY_RE.match(text) if ":" in text else None
    if m is None or not named_benchmark(m.group("task")):
        return None
    return m.group("task").lower(), m.group("count").replace(",", ""), m.end()


def run_echo(text: str) -> dict[str, str] | None:
    """The benchmark, its size and shots a harness prints before its results, or a task's summary line over them;
    None unless a size or shots say it is a run (a bare "Running tests:" announces nothing)."""
    m = _RUN_ECHO_RE.match(text)
    if not m:
        summary = task_summary(text)
        return {"task": summary[0], "samples": summary[1]} if summary is not None else None
    out: dict[str, str] = {}
    c = _COUNT_RE.search(m.group("rest"))
    if c:
        out["samples"] = c.group(1)
    k = _SHOT_RE.search(m.group("rest"))
    if k:
        out["n_shot"] = k.group(1)
    if not out:
        return None
    out["task"] = m.group("task").lower()
    return out


_ECHO_RE = re.compile(
    r"^\s*(?P<label>[A-Za-z][\w ()./-]{1,40}?)\s*:\s*(?P<value>\d[\d,]*(?:\.\d{1,3})?|[A-Za-z][\w.-]{0,40})\s*$"
)
_ECHO_KEYS = {
    "concurrency",
    "batch_size",
    "max_batch_size",
    "tp",
    "pp",
    "ep",
    "dp",
    "isl",
    "osl",
    "model",
    "backend",
    "max_concurrency",
    "num_prompts",
    "request_rate",
}


_SIZE_KEYS = frozenset(("tp", "pp", "ep", "dp"))
_FRACTIONAL_KEYS = frozenset(("request_rate",))
"""The echoed settings whose value may hold a fraction (sglang prints "Traffic request rate: 5.0"); a size or a cap
never does, and bench_serving's "Concurrency: 61.37" beside its cap is the load it measured, not the one it set."""
_UNSET = frozenset(("none", "null", "off", "disabled"))


def echo(text: str) -> dict[str, str] | None:
    """ "concurrency: 256", "Maximum request concurrency: 10": a setting a tool prints, under the canonical key."""
    m = _ECHO_RE.match(text)
    if not m:
        return run_echo(text)
    label = m.group("label")
    key = setup_label_key(label)
    if key is None:
        if not is_config_label(label):
            return None
        key = canonical_key_name(config_key(label))
    if key not in _ECHO_KEYS:
        return None
    value = m.group("value").replace(",", "")
    if "." in value and value[:1].isdigit() and key not in _FRACTIONAL_KEYS:
        return None
    if key == "request_rate" and not states_rate(value):
        return None  # "Traffic request rate: inf"
    if key in _SIZE_KEYS and value.lower() in _UNSET:
        return {key: ""}  # trtllm-bench's "EP Size: None": no expert parallelism, whatever an outer scope said
    return {key: value}


def unfenced_echoes(doc: Document, section_end: Callable[[int], int]) -> list[SetupScope]:
    """ "concurrency: 64" alone on a line of a paste that lost its fence (a rendered copy, a paste without one): the
    setting of the lines under it, as inside a fence, to its section's end or the next line printing the same key;
    two such blocks in one section each keep their own value."""
    out: list[SetupScope] = []
    open_: dict[str, SetupScope] = {}
    for b in doc.blocks:
        if b.kind != "text" or b.in_code:
            continue
        for no in range(b.start, b.end + 1):
            line = doc.setup_line(no)  # (a harness's "Running ..." line names its task, not a block's setting)
            found = echo(line) if _ECHO_RE.match(line) else None
            if not found:
                continue
            for key in found:
                prev = open_.get(key)
                if prev is not None and prev.end >= no:
                    prev.end = no - 1
            scope = SetupScope(no, max(no, section_end(no)), found)
            open_.update(dict.fromkeys(found, scope))
            out.append(scope)
    return out


def continued(doc: Document, no: int, last: int, s: str) -> tuple[str, int]:
    """A command and the lines it continues onto with a trailing "\\" ("vllm serve org/M \\" over
    "--tensor-parallel-size 8 \\"), as one line, and the last line it took (at most 60 lines, to the block's end)."""
    end = no
    parts = [s]
    while parts[-1].endswith("\\") and end < min(last, no + 60):
        end += 1
        parts[-1] = parts[-1][:-1].rstrip()
        parts.append(doc.setup_line(end).strip())  # (a quoted fence's line without its "> ": reader.quotes)
    return " ".join(parts), end

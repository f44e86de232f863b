"""An operator a backend's own test times at one shape: llama.cpp's test-backend-ops names each row by the op and
its parameters ("MUL_MAT(type_a=q8_0,type_b=f32,m=4096,n=512,k=4096)", "FLASH_ATTN_EXT(hsk=128,hsv=128,...)"). Its
figure is a kernel's at that shape, no model's: a model the page states for its end-to-end runs (a llama-bench
table's) is none of its setup, nor is that model's weight type (the op's own "type_a" names the one it ran)."""

from __future__ import annotations

import re

from ledger.vocab.setting_cells import settings_cell

# the op's upper-case name, then its first parameter by name
_BACKEND_OP_RE = re.compile(r"^[ `*_]{0,4}[A-Z][A-Z0-9_]{1,30}\([a-z][a-z0-9_]{0,15}=")


def names_backend_op(name: str) -> bool:
    """The result's name is an operator at its shape ("MUL_MAT(type_a=f16,...)"; see the module)."""
    return _BACKEND_OP_RE.match(name) is not None


# the op's parameters, between its name's brackets ("MUL_MAT(type_a=q4_0,...,bs=[1,1],per=[0,1,2,3],k_v=0,o=1)")
_OP_PARAMETERS_RE = re.compile(r"^[ `*_]{0,4}[A-Z][A-Z0-9_]{1,30}\((?P<params>[a-z][^()]{0,400})\)")


def op_setup(name: str) -> dict[str, str]:
    """The shape an op's name states, each parameter under its own name ("m": "4096", "bs": "[1,1]"; its "type_a"
    as the quant it ran), as a comparison table's "Op parameters" cell gives it: what tells one row of a
    test-backend-ops paste from the next. {} for any other name."""
    m = _OP_PARAMETERS_RE.match(name)
    return (settings_cell(m.group("params")) or {}) if m else {}

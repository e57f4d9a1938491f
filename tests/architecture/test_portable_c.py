"""The C is portable C11 that GCC, Clang and MSVC build on 32- and 64-bit targets
(LLP64 Windows: a ``long`` of 32 bits). What names a compiler's own (builtins, ``__int128``,
attributes, statement expressions, ...) lies in one header, ``core/csrc/include/portable.h``;
this ban list finds it anywhere else. (.ci/portable-c runs this file beside GCC's
``-std=c11 -pedantic-errors -Werror=vla`` over every source; tests/core/test_portable_c.py
builds the counter for a 32-bit target.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.architecture.test_c_layers import CORE, EXPLAINER, extensions
from tests.support.helpers import REPO

SHIM = CORE / "include" / "portable.h"
#: the one header that reads Python's objects two ways, CPython's macros or the limited API's
#: functions
PYACCESS = CORE / "include" / "pyaccess.h"
CHECK = REPO / "tests" / "native" / "count_check.c"

#: what no C file but the shim may name, on its text without comments and strings
BANNED = {
    "a GCC builtin": r"\b__builtin_\w+",
    "a 128-bit integer": r"\b__int128\b",
    "an attribute": r"\b__attribute__\b|\b__declspec\b",
    "a GNU extension": r"\b__extension__\b|\b(?:__)?typeof(?:__)?\b|\b__asm__\b|\basm\s*\(",
    "a statement expression": r"\(\s*\{",
    "a stack allocation": r"\b_?alloca\s*\(",
    "a long constant (32 bits on Windows)": r"\b(?:0[xX][0-9a-fA-F]+|\d+)[uU]?[lL]\b",
    "an unsigned long (32 bits on Windows)": r"\bunsigned\s+long\b(?!\s+long)",
    "a POSIX call or header MSVC lacks": r"\b(?:clock_gettime|gettimeofday|nanosleep|usleep)\s*\("
    r"|#\s*include\s*<(?:unistd|sys/time|pthread|strings)\.h>",
    "a compiler's intrinsics header": r"#\s*include\s*<(?:intrin|immintrin|x86intrin|arm_neon)\.h>",
}
#: what no C file may print: a ``long``'s format (the steps and counts are int64_t: PRId64)
FORMATS = r"%l[duxi]"
#: the format strings of what reads Python's arguments or builds its values (PyArg_ParseTuple,
#: its keyword and varargs forms, Py_BuildValue): the string literals of the call's first ones
PARSED = re.compile(
    r"\b(?:PyArg_\w*Parse\w*|Py_BuildValue)\s*\([^;\"]*?((?:\"(?:\\.|[^\"\\\n])*\"\s*)+)"
)
#: a ``long``'s code in such a format, ``l`` or ``k`` (32 bits on Windows: ``L``, ``K`` or ``n``
#: where a number may pass 2**31), read before its ``:`` (the function's name) or ``;`` (a message)
LONG_CODE = re.compile(r"[lk]")
#: the only guards a compiler's pragma or SSE2 header may stand under
GUARDS = {
    r"#\s*pragma\s+GCC": r"#\s*if\s+defined\(__GNUC__\)|#\s*ifdef\s+__GNUC__",
    r"#\s*include\s*<emmintrin\.h>": r"#\s*ifdef\s+PORTABLE_SSE2",
}


#: what the limited API (Python 3.11's, Py_LIMITED_API=0x030B0000: the stable ABI, the web
#: page's WebAssembly build) lacks, which no C file but pyaccess.h may name: the accessors that
#: are macros on an object's layout, a type's fields, a static type, a member descriptor's layout
#: (.ci/portable-c compiles every file on the limited API: this names the culprit first)
FULL_API_ONLY = (
    r"\b(?:PyTuple_(?:GET_ITEM|SET_ITEM|GET_SIZE)|PyList_(?:GET_ITEM|SET_ITEM|GET_SIZE)"
    r"|PyBytes_(?:AS_STRING|GET_SIZE)|PyDict_GET_SIZE|PySequence_Fast_[A-Z_]+"
    r"|PyObject_CallMethodNoArgs|Py_X?SETREF|PyMemberDescrObject)\b|->\s*tp_\w+"
    r"|\bPyTypeObject\s+\w+\s*=|#\s*include\s*<structmember\.h>"
)


def full_api_only(text: str) -> list[str]:
    """What ``text`` (a C file) names that the limited API lacks, each as ``line N: name``."""
    code = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group().count("\n"), text, flags=re.S)
    code = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', re.sub(r"//[^\n]*", " ", code))
    return [
        f"line {code.count(chr(10), 0, m.start()) + 1}: {m.group()}"
        for m in re.finditer(FULL_API_ONLY, code)
    ]


def c_files() -> list[Path]:
    """Every C file of every extension (each ``csrc`` folder of the package) and the check's."""
    folders = sorted((REPO / "src" / "sudoku_repl").rglob("csrc"))
    assert CORE in folders and EXPLAINER in folders
    found = [f for folder in folders for f in (*folder.glob("*.c"), *folder.glob("include/*.h"))]
    return sorted({*found, CHECK} - {SHIM})


def offences(text: str) -> list[str]:
    """What ``text`` (a C file) names that the shim alone may, each as ``line N: what``."""
    found: list[str] = []
    # the text without comments and strings (test_c_layers.bare's), its lines where they were
    uncommented = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group().count("\n"), text, flags=re.S)
    uncommented = re.sub(r"//[^\n]*", " ", uncommented)
    code = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', uncommented)
    for what, pattern in BANNED.items():
        for match in re.finditer(pattern, code):
            found.append(f"line {code.count(chr(10), 0, match.start()) + 1}: {what}")
    for match in re.finditer(FORMATS, text):
        found.append(f"line {text.count(chr(10), 0, match.start()) + 1}: a long's format")
    for match in PARSED.finditer(uncommented):
        codes = "".join(re.findall(r'"((?:\\.|[^"\\])*)"', match.group(1)))
        if LONG_CODE.search(re.split(r"[:;]", codes)[0]):
            line = uncommented.count(chr(10), 0, match.start(1)) + 1
            found.append(f"line {line}: a long's parse code (32 bits on Windows)")
    lines = code.splitlines()
    for k, line in enumerate(lines):
        for pattern, guard in GUARDS.items():
            if re.match(r"\s*" + pattern, line):
                before = lines[k - 1] if k else ""
                if not re.match(r"\s*(?:" + guard + r")\s*$", before):
                    found.append(f"line {k + 1}: {line.strip()} outside its guard")
    return found


def test_the_ban_list_finds_what_it_bans() -> None:
    """Each kind once, in code; none in a comment or a string; a guarded pragma passes."""
    bad = (
        "int a = __builtin_ctz(x);\nunsigned __int128 m;\nstatic int f(void) __attribute__((cold));\n"
        "int b = ({ int c = 1; c; });\nuint64_t d = 1UL << 40;\nunsigned long e;\n"
        'printf("%ld", s);\n#pragma GCC visibility push(hidden)\n#include <emmintrin.h>\n'
        "char *p = alloca(9);\n__typeof__(a) g;\n#include <intrin.h>\n"
        "clock_gettime(CLOCK_MONOTONIC, &ts);\n"
        'PyArg_ParseTuple(args, "OOiil", &a, &b, &c, &d, &tries);\n'
        'return Py_BuildValue("(i"\n    "k)", a, b);\n'
    )
    assert len(offences(bad)) == 15, offences(bad)
    assert [o for o in offences(bad) if "parse code" in o] == [
        "line 14: a long's parse code (32 bits on Windows)",
        "line 15: a long's parse code (32 bits on Windows)",
    ]
    assert [o.split(":")[0] for o in offences(bad)][:2] == ["line 1", "line 2"]
    fine = (
        '/* __builtin_ctz, __int128, 1UL */\nconst char *s = "__attribute__ ({";\n'
        "unsigned long long u = 1ULL;\nint64_t t = (int64_t)1 << 40;\n"
        "#if defined(__GNUC__)\n#pragma GCC visibility push(hidden)\n#endif\n"
        "#ifdef PORTABLE_SSE2\n#include <emmintrin.h>\n#endif\nT x = (T){1, 2};\n"
        'PyArg_ParseTuple(args, "O!inOLK|n:cell_track", &t, &l);  /* PyArg_Parse(a, "l") */\n'
        'PyArg_ParseTuple(args, "iL;the limit, a whole number", &a, &b);\n'
    )
    assert offences(fine) == []


def test_no_c_file_but_the_shim_names_a_compilers_own() -> None:
    files = c_files()
    assert SHIM not in files and len(files) > 30
    found = {str(p.relative_to(REPO)): offences(p.read_text()) for p in files}
    assert {name: o for name, o in found.items() if o} == {}
    # every format of an argument parser or a value builder read (none missed by the pattern)
    calls = r"\b(?:PyArg_\w*Parse\w*|Py_BuildValue)\s*\("
    texts = [re.sub(r"/\*.*?\*/", "", p.read_text(), flags=re.S) for p in files]
    assert sum(len(PARSED.findall(t)) for t in texts) == sum(
        len(re.findall(calls, t)) for t in texts
    )
    assert sum(len(PARSED.findall(t)) for t in texts) > 40
    # the shim holds what the others call (and is no empty file that passes everything)
    shim = SHIM.read_text()
    assert all(
        f"{name}(" in shim for name in ("ctz32", "ctz64", "clz32", "popcount32", "mul_high64")
    )
    assert "_MSC_VER" in shim and "SUDOKU_PORTABLE_FALLBACK" in shim


def test_the_fallback_build_forces_the_plain_c(monkeypatch: pytest.MonkeyPatch) -> None:
    """SUDOKU_REPL_PORTABLE_FALLBACK=1 (.ci/sanitize's build) defines the shim's switch for
    every extension; without it none has it."""
    monkeypatch.delenv("SUDOKU_REPL_PORTABLE_FALLBACK", raising=False)
    monkeypatch.delenv("SUDOKU_REPL_LIMITED_API", raising=False)
    assert all(not ext.define_macros for ext in extensions(monkeypatch).values())
    monkeypatch.setenv("SUDOKU_REPL_PORTABLE_FALLBACK", "1")
    built = extensions(monkeypatch).values()
    assert len(built) == 3  # (the core's, the explainer's, the difficulty measures')
    assert all(("SUDOKU_PORTABLE_FALLBACK", "1") in ext.define_macros for ext in built)
    assert "defined(SUDOKU_PORTABLE_FALLBACK)" in SHIM.read_text()


def test_the_limited_apis_gaps_are_named_in_one_header() -> None:
    """The macros on an object's layout (and a type's fields, a static type) are named
    in ``pyaccess.h`` alone, which gives them function forms on the limited API; the finder
    sees each kind, and none in a comment or a string."""
    bad = (
        "PyObject *a = PyTuple_GET_ITEM(t, 0);\nPyList_SET_ITEM(l, 1, v);\n"
        "char *s = PyBytes_AS_STRING(b);\nn = PySequence_Fast_GET_SIZE(f);\n"
        "Py_TYPE(o)->tp_free(o);\nPyTypeObject CoreType = {0};\n#include <structmember.h>\n"
        "Py_XSETREF(x, y);\n"
    )
    assert [o.split(":")[0] for o in full_api_only(bad)] == [
        f"line {n}" for n in (1, 2, 3, 4, 5, 6, 7, 8)
    ]
    fine = '/* PyTuple_GET_ITEM */\nconst char *s = "->tp_free";\nTUPLE_ITEM(t, 0);\n'
    assert full_api_only(fine) == []
    files = c_files()
    assert PYACCESS in files
    others = [*files, SHIM]
    others.remove(PYACCESS)
    found = {str(p.relative_to(REPO)): full_api_only(p.read_text()) for p in others}
    assert {name: o for name, o in found.items() if o} == {}
    assert "PyTuple_GET_ITEM" in PYACCESS.read_text() and "Py_LIMITED_API" in PYACCESS.read_text()


def test_the_limited_build_is_asked_for_by_one_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    """SUDOKU_REPL_LIMITED_API=1 builds every extension on the limited API of Python 3.11 (the
    package's oldest), as an ``.abi3.so``; without it none is."""
    monkeypatch.delenv("SUDOKU_REPL_LIMITED_API", raising=False)
    usual = extensions(monkeypatch).values()
    assert not [ext for ext in usual if ext.py_limited_api or ext.define_macros]
    monkeypatch.setenv("SUDOKU_REPL_LIMITED_API", "1")
    built = extensions(monkeypatch).values()
    assert len(built) == 3
    assert all(ext.py_limited_api for ext in built)
    assert all(ext.define_macros == [("Py_LIMITED_API", "0x030B0000")] for ext in built)

"""web/build's C (``web/native_build.py``, docs/web.md "The C core in the page") without building
a page: the page's C is its default, so a build that lacks ziglang (and cannot get it) or the
Python headers stops with one line saying how, never a page on the pure engine; a pure page is
made only when asked for by name (``--pure``), and its manifest's reason gives no pip advice; the
check fails a page that lacks any of setup.py's modules. (``.ci/e2e-web`` builds the page with a
Python that has no ziglang: web/build brings it.)"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sysconfig
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.support.helpers import REPO

#: the three modules setup.py names, by package (written out: the manifest's ``package``)
PACKAGES = (
    "sudoku_repl.core",
    "sudoku_repl.techniques.explainer",
    "sudoku_repl.techniques.difficulty",
)


@pytest.fixture
def native_build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("native_build", REPO / "web" / "native_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def stopped(run: Any) -> str:
    """The line a build that stops says (SystemExit's message)."""
    with pytest.raises(SystemExit) as stop:
        run()
    said = str(stop.value.code)
    assert "\n" not in said and "Traceback" not in said
    return said


def test_without_ziglang_and_no_way_to_get_it_the_build_stops_saying_how(
    native_build: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (this Python has no ziglang, and pip finds none: no index, no links)
    found = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "ziglang" else found(name, *a)
    )
    monkeypatch.setenv("PIP_CONFIG_FILE", "/dev/null")
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # (where it would go)
    monkeypatch.delenv("PIP_FIND_LINKS", raising=False)
    out = tmp_path / "out"
    out.mkdir()
    said = stopped(lambda: native_build.main(tmp_path, out))
    assert said.startswith("web/build: native core: cannot build it: ")
    assert "pip install 'ziglang==" in said and "web/build --pure OUT" in said
    assert not (out / "native").exists()  # (nothing is built)


def test_without_python_headers_the_build_stops_saying_how(
    native_build: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(native_build, "tools", lambda: None)  # (ziglang there or not)
    paths = sysconfig.get_paths()
    monkeypatch.setattr(sysconfig, "get_paths", lambda: {**paths, "include": str(tmp_path)})
    said = stopped(lambda: native_build.main(REPO, tmp_path))
    assert said.startswith("web/build: native core: cannot build it: ")
    assert "no Python headers" in said and "python3-dev" in said and "web/build --pure OUT" in said


def test_a_pure_page_is_made_by_name_and_its_reason_gives_no_pip_advice(
    native_build: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    native_build.pure()
    printed = capsys.readouterr()
    assert json.loads(printed.out) == {"modules": [], "skipped": "web/build --pure asked for none"}
    assert "--pure" in printed.err and "pip" not in printed.out + printed.err


def manifest_of(out: Path, packages: tuple[str, ...], content: bytes) -> None:
    modules = []
    for package in packages:
        file = Path("native", *package.split("."), "_native.abi3.so")
        (out / file).parent.mkdir(parents=True, exist_ok=True)
        (out / file).write_bytes(content)
        modules.append({"package": package, "file": file.as_posix()})
    (out / "manifest.json").write_text(
        json.dumps({"native": {"modules": modules, "skipped": None}})
    )


def test_the_check_fails_a_page_that_lacks_one_of_its_three_modules(
    native_build: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(native_build, "tools", lambda: None)
    wasm = b"\0asm\1\0\0\0" + bytes(8)
    manifest_of(tmp_path, PACKAGES[:2], wasm)
    said = stopped(lambda: native_build.check(REPO, tmp_path))
    assert said == f"web/build: the page in {tmp_path} lacks its C module of {PACKAGES[2]}"
    manifest_of(tmp_path, PACKAGES, b"not wasm")
    assert "lacks its C module of " + ", ".join(sorted(PACKAGES)) in stopped(
        lambda: native_build.check(REPO, tmp_path)
    )
    manifest_of(tmp_path, PACKAGES, wasm)
    native_build.check(REPO, tmp_path)  # (all three: it passes)


@pytest.mark.parametrize("args", [[], ["--pure"], ["--bogus", "x"], ["a", "b"]])
def test_web_build_takes_one_folder_and_only_pure_by_name(args: list[str], tmp_path: Path) -> None:
    done = subprocess.run(
        [str(REPO / "web" / "build"), *args], cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 2
    assert (
        done.stderr
        == "usage: web/build [--pure] OUT (--pure: a page without C, on the pure engine)\n"
    )
    assert list(tmp_path.iterdir()) == []

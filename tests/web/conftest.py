"""The web page's tests' shared fixture: the README's session, on the page and on the CPython
shell, run once for the modules that compare it (each page session costs a Pyodide start)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.built import README_SESSION, cpython, page


@pytest.fixture(scope="session")
def readme_session(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], str]:
    """What the built page showed of the README's session (``built.page``'s session: its
    transcript, builds...) and what the CPython shell printed for it. The page runs its C
    where web/build compiled it, CPython its C where built: test_page_node.py compares the two
    as the page is built, test_page_native.py (the page and CPython on the C) the same run."""
    (web,) = page([(None, list(README_SESSION))], tmp_path_factory.mktemp("web-readme"))
    return web, cpython(None, list(README_SESSION), tmp_path_factory.mktemp("cpython-readme"))

"""The web page's Content-Security-Policy, one a static site keeps (no nonce: the
same page for every visitor). ``web/index.html`` names each of its inline scripts by its hash and
lets no other inline script in, nor anything from another origin; the viewer of an HTML file
(``web/viewer.html``) loads nothing from anywhere. Runs everywhere (the files as they are in
``web/``); tests/web/test_page_browser.py checks the browser reports no violation."""

from __future__ import annotations

import base64
import hashlib
import re

import pytest

from tests.support.helpers import REPO

WEB = REPO / "web"


def policy(page: str) -> dict[str, list[str]]:
    """The page's Content-Security-Policy (its meta element), directive by directive."""
    found = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', page)
    assert found, "no Content-Security-Policy"
    directives = (part.split() for part in found.group(1).split(";") if part.strip())
    return {name: values for name, *values in directives}


def test_the_page_s_inline_scripts_are_named_by_their_hashes() -> None:
    page = (WEB / "index.html").read_text(encoding="utf-8")
    scripts = policy(page)["script-src"]
    inline = re.findall(r"<script>(.*?)</script>", page, re.S)
    assert inline  # (the service worker's settings)
    for script in inline:
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in scripts
    hashes = [value for value in scripts if value.startswith("'sha256-")]
    assert len(hashes) == len(inline)  # (none left of a script since changed)
    assert "'unsafe-inline'" not in scripts and "'unsafe-eval'" not in scripts


@pytest.mark.parametrize("name", ["index.html", "viewer.html"])
def test_nothing_comes_from_another_origin(name: str) -> None:
    directives = policy((WEB / name).read_text(encoding="utf-8"))
    assert directives["default-src"] == ["'none'"]
    assert directives["base-uri"] == ["'none'"]
    for values in directives.values():
        assert [v for v in values if re.match(r"\w+://|\*|https?:$", v)] == []

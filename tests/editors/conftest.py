"""The fixtures of the VS Code end-to-end tests: one code-server a module, one page on it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.vscode import CHROMIUM, WAIT_MS, Page, Server, expect, sync_playwright


@pytest.fixture(scope="module")
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    # a module's USER_SETTINGS: its own User settings beside the Server's (a Board location)
    started = Server(
        tmp_path_factory.mktemp("vscode"), getattr(request.module, "USER_SETTINGS", {})
    )
    try:
        started.start()
        yield started
    finally:
        started.stop()


@pytest.fixture(scope="module")
def page(server: Server) -> Iterator[Page]:
    assert sync_playwright is not None and CHROMIUM is not None
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True)
        opened = browser.new_page(viewport={"width": 1200, "height": 740})
        opened.set_default_timeout(WAIT_MS)
        expect.set_options(timeout=WAIT_MS)
        try:
            yield opened
        finally:
            browser.close()


@pytest.fixture(autouse=True)
def report_logs(server: Server) -> Iterator[None]:
    yield
    print(server.logs())  # pytest shows it when the test failed

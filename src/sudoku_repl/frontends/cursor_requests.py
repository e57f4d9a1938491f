"""A terminal that never answers cursor-position requests, met without a probe.

prompt_toolkit asks the terminal where its cursor is (``ESC [ 6 n``) as it draws a prompt, and
draws the bottom toolbar once the answer says how many rows are below. A terminal that never
answers (a bare pty, ``script``, some IDE and web terminals) makes it wait up to a second for the
answer when a prompt ends, and print a warning after two seconds. So the terminal of a prompt has
``TIMEOUT`` from its first drawing on to answer, the prompt's own request being the probe
(nothing is sent or waited for before it): without an answer by then, prompt_toolkit stops
asking, silently; a prompt ended sooner waits only for what is left of that time. An answer
that comes later all the same (a slow remote terminal) is still read at a prompt, and from then
on prompt_toolkit asks again (it says the terminal answers): nothing is decided for good.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from prompt_toolkit.renderer import CPR_Support, Renderer

#: the environment variable that tells prompt_toolkit not to ask at all (set to "1")
NO_CPR = "PROMPT_TOOLKIT_NO_CPR"
#: how long the terminal has to answer, from the first drawing of the prompt (a terminal
#: emulator, tmux or screen answers within milliseconds)
TIMEOUT = 0.1


def answer_in_time(
    renderer: Renderer, timeout: float = TIMEOUT, clock: Callable[[], float] = time.monotonic
) -> None:
    """Give ``renderer``'s terminal ``timeout`` seconds from now to answer its first request
    (its prompt is about to be drawn). Nothing changes where it is known already that the
    terminal does not answer (``NO_CPR`` set, not a terminal)."""
    if renderer.cpr_support is not CPR_Support.UNKNOWN:
        return
    deadline = clock() + timeout
    wait = renderer.wait_for_cpr_responses

    def stop_asking() -> None:
        renderer.cpr_support = CPR_Support.NOT_SUPPORTED

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

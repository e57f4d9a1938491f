"""The hypothesis profiles, registered by ``conftest.py``: ``quick``, the default of a local run,
and ``ci``, which ``.ci/run`` selects (``--hypothesis-profile=ci``) for its native run.

Both keep hypothesis's own example counts for the tests that name none; ``ci`` drops the
deadline (a loaded two-core machine is no measure of speed) and prints the blob that replays a
failure. What ``ci`` adds is examples where a count buys confidence: the differential tests
between the native core and the pure engine (``core/test_native.py``) take ``examples(quick,
ci)``, a few dozen locally and a hundred or more in CI."""

from __future__ import annotations

from hypothesis import settings

from tests.support.sweeps import sweeping

QUICK = "quick"
CI = "ci"


def register() -> None:
    """Register both profiles and load ``quick``; pytest's ``--hypothesis-profile`` (read by
    hypothesis's plugin after the conftest is imported) loads another."""
    settings.register_profile(QUICK)
    settings.register_profile(CI, deadline=None, print_blob=True)
    settings.load_profile(QUICK)


def examples(quick: int, ci: int, sweep: int | None = None) -> int:
    """A test's number of examples under the profile loaded (read when the test module is
    imported, after the profile is chosen); ``sweep``'s, if given, when sweeping."""
    if sweep is not None and sweeping():
        return sweep
    return ci if settings.get_current_profile_name() == CI else quick

"""Scripts that begin with what-if edits at step 0 (``why`` killed the shell with
an AssertionError after ``set cell [1,8]=9; step``): edits of several cells, then steps and
``why`` questions of every form, on the seed and on the samurai (the suite runs once on each
engine). No command may raise, and no answer may be an internal error: each either answers or
refuses in one line."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.helpers import SAMURAI_FILE, SEED_FILE, Shell
from tests.support.profiles import examples

pytestmark = pytest.mark.usefixtures("at_repo_root")

INTERNAL = "why: internal error"


@settings(
    max_examples=examples(25, 120),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(quiz=st.sampled_from([SEED_FILE, SAMURAI_FILE]), data=st.data())
def test_edits_at_step_0_then_steps_and_why_never_raise(quiz: object, data: st.DataObject) -> None:
    shell = Shell()
    shell.ok(f"load-quiz {quiz}")
    session = shell.repl.session
    geo = session.geo
    edited = []
    for _ in range(data.draw(st.integers(1, 4), label="edits")):
        state = session.state()
        empty = [c for c in range(geo.size) if not state.values[c]]
        name = geo.cell_name(data.draw(st.sampled_from(empty), label="cell"))
        value = data.draw(st.integers(1, 9), label="value")
        if shell.repl.execute(f"set cell {name}={value}"):  # (refused if it breaks a rule)
            edited.append(name)
    # the edited cells asked about most (their lost values were the ones without a cause)
    anywhere = st.integers(0, geo.size - 1).map(geo.cell_name)
    names = (
        st.one_of(st.sampled_from(edited), st.sampled_from(edited), anywhere)
        if edited
        else anywhere
    )
    commands = st.one_of(
        st.integers(1, 30).map(lambda n: f"step {n}"),
        names.map(lambda name: f"why {name}"),
        st.tuples(st.integers(1, 9), names).map(lambda vc: f"why removed {vc[0]} {vc[1]}"),
        st.sampled_from(["why wrong", "why wrong --depth 1", "why wrong --depth 3"]),
    )
    for _ in range(data.draw(st.integers(1, 10), label="commands")):
        line = data.draw(commands, label="command")
        said = shell.run(line)
        assert not any(INTERNAL in out for out in said), (line, said)
    assert shell.ok("info search")  # the session goes on

"""Past the exhaustive belief search's bound, the fair check looks for one fair policy depth first
(verify/fair_proof.py): what it finds wins within N on every hidden value, and when it finds
none, no fair policy does."""

from __future__ import annotations

import math

import pytest

from tests.verify.test_draw_candidates import MEMORY, memory
from worldgen.verify import verify_world
from worldgen.verify.beliefs import BeliefModel, Unknown
from worldgen.verify.candidates import candidates
from worldgen.verify.fair import FairPolicy, FairSearch, fair_search
from worldgen.verify.fair_proof import prove


def fresh_search(pairs: int) -> FairSearch:
    """A search on the memory game's candidates that has explored nothing yet."""
    world = memory(pairs)
    cands = candidates(world)
    actual = next(i for i, c in enumerate(cands) if c.world.initial_state == world.initial_state)
    return FairSearch(BeliefModel(cands, actual))


FEWEST = 10  # three pairs: the exhaustive search's fewest worst-case steps


def test_the_exhaustive_answer_it_is_compared_with() -> None:
    assert fair_search(memory(3), 18).worst[0] == FEWEST


@pytest.mark.parametrize("within", range(8, 19))
def test_it_finds_a_policy_exactly_when_the_exhaustive_search_says_one_exists(within: int) -> None:
    proof = prove(fresh_search(3), within, 200_000)
    assert not proof.exhaustive
    if within < FEWEST:
        assert proof.worst[0] == math.inf and len(proof.beliefs) == 1
    else:  # the policy found: within the bound, never below the fewest (a wasted step is allowed where there is room)
        assert FEWEST <= proof.worst[0] <= within


def test_the_policy_found_wins_on_every_hidden_value_within_its_worst_case() -> None:
    proof = prove(fresh_search(3), 12, 200_000)
    model = proof.model
    for ci in range(len(model.cands)):  # play it on every deal the agent cannot rule out
        policy, element, steps = FairPolicy(proof), (ci, model.cands[ci].initial), 0
        while True:
            command = policy.command()
            assert command is not None, (ci, steps)
            (seen,) = model.outcomes(element, command)  # no chance in this game: one outcome
            steps += 1
            policy.observe(seen.text, seen.done, seen.failed)
            if seen.done:
                break
            element = seen.element
        assert steps <= proof.worst[0] <= 12


def test_no_belief_of_the_policy_leads_back_to_itself() -> None:
    """A command that changes nothing (turning a card already face up is refused) leads a belief
    to itself; winning through it in fewer steps must not replace the shorter win on record."""
    proof = prove(fresh_search(3), 16, 200_000)  # room for wasted steps: the refused turn is tried
    seen: dict[int, int] = {}

    def depth(i: int) -> int:
        if i in seen:
            assert seen[i] >= 0, "the policy loops"
            return seen[i]
        seen[i] = -1
        (_, children), = proof.moves[i]
        seen[i] = 1 + max((depth(j) for j in children.values() if j >= 0), default=0)
        return seen[i]

    assert depth(0) == proof.worst[0]


def test_verify_says_which_search_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("worldgen.verify.fair.MAX_BELIEFS", 2000)
    monkeypatch.setattr("worldgen.verify.checks.MAX_BELIEFS", 2000)
    report = verify_world(memory(3))
    check = next(c for c in report.checks if c.name == "solvable within 9 observing")
    assert check.status == "fail"
    assert check.detail == ("no policy that sees only the observations wins within 9 steps in every case (90 possible "
                            "hidden value(s); searched depth first, every command of every belief met, as the exhaustive "
                            "search needed more than 2,000 beliefs)")
    source = MEMORY.replace("expect solvable within 3 * pairs observing", "expect solvable within 12 observing")
    report = verify_world(memory(3, source))
    check = next(c for c in report.checks if c.name == "solvable within 12 observing")
    assert check.status == "pass" and report.fair_oracle is None  # the figure is the fewest steps: not known here
    assert check.detail.startswith("a fair policy wins within ")
    assert "the policy a depth-first search found" in check.detail and "whether fewer steps would do is not settled" in check.detail


def test_past_both_bounds_the_answer_is_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("worldgen.verify.fair.MAX_BELIEFS", 20)
    with pytest.raises(Unknown, match="more than 20 beliefs; more than 20 beliefs searched depth first"):
        fair_search(memory(3), 12)


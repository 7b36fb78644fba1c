"""The Hypothesis side of the exploration benchmark: a RuleBasedStateMachine over the seed's
optimistic model (one FavoriteState per record, one in-flight write each, tickets that restart
in every session), checked against the machine's own model after every step.

usage: python bench-hypothesis.py EXAMPLES STEPS
prints: hypothesis: N steps in T s (R steps/s; E examples)
"""
import sys
import time

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (Bundle, RuleBasedStateMachine, initialize, invariant,
                                 run_state_machine_as_test, rule)

IDS = ["a", "b", "c"]
STEPS = 0


class FavoriteState:
    """The seed's FavoriteState: confirmed and visible values, the pending write, a due sync."""

    def __init__(self, value):
        self.confirmed = value
        self.visible = value
        self.pending = None
        self.needs_sync = False
        self.syncing = None

    def begin(self, desired, ticket):
        if self.pending is not None or self.needs_sync:
            return False
        self.pending = ticket
        self.visible = desired
        return True

    def finish(self, ticket, outcome, value):
        if self.pending != ticket:
            return
        if outcome == "saved":
            self.confirmed = value
        elif outcome == "unknown":
            self.needs_sync = True
        self.visible = self.confirmed
        self.pending = None

    def begin_sync(self, ticket):
        self.syncing = ticket

    def finish_sync(self, ticket, value):
        if self.syncing != ticket:
            return
        self.syncing = None
        if value is None:
            return
        self.confirmed = value
        if self.pending is None:
            self.visible = value
        self.needs_sync = False


class Favorites:
    """The list: records by id, sessions, tickets restarting at 1 in every session."""

    def __init__(self, values):
        self.states = {i: FavoriteState(v) for i, v in zip(IDS, values)}
        self.order = list(self.states)
        self.session = 1
        self.next_ticket = 1

    def tap(self, record):
        state = self.states[record]
        ticket = self.next_ticket
        if not state.begin(not state.visible, ticket):
            return None
        self.next_ticket += 1
        return (record, self.session, ticket)

    def respond(self, request, outcome, value):
        record, session, ticket = request
        if session == self.session:
            self.states[record].finish(ticket, outcome, value)

    def start_sync(self, record):
        ticket = self.next_ticket
        self.next_ticket += 1
        self.states[record].begin_sync(ticket)
        return (record, self.session, ticket)

    def respond_sync(self, request, value):
        record, session, ticket = request
        if session == self.session:
            self.states[record].finish_sync(ticket, value)

    def replace_session(self, values):
        self.session += 1
        self.next_ticket = 1
        for record, value in zip(self.states, values):
            self.states[record] = FavoriteState(value)

    def reorder(self, order):
        self.order = list(order)


class Machine(RuleBasedStateMachine):
    """Drives the list and keeps the contract's model of every record beside it."""

    writes = Bundle("writes")
    syncs = Bundle("syncs")

    @initialize(values=st.lists(st.booleans(), min_size=3, max_size=3))
    def load(self, values):
        self.subject = Favorites(values)
        self.model = {i: {"confirmed": v, "intent": None, "pending": None, "needs_sync": False,
                          "sync": None} for i, v in zip(IDS, values)}
        self.session = 1
        self.count = 0

    def step(self):
        global STEPS
        STEPS += 1

    @rule(target=writes, record=st.sampled_from(IDS))
    def tap(self, record):
        self.step()
        model = self.model[record]
        request = self.subject.tap(record)
        should_send = model["pending"] is None and not model["needs_sync"]
        assert (request is not None) == should_send
        self.count += 1
        if request is not None:
            model["pending"] = (self.session, self.count)
            model["intent"] = not model["confirmed"]
        return (request, (self.session, self.count), record)

    @rule(write=writes, outcome=st.sampled_from(["saved", "rejected", "unknown"]),
          value=st.booleans())
    def respond(self, write, outcome, value):
        self.step()
        request, name, record = write
        if request is None:
            return
        self.subject.respond(request, outcome, value)
        model = self.model[record]
        if model["pending"] == name:
            if outcome == "saved":
                model["confirmed"] = value
            elif outcome == "unknown":
                model["needs_sync"] = True
            model["pending"] = None

    @rule(target=syncs, record=st.sampled_from(IDS))
    def sync(self, record):
        self.step()
        self.count += 1
        self.model[record]["sync"] = (self.session, self.count)
        return (self.subject.start_sync(record), (self.session, self.count), record)

    @rule(sync=syncs, value=st.one_of(st.none(), st.booleans()))
    def respond_sync(self, sync, value):
        self.step()
        request, name, record = sync
        self.subject.respond_sync(request, value)
        model = self.model[record]
        if model["sync"] == name:
            model["sync"] = None
            if value is not None:
                model["confirmed"] = value
                model["needs_sync"] = False

    @rule(values=st.lists(st.booleans(), min_size=3, max_size=3))
    def session(self, values):
        self.step()
        self.subject.replace_session(values)
        self.session += 1
        for record, value in zip(IDS, values):
            self.model[record] = {"confirmed": value, "intent": None, "pending": None,
                                  "needs_sync": False, "sync": None}

    @rule(order=st.permutations(IDS))
    def sort(self, order):
        self.step()
        self.subject.reorder(order)
        assert self.subject.order == list(order)

    @invariant()
    def every_record_follows_the_contract(self):
        for record in IDS:
            model = self.model[record]
            state = self.subject.states[record]
            shown = model["intent"] if model["pending"] is not None else model["confirmed"]
            assert state.confirmed == model["confirmed"]
            assert state.visible == shown
            assert (state.pending is None) == (model["pending"] is None)
            assert state.needs_sync == model["needs_sync"]


def main():
    examples = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    steps = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    start = time.perf_counter()
    run_state_machine_as_test(Machine, settings=settings(
        max_examples=examples, stateful_step_count=steps, deadline=None, derandomize=True,
        database=None, suppress_health_check=list(HealthCheck)))
    seconds = time.perf_counter() - start
    print(f"hypothesis: {STEPS} steps in {seconds:.3f} s ({int(STEPS / seconds)} steps/s; "
          f"{examples} examples)")


if __name__ == "__main__":
    main()

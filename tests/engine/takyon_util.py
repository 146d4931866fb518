"""Helpers for the Takyon tests: reach a turn, then edit the position through the raw struct while
keeping the game's invariants (techs, cards and tachyons conserved), so that every test starts from a
legal set-up position and ``check_invariants()`` stays meaningful."""
import engine
from engine import takyon as tk

ERA = {k: i for i, k in enumerate(tk.ERA_KEYS)}
SEASON = {k: i for i, k in enumerate(tk.SEASON_KEYS)}
CONT = {k: i for i, k in enumerate(tk.CONT_KEYS)}
SPACE = {k: i for i, k in enumerate(tk.SPACE_KEYS)}
TECH = {k: i for i, k in enumerate(tk.TECH_KEYS)}
MISSION = {m: i for i, m in enumerate(tk.MISSION_IDS)}


def new(players=3, seed=1, **opts):
    """A game past set-up (each seat keeps its first drawn mission and the first free continent)."""
    state = engine.load_game("takyon", players=players, **opts).new_initial_state(seed)
    while state.to_json(None)["phase"] != "free_before_move":
        state.apply_action(state.legal_actions()[0])
    return state


def act(state, text, lang="en"):
    """Apply a text turn (several steps)."""
    for a in state.parse_turn(text, lang):
        state.apply_action(a)


def aid(obj):
    """The action id of a JSON decision."""
    return engine.load_game("takyon").new_initial_state(0).json_to_action(obj)


def roll(state, face):
    """Apply a die outcome (1-6) at a chance node."""
    assert state.current_player() == engine.CHANCE
    state.apply_action(aid({"type": "roll", "face": face}))


class Edit:
    """Context manager: ``with Edit(state) as r:`` edits the raw struct and writes it back."""

    def __init__(self, state):
        self.state = state

    def __enter__(self):
        self.r = self.state.raw()
        return self

    def __exit__(self, *exc):
        if exc[0] is None:
            self.state.set_raw(self.r)

    def __getitem__(self, k):
        return self.r[k]

    def __setitem__(self, k, v):
        self.r[k] = v

    # tachyons: adjust the bank ledger with the amount, so the ledger check still holds
    def money(self, seat, amount):
        self.r["bank_in"][seat] += amount - self.r["money"][seat]
        self.r["money"][seat] = amount

    # techs come out of the reserve and go back into it
    def _from_reserve(self, t):
        r = self.r
        res = r["reserve"][:r["nreserve"]]
        i = res.index(t)
        del res[i]
        r["nreserve"] -= 1
        r["reserve"] = res + [-1] * (len(r["reserve"]) - len(res))

    def _to_reserve(self, t):
        r = self.r
        r["reserve"][r["nreserve"]] = t
        r["nreserve"] += 1

    def board(self, seat, era, tech, count=1):
        for _ in range(count):
            self._from_reserve(TECH[tech])
            self.r["board"][seat][ERA[era]][TECH[tech]] += 1

    def slots(self, continent, techs):
        c = CONT[continent]
        for t in self.r["slot"][c]:
            if t >= 0:
                self._to_reserve(t)
        new = [TECH[t] for t in techs] + [-1] * (3 - len(techs))
        for t in new:
            if t >= 0:
                self._from_reserve(t)
        self.r["slot"][c] = new

    def agent(self, seat, continent, zone=None):
        r = self.r
        c = CONT[continent]
        old = r["agent"][seat]
        if r["agent_zone"][seat] and old < 5:
            r["cont_zone"][old] = -1
        r["agent"][seat] = c
        r["agent_zone"][seat] = 0
        if c < 5 and (zone or (zone is None and r["cont_zone"][c] < 0)):
            if r["cont_zone"][c] >= 0:
                r["agent_zone"][r["cont_zone"][c]] = 0
            r["cont_zone"][c] = seat
            r["agent_zone"][seat] = 1

    def machine(self, seat, space, zone=None):
        r = self.r
        sp = SPACE[space]
        old = r["machine"][seat]
        if r["machine_zone"][seat]:
            r["zone_occ"][old] = -1
        r["machine"][seat] = sp
        r["machine_zone"][seat] = 0
        if sp <= 2 and (zone or (zone is None and r["zone_occ"][sp] < 0)):
            r["zone_occ"][sp] = seat
            r["machine_zone"][seat] = 1

    def mission(self, seat, mid):
        """Move mission card ``mid`` (e.g. "M07") from wherever it is into seat's hand."""
        r = self.r
        m = MISSION[mid]
        for arr, cnt in (("mdeck", "nmdeck"), ("mdisc", "nmdisc")):
            lst = r[arr][:r[cnt]]
            if m in lst:
                lst.remove(m)
                r[cnt] -= 1
                r[arr] = lst + [-1] * (len(r[arr]) - len(lst))
                break
        else:
            for q in range(r["n"]):
                h = r["hand"][q][:r["nhand"][q]]
                if m in h:
                    h.remove(m)
                    r["nhand"][q] -= 1
                    r["hand"][q] = h + [-1] * (len(r["hand"][q]) - len(h))
                    break
            else:
                raise AssertionError(f"{mid} not found")
        r["hand"][seat][r["nhand"][seat]] = m
        r["nhand"][seat] += 1

    def anomaly(self, seat, effect):
        """Move a card of this effect from a deck or the belt into seat's hand; returns its id."""
        r = self.r
        for arr, cnt in (("aleft", "naleft"), ("aright", "naright")):
            lst = r[arr][:r[cnt]]
            for i, cid in enumerate(lst):
                if tk.PACK["anomaly_cards"][cid]["effect"] == effect:
                    del lst[i]
                    r[cnt] -= 1
                    r[arr] = lst + [-1] * (len(r[arr]) - len(lst))
                    r["ahand"][seat][r["nahand"][seat]] = cid
                    r["nahand"][seat] += 1
                    return cid
        for i, cid in enumerate(r["belt"]):
            if cid >= 0 and tk.PACK["anomaly_cards"][cid]["effect"] == effect:
                r["belt"][i] = -1
                r["ahand"][seat][r["nahand"][seat]] = cid
                r["nahand"][seat] += 1
                return cid
        raise AssertionError(f"no free {effect} card")


def card(mid):
    return tk.PACK["missions"][MISSION[mid]]


def find_mission(pred):
    """The id of the first mission card satisfying ``pred(card)``."""
    for m in tk.PACK["missions"]:
        if pred(m):
            return m["id"]
    raise AssertionError("no such mission in the pack")

"""The table's pace: a new hand's deal, and the opponent's moves, whose timing tells nothing.

The speed figures themselves (an opponent's turn, the deal's time) are the page
benchmark's (``tools/browser_bench.py``): a timed test would flake on a busy machine.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

from player import RETURNING, engine_match, open_game, phase, poll, take_turn, wait_idle
from playwright.sync_api import Page, expect

from deals import seed_dealt_by
from ginrummy import record
from ginrummy.bridge import decide
from ginrummy.rules import STANDARD
from ginrummy.view import seat_view

OPPONENT = 1
DEAL_LIMIT_MS = 800
"""Issue 50: the whole deal, its last card landed, in at most this time."""
DEALT = """document.getAnimations()
  .filter((a) => !(a instanceof CSSTransition || a instanceof CSSAnimation))
  .filter((a) => a.effect?.target?.matches?.('#hand .card, #opp-cards .card, #pile .card'))
  .map((a) => ({
    end: a.effect.getComputedTiming().endTime,
    moves: a.effect.getKeyframes().some((key) => key.transform && key.transform !== 'none'),
  }))"""
"""The deal's animations (the page's own, not its style's transitions): each card's end time
(ms) and whether it flies."""
FOCUS_IN_HAND = "Boolean(document.activeElement?.closest('#hand .card'))"
SLOW = 0.05
"""The pace of the page's animations in the deal's tests: its 800 ms last 16 s, so a
tap or a look lands while it flies, however busy the machine."""
LISTEN = """
window.engineAnswers = [];
const Real = window.Worker;
window.Worker = class extends Real {
  constructor(...args) {
    super(...args);
    const asked = new Map();
    const post = this.postMessage.bind(this);
    this.postMessage = (data, ...rest) => {
      if (data?.op === "opponent") asked.set(data.id, { at: performance.now(), due: data.due });
      return post(data, ...rest);
    };
    this.addEventListener("message", (event) => {
      const request = asked.get(event.data?.id);
      if (request === undefined) return;
      const { ms, text } = event.data;
      const now = performance.now();
      const late = request.due !== undefined && performance.timeOrigin + now - request.due;
      const ahead = request.due !== undefined && request.due - performance.timeOrigin - request.at;
      window.engineAnswers.push({ delay: now - request.at, late, ahead, ms, text });
    });
  }
};"""
"""An init script that watches the page's worker as a script of an attacker's would: the
time from each request of the opponent's move to its answer, what the answer says, how
late it came after the time the page asked it for, and how far ahead of the request that
time was (each false when it named none)."""
SLOW_ENGINE = """
const Real = window.Worker;
window.Worker = class extends Real {
  postMessage(data, ...rest) {
    if (data?.op !== "opponent") return super.postMessage(data, ...rest);
    setTimeout(() => super.postMessage(data, ...rest), 2000);
  }
};"""
"""An init script: the opponent's requests reach the worker 2 s late, as a slow engine's
answers would come."""
SAVED = "localStorage.getItem('ginrummy.game')"
SEALED_MOVES = 8
"""Opponent moves watched in a sealed game."""
CLOCKS_MS = 2
"""The page's and the worker's clocks (each its time origin plus its now) may differ by
a fraction of a millisecond."""
MOVES = 60
"""Opponent moves timed (on time). Before the fix the delays' rank correlation with the
engine's work was 0.50 over 60 moves (z 3.83) on a machine loaded twentyfold, beyond the
test's bound."""
EXPERT_MOVES = 4
"""Expert moves watched in a sealed game."""
EXPERT_SLOT_MS = 800
"""The expert's least slot in a sealed game (``ginrummy.bridge.opponent.EXPERT_SLOT_MS``)."""
ASKED_MS = 300
"""Time the page may take from the last move shown to asking for the next (drawing it; 172
ms seen on a busy machine): the answer is still due far later than the 200 ms slot of
other levels would make it."""
LATE_MS = 100
"""An answer this much later than its time was the engine's slower than the slot (a busy
machine's), which the issue allows to show: the thinking indicator does."""


def slowed(page: Page) -> None:
    """Slow the page's animations to ``SLOW`` (DevTools' rate, kept across loads)."""
    session = page.context.new_cdp_session(page)
    session.send("Animation.setPlaybackRate", {"playbackRate": SLOW})


def open_dealing(page: Page, base_url: str, speed: str = "slow") -> None:
    """Open a new game dealt from a number at ``speed``, its deal slowed to ``SLOW``, and
    wait until the table is drawn (the deal flying)."""
    slowed(page)
    page.add_init_script(f"localStorage.setItem('ginrummy.speed', {json.dumps(speed)})")
    page.add_init_script(RETURNING)
    page.goto(base_url + "?seed=7")
    page.wait_for_selector("html[data-ready]", timeout=60_000)


def choose_speed(page: Page, speed: str) -> None:
    """Choose ``speed`` in the settings dialog, as a person does, and close it."""
    page.click("#settings-button")
    dialog = page.locator("dialog#settings")
    dialog.locator("#speed").select_option(speed)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_a_new_hand_is_dealt_from_the_stock_in_its_time_then_the_hand_has_the_focus(
    page: Page, base_url: str
) -> None:
    open_dealing(page, base_url)
    flights = page.evaluate(DEALT)
    assert len(flights) == 21  # ten cards each and the upcard, each its own element
    assert all(flight["moves"] for flight in flights)
    assert max(flight["end"] for flight in flights) <= DEAL_LIMIT_MS
    assert page.get_attribute("#hand", "aria-busy") == "true"
    page.wait_for_selector('#table[data-busy="false"]', timeout=60_000)
    assert page.evaluate(DEALT) == []  # every card landed
    assert page.evaluate(FOCUS_IN_HAND)
    assert page.get_attribute("#hand", "aria-busy") is None
    # told once, as a new hand, not card by card
    lines = page.locator("#announce p").all_inner_texts()
    assert len(lines) == 1 and "Hand 1" in lines[0], lines
    # each hand is dealt: the next one too (the hand played at the instant speed: at the
    # slow one, slowed, its slides took 51 s of a core)
    page.evaluate("document.getAnimations().forEach((a) => a.finish())")
    choose_speed(page, "instant")
    while phase(page) != "hand_over":
        take_turn(page)
    choose_speed(page, "slow")
    page.locator('#table [data-action="next"]').click()
    poll(page, f"({DEALT}).length", lambda count: count == 21, timeout_ms=20_000)


def test_a_tap_or_a_key_skips_the_deal_and_does_nothing_else(page: Page, base_url: str) -> None:
    open_dealing(page, base_url)
    assert len(page.evaluate(DEALT)) == 21
    before = page.evaluate("localStorage.getItem('ginrummy.game')")
    page.mouse.click(200, 790)  # on the hand, where cards are landing
    assert page.evaluate(DEALT) == []
    page.wait_for_selector('#table[data-busy="false"]')
    assert page.evaluate(FOCUS_IN_HAND)
    assert page.locator("#hand .selected").count() == 0
    assert page.evaluate("localStorage.getItem('ginrummy.game')") == before  # no move made
    # a key (P, the pass's shortcut) skips the next deal, and does not pass
    page.evaluate("localStorage.removeItem('ginrummy.game')")
    page.reload()
    page.wait_for_selector("html[data-ready]", timeout=60_000)
    assert len(page.evaluate(DEALT)) == 21
    page.keyboard.press("p")
    assert page.evaluate(DEALT) == []
    page.wait_for_selector('#table[data-busy="false"]')
    assert phase(page) == "first_upcard" and page.locator('[data-action="pass"]').count()


def test_with_reduced_motion_the_deal_only_fades_in(page: Page, base_url: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_dealing(page, base_url, speed="normal")
    fades = page.evaluate(DEALT)
    assert len(fades) == 21 and not any(fade["moves"] for fade in fades)
    page.wait_for_selector('#table[data-busy="false"]', timeout=60_000)
    assert page.evaluate(FOCUS_IN_HAND)


def test_the_opponent_is_shown_thinking_only_when_its_engine_is_slower_than_the_slot(
    page: Page, base_url: str
) -> None:
    # The engine made slow: each request of the opponent's move reaches the worker 2 s late.
    page.add_init_script(SLOW_ENGINE)
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}", speed="fast")
    expect(page.locator("#thinking")).to_be_hidden()
    page.click('#controls [data-action="pass"]')
    expect(page.locator("#thinking")).to_be_visible()
    wait_idle(page)
    expect(page.locator("#thinking")).to_be_hidden()


def test_the_opponent_s_moves_come_in_their_slot_whatever_the_engine_s_work(
    page: Page, base_url: str
) -> None:
    # Issue 53: the engine's thinking time told whether the opponent could have knocked
    # (AUC 0.947). Watched as an attacker's script would, the time from each request of its
    # move to the answer must follow nothing of the engine's work, which the test times
    # again in CPython for the same positions. A game dealt from a number (the test knows
    # its cards) at the fast speed: its slot, 250 ms, holds the answers as a sealed game's
    # does (the next test), and as at every speed but the instant one of a known deal.
    page.add_init_script(LISTEN)
    long_match = f"?seed={seed_dealt_by(STANDARD, 1)}&level=normal&target=500"
    open_game(page, base_url, long_match, speed="fast")
    on_time = "(late) => window.engineAnswers.filter((answer) => answer.late < late).length"
    while page.evaluate(on_time, LATE_MS) < MOVES:
        take_turn(page)
    answers: list[dict[str, Any]] = page.evaluate("window.engineAnswers")
    moves = [json.loads(answer["text"])["move"] for answer in answers]
    work = engine_times(page, [move["action"] for move in moves])
    timed = [(a["delay"], ms) for a, ms in zip(answers, work, strict=True) if a["late"] < LATE_MS]
    delays = [delay for delay, _ in timed]
    rho = spearman(delays, [ms for _, ms in timed])
    z = rho * math.sqrt(len(delays) - 1)
    print(f"opponent moves {len(answers)}, {len(answers) - len(timed)} late;")
    print(f"  on time: delays {min(delays):.0f}-{max(delays):.0f} ms, engine {min(work):.1f}-")
    print(f"  {max(work):.1f} ms (CPython), rank correlation {rho:.3f} (z {z:.2f})")
    assert all(answer["ms"] is None for answer in answers)  # no time of Python's
    assert abs(z) < 3.29, "the delays follow the engine's work (p < 0.001)"


def test_a_sealed_game_s_page_gets_no_thinking_time(page: Page, base_url: str) -> None:
    # A sealed game (its deal secret) at the instant speed, the most exposed: no answer
    # carries a time, no performance entry names the opponent's decision, and each answer
    # was held until the time the page asked for it, one slot after the last move shown.
    answers = sealed_answers(page, base_url, "normal", SEALED_MOVES)
    assert all(answer["ms"] is None for answer in answers)  # no time of Python's
    assert not [a for a in answers if "ms" in json.loads(a["text"])["move"]]  # nor the engine's
    names = page.evaluate("performance.getEntries().map((entry) => entry.name)")
    assert not [name for name in names if "opponent" in name and name != "opponent turn"]
    assert all(answer["late"] is not False and answer["late"] > -CLOCKS_MS for answer in answers)


def test_the_expert_s_longer_search_is_hidden_in_a_longer_slot(page: Page, base_url: str) -> None:
    # The expert searches for up to 600 ms a move (its clock in the page), beyond the
    # sealed game's 200 ms slot, where its thinking time would tell its hand again: in a
    # sealed game its moves get a slot of 800 ms, and each answer was held until then.
    answers = sealed_answers(page, base_url, "expert", EXPERT_MOVES)
    assert all(answer["ms"] is None for answer in answers)
    assert min(answer["ahead"] for answer in answers) > EXPERT_SLOT_MS - ASKED_MS, (
        "due as soon as other levels"
    )
    assert all(answer["late"] > -CLOCKS_MS for answer in answers)


def sealed_answers(page: Page, base_url: str, level: str, moves: int) -> list[dict[str, Any]]:
    """Play a sealed game against ``level`` at the instant speed until the opponent has made
    ``moves`` moves; return its answers as ``LISTEN`` watched them."""
    page.add_init_script(LISTEN)
    open_game(page, base_url, f"?level={level}")
    while len(page.evaluate("window.engineAnswers")) < moves:
        take_turn(page)
    answers: list[dict[str, Any]] = page.evaluate("window.engineAnswers")
    return answers


def engine_times(page: Page, actions: list[str]) -> list[float]:
    """Return the engine's time (ms, CPython, best of three) for each opponent move the
    page asked for, in order, checking it is the move the record holds."""
    match = engine_match(page)
    data = record.to_data(match)
    level = json.loads(json.loads(page.evaluate(SAVED))["save"])["level"]
    times = []
    for index, text in enumerate(data["actions"]):
        match = record.from_data(data, upto=index)
        if match.to_move != OPPONENT or len(times) == len(actions):
            continue
        assert text == actions[len(times)]
        view = seat_view(match, OPPONENT)
        runs = []
        for _ in range(3):
            started = time.perf_counter()
            decide(level, match.seed, view)
            runs.append((time.perf_counter() - started) * 1000)
        times.append(min(runs))
    assert len(times) == len(actions)
    return times


def ranks(values: list[float]) -> list[float]:
    """Return the ranks of ``values`` (1 for the least; ties share their mean rank)."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for place in range(start, end + 1):
            out[order[place]] = (start + end) / 2 + 1
        start = end + 1
    return out


def spearman(first: list[float], second: list[float]) -> float:
    """Return the rank correlation of two equally long lists."""
    a, b = ranks(first), ranks(second)
    mean = (len(a) + 1) / 2
    cov = sum((x - mean) * (y - mean) for x, y in zip(a, b, strict=True))
    spread = math.sqrt(sum((x - mean) ** 2 for x in a) * sum((y - mean) ** 2 for y in b))
    return cov / spread if spread else 0.0

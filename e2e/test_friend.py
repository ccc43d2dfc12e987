"""A match against a friend in the browser: two pages of one Chromium (two contexts, no
STUN server: host candidates on this machine) connect through ``web/platform/friend.js``, send
each other the invite and the answer codes, and deal a hand through ginrummy.duel in
their Python workers; each page holds only its own cards.

The pages are a bare one on the site's origin (``PAGE``): the site's worker (its
``{duel: op}`` requests) and ``friend.js``, as the "Play a friend" dialog will use them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from player import hand_cards, open_game, phase, poll, saved, table_scores, take_turn
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

PAGE = """<!doctype html><meta charset="utf-8"><title>friend</title>
<script type="module">
const worker = new Worker("worker.js", { type: "module" });
const waiting = new Map();
let next = 1;
const ready = new Promise((resolve, reject) => {
  worker.onmessage = ({ data }) => {
    if (data.stage === "ready") resolve();
    else if (data.fatal) reject(new Error(data.fatal));
    else if (data.id) {
      waiting.get(data.id)(JSON.parse(data.text));
      waiting.delete(data.id);
    }
  };
});
window.duel = async (op, arg) => {
  await ready;
  return new Promise((resolve) => {
    const id = next++;
    waiting.set(id, resolve);
    worker.postMessage({ id, duel: op, arg });
  });
};
window.tables = [];
window.handlers = {
  table: (table) => window.tables.push(table),
  refused: (error) => window.tables.push({ refused: error }),
};
window.friend = await import("./friend.js");
await ready;
window.booted = true;
</script>"""
"""The bare page: the worker's duel requests as ``window.duel``, friend.js as ``window.friend``."""

WAIT_MS = 240_000
"""Generous: the machine running the tests may be very loaded (two Pythons boot at once)."""
NO_STUN = "{ iceServers: [], handlers }"
"""The connection's settings in the tests: no STUN server, no outside address; the
page's handlers keep every table."""
EN = json.loads(
    "{"
    + ",".join(
        line.strip().rstrip(",")
        for line in (Path(__file__).resolve().parent.parent / "web/lang/en.js")
        .read_text("utf-8")
        .splitlines()
        if line.strip().startswith('"friend.')
    )
    + "}"
)
"""The English table's friend's-match strings."""


@pytest.fixture
def pages(browser: Browser, base_url: str) -> Iterator[list[Page]]:
    """Two booted pages, each in a context of its own (two players' browsers)."""
    contexts = [browser.new_context(locale="en-US", service_workers="block") for _ in range(2)]
    opened = []
    for context in contexts:
        context.route(
            "**/friend-test.html", lambda route: route.fulfill(body=PAGE, content_type="text/html")
        )
        page = context.new_page()
        page.goto(f"{base_url}friend-test.html")
        opened.append(page)
    for page in opened:
        page.wait_for_function("window.booted === true", timeout=WAIT_MS)
    yield opened
    for context in contexts:
        context.close()


def invite(host: Page, build: str = "b1") -> str:
    """Have ``host`` make an invite under the standard rules; return its link."""
    link = host.evaluate(
        f"""async () => {{
            const rules = {{ preset: "standard" }};
            window.invited = await friend.invite(duel, {{ rules, build: "{build}", ...{NO_STUN} }});
            return window.invited.link;
        }}"""
    )
    assert isinstance(link, str)
    return link


def join(guest: Page, link: str, build: str = "b1", options: str = "") -> Any:
    """Have ``guest`` join ``link`` (with friend.join's ``options``, JavaScript): its
    answer's code and the rules, or the error it shows."""
    return guest.evaluate(
        f"""async (link) => {{
            try {{
                const options = {{ build: "{build}", ...{NO_STUN}, {options} }};
                window.joined = await friend.join(duel, link, options);
                return {{ code: window.joined.code, rules: window.joined.rules }};
            }} catch (error) {{
                return {{ error: error.message, friendly: error instanceof friend.FriendError }};
            }}
        }}""",
        link,
    )


def test_two_pages_connect_and_each_is_dealt_only_its_own_hand(pages: list[Page]) -> None:
    host, guest = pages
    link = invite(host)
    assert re.fullmatch(r"http://[^#]+/friend-test\.html#friend=[A-Za-z0-9_-]+", link)
    joined = join(guest, link)
    assert "code" in joined, joined
    assert joined["rules"]["knock_limit"] == 10
    assert "a=candidate" not in link and "a=candidate" not in joined["code"]  # deflated
    guest.evaluate("() => { joined.connected.then((match) => (window.match = match)); }")
    host.evaluate(
        "async (code) => { window.match = await invited.accept(code); }",
        joined["code"],
    )
    hands = []
    for page in pages:
        page.wait_for_function(
            "tables.some((table) => table.stage === 'playing')", timeout=WAIT_MS, polling=500
        )
        table = page.evaluate("tables.findLast((table) => table.stage === 'playing')")
        hands.append(table["view"]["hand"])
    assert [len(hand) for hand in hands] == [10, 10]
    assert not set(hands[0]) & set(hands[1])
    for seat, page in enumerate(pages):
        # what the page was told, and what its worker keeps of the match (its save)
        seen = json.dumps(page.evaluate("tables")) + json.dumps(page.evaluate("duel('save')"))
        assert all(f'"{card}"' in seen for card in hands[seat])
        assert not [card for card in hands[1 - seat] if f'"{card}"' in seen], (
            "a page saw the other's card"
        )
    # the first move reaches the other page, whose table then lists its own moves
    mover = host.evaluate("tables.at(-1).view.to_move")
    legal = pages[mover].evaluate("tables.at(-1).view.legal")
    assert legal and not pages[1 - mover].evaluate("tables.at(-1).view.legal")
    pages[mover].evaluate("(action) => match.play(action)", "pass" if "pass" in legal else legal[0])
    pages[1 - mover].wait_for_function(
        "tables.at(-1).view.legal.length > 0", timeout=WAIT_MS, polling=500
    )
    states = [
        page.evaluate("duel('table').then((answer) => answer.table.state_hash)") for page in pages
    ]
    assert states[0] == states[1]


def test_an_invite_of_another_build_is_refused_plainly(pages: list[Page]) -> None:
    host, guest = pages
    joined = join(guest, invite(host, build="b1"), build="b2")
    assert joined == {"error": EN["friend.other_build"], "friendly": True}


def test_a_code_cut_short_or_of_the_wrong_kind_is_refused_plainly(pages: list[Page]) -> None:
    host, guest = pages
    link = invite(host)
    assert join(guest, link[:-40]) == {"error": EN["friend.bad_code"], "friendly": True}
    # an answer's code where an invite's is asked for
    joined = join(guest, link)
    assert join(host, joined["code"]) == {"error": EN["friend.bad_code"], "friendly": True}


def test_pages_that_cannot_reach_each_other_say_what_to_try(pages: list[Page]) -> None:
    host, guest = pages
    joined = join(guest, invite(host), options="connectMs: 3000")
    assert "code" in joined, joined
    # the host never takes the answer: the guest's page gives up after connectMs
    failed = guest.evaluate(
        "() => joined.connected.then(() => 'connected', (error) => error.message)"
    )
    assert failed == EN["friend.no_connection"]


# --- the page: "Play a friend" in the new-game dialog, and the match at the table -------

NO_STUN_PAGE = """{
    const Native = RTCPeerConnection;
    window.RTCPeerConnection = class extends Native {
        constructor(config = {}) { super({ ...config, iceServers: [] }); }
    };
}"""
"""Run first in each page: its connections use no STUN server (host candidates only)."""
ACTIONS = (
    "() => [...document.querySelectorAll('#table [data-action]')]"
    ".map((control) => control.dataset.action).join()"
)
"""The moves the table offers now, as one text (it changes once a move is taken)."""
TO_MOVE = (
    "() => document.querySelector('#table').dataset.busy === 'false' && document.querySelector("
    "'#table [data-action]:not([aria-disabled=\"true\"]):not(:disabled)') !== null"
)
"""Whether the page waits for its player's move: a move offered and enabled (a page that
waits for its friend draws its hand's cards disabled), no request or drawing in progress
(on a loaded machine a table is read mid-way through drawing a move)."""


def two_tables(browser: Browser, base_url: str, *scripts: str) -> Iterator[list[Page]]:
    """Yield two players' pages of the site, each in a context of its own that runs the
    init ``scripts`` first, a game against the computer dealt in each: a match won by the
    first hand won, so a whole match is one hand."""
    contexts = [browser.new_context(locale="en-US", service_workers="block") for _ in range(2)]
    opened = []
    for context in contexts:
        for script in scripts:
            context.add_init_script(script)
        page = context.new_page()
        open_game(page, base_url, "?preset=standard&match=hands&hands_to_win=1&seed=3")
        opened.append(page)
    yield opened
    for context in contexts:
        context.close()


@pytest.fixture
def tables(browser: Browser, base_url: str) -> Iterator[list[Page]]:
    """Two players' pages of the site (``two_tables``), with no STUN server."""
    yield from two_tables(browser, base_url, NO_STUN_PAGE)


def invite_at_table(host: Page, guest: Page) -> None:
    """Have ``host`` invite from the new-game dialog and ``guest`` open the link and send
    its answer back, which the host pastes and connects to."""
    host.click("#new-button")
    host.click('#newgame [data-friend="host"]')
    link = host.locator('#newgame textarea[name="invite"]')
    expect(link).to_have_value(re.compile("#friend="), timeout=WAIT_MS)
    expect(host.locator("#newgame canvas.friend-qr")).to_have_attribute("role", "img")
    guest.goto(link.input_value())
    answer = guest.locator('#newgame textarea[name="answer"]')
    expect(answer).not_to_have_value("", timeout=WAIT_MS)
    host.fill('#newgame textarea[name="answer"]', answer.input_value())
    host.click('#newgame [data-friend="connect"]')


def connect_tables(host: Page, guest: Page) -> None:
    """Connect ``host`` and ``guest`` (``invite_at_table``); wait until both tables show
    the first hand."""
    invite_at_table(host, guest)
    for page in (host, guest):
        expect(page.locator("#newgame")).not_to_be_visible(timeout=WAIT_MS)
        expect(page.locator("#hand .card")).to_have_count(10, timeout=WAIT_MS)
        expect(page.locator("#hint-button")).to_be_hidden()


def play_moves(tables: list[Page], count: int, stop: str = "") -> None:
    """Make ``count`` moves, each by the page whose player is to move (until the table's
    phase is ``stop`` on both pages, if given); fail on a message that stops the match."""
    made = 0
    for _ in range(400 * max(count, 1)):
        if made >= count or (stop and all(phase(page) == stop for page in tables)):
            return
        said = [page.locator("dialog#message[open]").all_inner_texts() for page in tables]
        assert not any(said), f"a message stopped the match: {said}"
        movers = [page for page in tables if page.evaluate(TO_MOVE)]
        if not movers:
            tables[0].wait_for_timeout(100)
            continue
        before = movers[0].evaluate(ACTIONS)
        try:
            take_turn(movers[0])
        except PlaywrightTimeoutError:  # read between two drawings of the table: read again
            continue
        poll(movers[0], ACTIONS, lambda now, before=before: now != before)
        made += 1
    raise AssertionError(f"made {made} of {count} moves")


DISCARDABLE = "#hand .card[data-action^='discard ']:not([aria-disabled='true'])"
"""A card of the hand its player may throw now."""


def test_taps_made_while_a_move_is_sent_are_not_moves_out_of_turn(tables: list[Page]) -> None:
    # A discard tapped again while it was being sent made a second move: the page asked
    # for it out of turn and showed "'discard 6s' must wait: it is the other player's
    # turn" in an error dialog. The page takes no input until the move is taken.
    connect_tables(*tables)
    for _ in range(20):
        thrower = next((page for page in tables if page.locator(DISCARDABLE).count()), None)
        if thrower is not None:
            break
        play_moves(tables, 1)
    assert thrower is not None, "no discard in 20 moves"
    other = tables[1 - tables.index(thrower)]
    # pick, throw, and tap twice more before the page has heard back from Python
    thrower.locator(DISCARDABLE).first.evaluate(
        "card => { for (let i = 0; i < 4; i++) card.click(); }"
    )
    poll(other, TO_MOVE)  # the friend's turn: the throw was taken
    expect(thrower.locator("dialog#message")).to_be_hidden()
    play_moves(tables, 2)  # and play goes on


def replay_to_the_end(page: Page, artifacts: Path, name: str) -> None:
    """Open the replay of the match just over from ``page``'s end screen and step to its
    end: its player is "You" at the bottom, and the scores are the table's."""
    table = table_scores(page)
    page.locator('#showdown [data-command="replay-match"]').click()
    dialog = page.locator("dialog#replay")
    expect(dialog.locator(".replay-view")).to_have_attribute("data-step", "0")
    heads = dialog.locator(".replay-seat h3")
    expect(heads.nth(0)).to_contain_text("Opponent")
    expect(heads.nth(1)).to_contain_text("You")
    dialog.get_by_role("button", name="Next move").click()
    expect(dialog.locator(".replay-view")).to_have_attribute("data-step", "1")
    page.keyboard.press("End")
    expect(dialog.get_by_role("button", name="Last move")).to_be_disabled()
    expect(dialog.locator(".replay-where")).to_contain_text(
        f"You {table['You']}, Opponent {table['Opponent']}"
    )
    expect(dialog.locator(".replay-seat .hidden-hand")).to_have_count(0)  # both shown
    page.screenshot(path=artifacts / f"friend-replay-{name}.png")
    dialog.get_by_role("button", name="Close").click()


def test_two_pages_play_a_whole_match_at_the_table(tables: list[Page], artifacts: Path) -> None:
    """Two pages play a whole match (one hand) at the table; once it is over each replays
    it from its own seat, and neither counts it in its game against the computer."""
    host, guest = tables
    computer_game = [saved(page)["save"] for page in tables]
    stats = [page.evaluate("localStorage.getItem('ginrummy.stats')") for page in tables]
    connect_tables(host, guest)
    hands = [set(hand_cards(page)) for page in tables]
    assert not hands[0] & hands[1]
    play_moves(tables, 10_000, stop="match_over")
    assert [phase(page) for page in tables] == ["match_over", "match_over"]
    results = [page.locator("#showdown").inner_text() for page in tables]
    assert all("Score sheet" in text or "score" in text.lower() for text in results), results
    # the friend's match saved nothing over the game against the computer, nor counted in
    # its statistics
    assert [saved(page)["save"] for page in tables] == computer_game
    assert [page.evaluate("localStorage.getItem('ginrummy.stats')") for page in tables] == stats
    host.set_viewport_size({"width": 390, "height": 844})
    replay_to_the_end(host, artifacts, "host-phone")
    guest.set_viewport_size({"width": 1280, "height": 800})
    replay_to_the_end(guest, artifacts, "guest-desktop")


TAMPER = """{
    const send = RTCDataChannel.prototype.send;
    let done = false;
    RTCDataChannel.prototype.send = function (text) {
        const message = JSON.parse(text);
        if (done || !window.tamper) return send.call(this, text);
        if (window.tamper === "forge" && message.type === "open") {
            const keys = message.keys;
            const [first, second] = Object.keys(keys);  // two cards' keys swapped
            [keys[first], keys[second]] = [keys[second], keys[first]];
            done = true;
            return send.call(this, JSON.stringify(message));
        }
        if (window.tamper === "illegal" && message.type === "move") {
            done = true;
            return send.call(this, JSON.stringify({ ...message, action: "stock" }));
        }
        if (window.tamper === "replay" && message.type === "move") {
            done = true;
            send.call(this, text);
        }
        return send.call(this, text);
    };
}"""
"""Run first in the guest's page: its first message of the kind ``window.tamper`` names
leaves altered: an "open" with two cards' keys swapped (``forge``), a move turned into a
draw from the stock while the first upcard is offered (``illegal``), a move sent twice
(``replay``)."""


PASS = '#table [data-action="pass"]'
"""The control that declines the first upcard."""


@pytest.mark.parametrize("tamper", ["forge", "illegal", "replay"])
def test_a_tampering_page_is_caught_and_the_match_ends(tables: list[Page], tamper: str) -> None:
    host, guest = tables
    computer_game = saved(host)["save"]
    stats = host.evaluate("localStorage.getItem('ginrummy.stats')")
    guest.context.add_init_script(TAMPER)
    guest.context.add_init_script(f"window.tamper = {json.dumps(tamper)}")
    invite_at_table(host, guest)
    if tamper != "forge":  # the deal is fair: the guest's first move is altered
        for page in tables:
            expect(page.locator("#hand .card")).to_have_count(10, timeout=WAIT_MS)
        declined = False  # the first upcard, by the host when it is offered it first
        for _ in range(WAIT_MS // 250):
            if guest.locator(PASS).count():
                break
            if not declined and host.locator(PASS).count():
                host.locator(PASS).click()
                declined = True
            host.wait_for_timeout(250)
        guest.locator(PASS).click()
    message = host.locator("#message-text")
    expect(message).to_contain_text(EN["friend.ended"].split("(")[0], timeout=WAIT_MS)
    # the game against the computer is back, its save and statistics as they were
    expect(host.locator("#hint-button")).to_be_visible()
    assert saved(host)["save"] == computer_game
    assert host.evaluate("localStorage.getItem('ginrummy.stats')") == stats

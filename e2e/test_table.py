"""The table a player meets every turn: hints, sorting, safe discards, whose turn it is,
lay-offs and the match's end, checked in Chromium at phone and desktop sizes."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from player import (
    click_action,
    engine_match,
    fits_the_height,
    fits_the_width,
    go_out,
    hand_cards,
    open_game,
    phase,
    plant_save,
    poll,
    resize,
    saved,
    take_turn,
    tap,
    turned_to_each,
    wait_idle,
    window,
)
from playwright.sync_api import Page, ViewportSize, expect

from deals import KNOCKER, LOOSE, STANDARD, crafted, make_deck, played_by_hard, seed_dealt_by
from ginrummy.bot import make_player
from ginrummy.bridge import Session, resume
from ginrummy.match import Match
from ginrummy.view import seat_view

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SUITS = "shcd"  # the page's suit sort: spades, hearts, clubs, diamonds (colours alternate)
RANKS = "A23456789TJQK"


def by_suit(text: str) -> int:
    """Return where the suit sort puts card ``text``."""
    return SUITS.index(text[1]) * 13 + RANKS.index(text[0])


def by_rank(text: str) -> int:
    """Return where the rank sort puts card ``text``."""
    return RANKS.index(text[0]) * 4 + SUITS.index(text[1])


def groups(page: Page) -> list[list[str]]:
    """Return the hand's groups as shown: each meld, then the deadwood, as card texts."""
    found: list[list[str]] = page.locator("#hand .group").evaluate_all(
        "gs => gs.map(g => [...g.querySelectorAll('.card')].map(c => c.dataset.card))"
    )
    return found


def within_the_window(page: Page, selector: str) -> bool:
    """Return whether the element ``selector`` lies wholly inside the window as it is."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


def uncovered(page: Page, selector: str) -> bool:
    """Return whether the element ``selector`` shows whole in the window: inside it and,
    at each end of its middle line, on top of whatever else is there."""
    shown: bool = page.locator(selector).evaluate(
        """(node) => {
          const box = node.getBoundingClientRect();
          if (box.top < 0 || box.bottom > innerHeight) return false;
          const y = (box.top + box.bottom) / 2;
          const under = (x) => node.contains(document.elementFromPoint(x, y));
          return under(box.left + 2) && under(box.right - 2);
        }"""
    )
    return shown


def knock_ready(page: Page, base_url: str) -> None:
    """Open a crafted hand where the player takes the 2d and can knock with the Kd (2)."""
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "2d"))
    click_action(page, "upcard")


def test_beside_a_gin_a_knock_is_offered_only_for_the_picked_card(
    page: Page, base_url: str
) -> None:
    # Taking the 4s, the Kd's discard is gin (As2s3s4s, 4c5c6c, 7d7h7s), and throwing the
    # As knocks with the Kd's 10: the knock was offered beside the gin (on a hand of four
    # threes, five knocks in three rows), though it scores less than the gin and can be
    # undercut. The gin stands alone now; a picked card still offers its knock.
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "4s"))
    click_action(page, "upcard")
    knocks = page.locator("#controls .go-out.knock:visible")
    expect(page.locator('#controls [data-action="gin Kd"]')).to_be_visible()
    expect(knocks).to_have_count(0)
    offered = resume(Session(), saved(page)["save"])["going_out"]
    assert sorted(e["action"] for e in offered) == ["gin Kd", "knock As"]
    tap(page.locator('#hand [data-card="As"]'))
    expect(knocks).to_have_count(1)
    expect(knocks).to_have_attribute("data-action", "knock As")


def test_a_hint_to_knock_marks_the_knock_button_in_its_own_line(page: Page, base_url: str) -> None:
    # The engine's knock names its melds ("knock Kd As2s3s ..."); the button is "knock Kd".
    knock_ready(page, base_url)
    page.click("#hint-button")
    expect(page.locator("#hint-line")).to_contain_text("Hint:")
    expect(page.locator('#controls .go-out.knock.hinted[data-action="knock Kd"]')).to_be_visible()
    expect(page.locator("#opp-says")).not_to_contain_text("Hint")
    click_action(page, "discard 7h")  # the player acts otherwise: the hint is gone
    expect(page.locator("#hint-line")).to_be_hidden()
    expect(page.locator(".hinted")).to_have_count(0)


def test_one_knock_is_offered_the_least_deadwood_or_the_picked_card_s(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # Taking the Ac, four discards knock: 2h (1 deadwood), 3s (6), 2s (7) and As (8). A
    # button each took a small phone's narrow column down past the hand (320x568: 650 px
    # high, 787 with a card picked and a hint). The knock that leaves least is offered, the
    # picked card's when it knocks, and the hinted one.
    page.set_viewport_size(window("320x568"))
    match = crafted("As 2s 3s 4c 5c 6c 7d 7h 7s 2h", "Kc Qd Jd 9c 8d Ts 4h 3h Qh 5d", "Ac")
    plant_save(page, base_url, match)
    click_action(page, "upcard")
    knocks = page.locator("#controls .go-out.knock:visible")
    expect(knocks).to_have_count(1)
    expect(knocks).to_have_attribute("data-action", "knock 2h")
    assert page.evaluate("document.documentElement.scrollHeight") <= 580  # 650 with four
    tap(page.locator('#hand [data-card="3s"]'))
    expect(knocks).to_have_count(1)
    expect(knocks).to_have_attribute("data-action", "knock 3s")
    page.click("#hint-button")
    expect(page.locator("#hint-line")).to_contain_text("Knock, discarding the 2♥")
    expect(knocks).to_have_count(2)
    expect(page.locator('#controls .go-out.knock.hinted[data-action="knock 2h"]')).to_be_visible()
    page.screenshot(path=str(artifacts / "knock-picked-and-hinted-320x568.png"))
    page.locator('#hand [data-card="2s"]').focus()  # K knocks with the focused card still
    page.keyboard.press("k")
    confirm = page.locator("dialog#confirm")
    expect(confirm.locator("[data-action]").first).to_have_attribute("data-action", "knock 2s")
    page.keyboard.press("Escape")
    expect(confirm).to_be_hidden()
    go_out(page, "knock 3s")
    expect(page.locator("#showdown .knocker span.deadwood")).to_have_text("Deadwood: 6")


def hand_at_320x568(page: Page, base_url: str, match: Match, groups: int) -> tuple[int, int]:
    """Plant ``match`` at 320x568, its hand in ``groups`` groups, and return the rows the hand's
    eleven cards take and their width (px)."""
    page.set_viewport_size(window("320x568"))
    plant_save(page, base_url, match)
    expect(page.locator("#hand .group")).to_have_count(groups)
    tops = page.locator("#hand .card").evaluate_all(
        "cards => cards.map((card) => Math.round(card.getBoundingClientRect().top))"
    )
    assert len(tops) == 11, tops
    return len(set(tops)), page.locator("#hand .card").first.evaluate("card => card.offsetWidth")


def test_a_hand_of_three_groups_keeps_one_row_of_narrower_cards_on_a_small_phone(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # Three twos, a run of diamonds and five loose cards (a hand hard played to its 88th
    # move): at 320x568 its groups took two rows of 54 px cards, the page 592 px high. The
    # cards narrow to keep one row (42 px here), down to three quarters of their width.
    rows, width = hand_at_320x568(page, base_url, played_by_hard(STANDARD, 88, seed=1), groups=3)
    assert rows == 1
    assert 40 <= width < 54, width
    assert fits_the_height(page)
    page.screenshot(path=str(artifacts / "hand-one-row-320x568.png"))


def test_a_hand_of_four_groups_wraps_in_the_narrowest_cards_on_a_small_phone(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # Three twos, three threes, three sixes and A♥ 4♠ (a hand hard played to its 40th move):
    # four groups are too wide for one row even at the narrowest cards, so they wrap, and
    # took two rows of 54 px cards at 320x568, the page 592 px high. They wrap in cards
    # narrowed as far as they go (three quarters: 40 px), which fit the window.
    rows, width = hand_at_320x568(page, base_url, played_by_hard(STANDARD, 40, seed=3), groups=4)
    assert rows == 2
    assert 39 <= width <= 41, width
    assert fits_the_height(page)
    page.screenshot(path=str(artifacts / "hand-two-rows-320x568.png"))


def test_a_hint_stands_for_the_prompt_on_a_small_phone(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # In German at 375x667, the prompt beside the piles took four lines and the hint under it
    # four more: the page was 694 px high on this turn, the hand's second row cut. The hint
    # takes the prompt's place, as in Mahjong gin, until the move is made.
    page.set_viewport_size(window("375x667"))
    plant_save(page, f"{base_url}?lang=de", played_by_hard(STANDARD, 76, seed=1))
    prompt = page.locator("#prompt")
    expect(prompt).to_have_text(
        "Wähle deinen Abwurf mit einem Tipp, oder ziehe ihn auf den Ablagestapel"
    )
    page.keyboard.press("h")
    expect(page.locator("#hint-line")).to_contain_text("Tipp:")
    expect(prompt).to_be_hidden()
    assert fits_the_height(page)
    page.screenshot(path=str(artifacts / "hint-for-the-prompt-375x667-de.png"))
    take_turn(page)
    expect(page.locator("#hint-line")).to_be_hidden()
    expect(prompt).to_be_visible()


def test_the_opponent_s_last_move_is_shown_again_after_a_reload(page: Page, base_url: str) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 0)}")  # the opponent starts
    said = page.locator("#opp-says").inner_text()
    assert said.startswith("The opponent "), said
    page.reload()
    wait_idle(page)
    expect(page.locator("#opp-says")).to_have_text(said)


def test_lay_offs_go_into_the_meld_in_rank_order_and_are_said_in_words(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # The player knocks with 5d 6d 7d 8d (and 2c 3c As: 6 points); the opponent lays off the
    # 4d and the 9d on it. A run of four or more is named by its ends, as on the table.
    match = crafted("5d 6d 7d 8d Js Jc Jh 2c 3c Ks", "4d 9d Qh Qs Kh Kc Tc 9s 8s 7s", "As")
    plant_save(page, base_url, match)
    click_action(page, "upcard")
    go_out(page, "knock Ks")
    meld = page.locator(".laid.knocker .group.meld", has=page.locator('[data-card="6d"]'))
    expect(meld.locator(".card")).to_have_count(6)
    cards = meld.locator(".card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert cards == ["4d", "5d", "6d", "7d", "8d", "9d"]
    expect(page.locator(".layoff-words")).to_contain_text(
        "The opponent laid off 4♦ and 9♦ on 5♦\N{EN DASH}8♦."
    )
    expect(page.locator(".layoff-words .legend")).to_contain_text("framed in blue")
    page.screenshot(path=str(artifacts / "phone-layoffs.png"))


def test_lay_offs_are_named_as_the_meld_shows_them_not_as_laid(page: Page, base_url: str) -> None:
    # The player knocks with 6d 7d 8d 9d; the opponent lays off the 5d, then the 4d (it fits
    # only after the 5d), and the sentence names them as the meld shows them.
    match = crafted("6d 7d 8d 9d Js Jc Jh 2c 3c Ks", "4d 5d Qh Qs Kh Kc Tc 9s 8s 7s", "As")
    plant_save(page, base_url, match)
    click_action(page, "upcard")
    go_out(page, "knock Ks")
    expect(page.locator(".layoff-words p").first).to_have_text(
        "The opponent laid off 4♦ and 5♦ on 6♦\N{EN DASH}9♦."
    )


def near_match_end() -> Match:
    """Return a standard match where each player has won a hand of 76 (the knocker's 2
    deadwood against 78) and the player, again the non-dealer, is dealt a third knock."""
    match = Match(
        STANDARD,
        seed=seed_dealt_by(STANDARD, 1),
        decks=[
            make_deck(KNOCKER, LOOSE, upcard="2d"),
            make_deck(KNOCKER, LOOSE, upcard="2d"),  # the opponent is the non-dealer now
            make_deck(KNOCKER, LOOSE, upcard="2d"),
        ],
    )
    for action in ["upcard", "knock Kd", "next", "upcard", "knock Kd", "next"]:
        match.play(action)
    assert match.scoresheet.grand_totals() == [76, 76]
    return match


def test_the_match_end_says_the_winner_first_and_shows_the_final_scores(
    page: Page, base_url: str, artifacts: Path
) -> None:
    plant_save(page, base_url, near_match_end())
    click_action(page, "upcard")
    go_out(page, "knock Kd")
    assert phase(page) == "match_over"
    totals = engine_match(page).scoresheet.grand_totals()
    assert totals[0] > totals[1]
    expect(page.locator(".match-end")).to_have_text(
        f"You won the match, {totals[0]} to {totals[1]}!"
    )
    expect(page.locator('#scores [data-score="0"]')).to_have_text(str(totals[0]))
    expect(page.locator('#scores [data-score="1"]')).to_have_text(str(totals[1]))
    # Both won hands: the line bonus is one row, each seat's points in its column, its
    # name a row label like "Total" (capitalised: the rule's name is lower case mid-sentence).
    line = page.locator(".sheet-game tr.bonus", has_text="line bonus")
    expect(line).to_have_count(1)
    expect(line.locator("th")).to_have_text("Line bonus: hands won")
    expect(line.locator("td")).to_have_text(["50", "25"])
    # The match's result is the headline, the hand's own line under it, smaller.
    headline = page.locator("#showdown h2")
    expect(headline).to_have_count(1)
    expect(headline).to_have_class(re.compile(r"\bmatch-end won\b"))
    expect(page.locator("#showdown .outcome")).to_have_text("You knocked and won the hand")
    final = page.locator(".sheet-game tr.total").last
    expect(final.locator("th")).to_have_text("Final")
    font_size = "node => parseFloat(getComputedStyle(node).fontSize)"
    for size in turned_to_each(page, [PHONE, DESKTOP]):
        outcome = page.locator("#showdown .outcome")
        assert headline.evaluate(font_size) > outcome.evaluate(font_size), size
        assert within_the_window(page, ".match-end"), size
        # The Final row shows without scrolling, not under the buttons that stick at the foot.
        assert uncovered(page, ".sheet-game tr.total:last-child"), size
        name = "phone" if size == PHONE else "desktop"
        page.screenshot(path=str(artifacts / f"{name}-match-end.png"))


def after_a_dead_hand() -> Match:
    """Return a standard match whose first hand died (both players drew and threw a card
    until two were left in the stock: no score) and whose second deals the player, the
    non-dealer again (the same dealer deals after a dead hand), a knock with the Kd."""
    deck = make_deck(KNOCKER, LOOSE, upcard="2d")
    match = Match(STANDARD, seed=seed_dealt_by(STANDARD, 1), decks=[deck, deck])
    match.play("pass")
    match.play("pass")
    while not match.hand.over:
        match.play("stock")
        match.play([a for a in match.legal_actions() if a.text.startswith("discard")][-1])
    match.play("next")
    assert match.hand_number == 2 and match.dealer == 1
    return match


def test_a_match_of_hands_names_the_hands_to_win_not_a_points_target(
    page: Page, base_url: str
) -> None:
    # A match won by the first to win three hands said "to 100", a target it does not have.
    open_game(page, base_url, "?match=hands&hands_to_win=3")
    expect(page.locator("#scores .target")).to_have_text("3 hands to win")


def test_a_dead_hand_keeps_its_row_on_the_score_sheet(
    page: Page, base_url: str, artifacts: Path
) -> None:
    page.set_viewport_size(PHONE)
    plant_save(page, base_url, after_a_dead_hand())
    click_action(page, "upcard")
    go_out(page, "knock Kd")
    # Hand 1 scored nothing and is listed as such; hand 2 is the knock's 76 (78 - 2).
    rows = page.locator("#showdown .sheet-game tr")
    expect(rows.nth(1).locator("th")).to_have_text("Hand 1")
    expect(rows.nth(1).locator("td")).to_have_text(["dead hand: no score"])
    expect(rows.nth(2).locator("th")).to_have_text("Hand 2")
    expect(rows.nth(2).locator("td")).to_have_text(["76", "0"])
    page.locator("#showdown .sheet").screenshot(path=str(artifacts / "phone-dead-hand-sheet.png"))


def test_sorting_by_suit_and_rank_keeps_melds_together(page: Page, base_url: str) -> None:
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "Jc"))
    page.click('#sort [data-sort="suit"]')
    expect(page.locator('#sort [data-sort="suit"]')).to_have_attribute("aria-pressed", "true")
    shown = groups(page)
    assert [sorted(group) for group in shown[:3]] == [
        sorted(meld) for meld in (["As", "2s", "3s"], ["7s", "7d", "7h"], ["4c", "5c", "6c"])
    ], "melds in the order their first card sorts, each kept whole"
    assert shown[-1] == ["Kd"]
    page.locator("#hand .card").first.focus()
    page.keyboard.press("r")  # the other sort
    expect(page.locator('#sort [data-sort="rank"]')).to_have_attribute("aria-pressed", "true")
    firsts = [group[0] for group in groups(page)[:3]]
    assert firsts == sorted(firsts, key=by_rank)
    # The taken card goes where the sort puts it: Jc before Kd in the deadwood.
    click_action(page, "upcard")
    assert groups(page)[-1] == ["Jc", "Kd"]
    # The player's own order (a drag) is kept, and the sort buttons show no sort.
    page.locator('#hand [data-card="Kd"]').drag_to(
        page.locator('#hand [data-card="Jc"]'),
        source_position={"x": 6, "y": 12},
        target_position={"x": 6, "y": 12},
    )
    assert groups(page)[-1] == ["Kd", "Jc"]
    expect(page.locator('#sort [aria-pressed="true"]')).to_have_count(0)
    assert saved(page)["own"] is True


def test_a_drawn_card_goes_where_the_suit_sort_puts_it(page: Page, base_url: str) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}")
    page.click('#sort [data-sort="suit"]')
    click_action(page, "pass")
    if phase(page) == "first_upcard":
        click_action(page, "pass")
    before = set(hand_cards(page))
    click_action(page, "stock")
    (drawn,) = set(hand_cards(page)) - before
    deadwood = groups(page)[-1]
    assert drawn in deadwood, "this deal's draw makes no meld"
    assert deadwood == sorted(deadwood, key=by_suit), deadwood


def test_a_first_tap_picks_the_discard_and_shows_what_it_leaves(page: Page, base_url: str) -> None:
    knock_ready(page, base_url)
    expect(page.locator("#deadwood")).to_have_text("Deadwood: 2 after the best discard")
    card = page.locator('#hand [data-card="7h"]')
    tap(card)
    expect(card).to_have_class("card face selected")
    # Without the 7h the sevens are no set: 7d 7s Kd 2d, 26 left over.
    expect(card.locator(".after")).to_have_attribute("data-count", "26")
    expect(page.locator("#deadwood")).to_have_text("Discarding 7♥: deadwood 26")
    expect(page.locator('#controls [data-action="discard 7h"]')).to_have_text("Discard 7♥")
    assert len(engine_match(page).actions) == 1  # nothing discarded yet
    page.keyboard.press("Escape")
    expect(page.locator("#hand .selected")).to_have_count(0)
    tap(card)
    tap(card)  # the second tap discards
    wait_idle(page)
    assert engine_match(page).actions[1].text == "discard 7h"
    expect(page.locator("#table .after, #table [aria-pressed='true'].card")).to_have_count(0)


def test_enter_twice_discards_the_focused_card(page: Page, base_url: str) -> None:
    knock_ready(page, base_url)
    page.locator('#hand [data-card="Kd"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator('#hand [data-card="Kd"]')).to_have_class("card face selected")
    expect(page.locator("#announce")).to_contain_text("You picked the king of diamonds to discard")
    page.keyboard.press("Enter")
    wait_idle(page)
    assert engine_match(page).actions[1].text == "discard Kd"


def test_the_one_tap_setting_discards_at_once(page: Page, base_url: str) -> None:
    page.add_init_script("localStorage.setItem('ginrummy.settings', '{\"oneTap\": true}')")
    knock_ready(page, base_url)
    expect(page.locator("#prompt")).to_have_text("Discard, or go out")
    tap(page.locator('#hand [data-card="Kd"]'))
    wait_idle(page)
    assert engine_match(page).actions[1].text == "discard Kd"


def test_take_beside_pass_on_the_first_upcard(page: Page, base_url: str) -> None:
    plant_save(page, base_url, crafted(KNOCKER, LOOSE, "2d"))
    expect(page.locator("#prompt")).to_have_text("Take the 2♦ or pass?")
    take = page.locator('#controls [data-action="upcard"]')
    expect(take).to_have_text("Take 2♦")
    expect(page.locator('#controls [data-action="pass"]')).to_be_visible()
    take.click()
    wait_idle(page)
    assert engine_match(page).actions[0].text == "upcard"


def test_whose_turn_it_is_shows_at_a_glance(page: Page, base_url: str) -> None:
    open_game(page, base_url, f"?seed={seed_dealt_by(STANDARD, 1)}", speed="slow")
    highlighted = "el => getComputedStyle(el).boxShadow !== 'none'"
    assert page.locator("#me").evaluate(highlighted)
    assert not page.locator("#opponent").evaluate(highlighted)
    expect(page.locator("#thinking")).to_be_hidden()
    page.click('#controls [data-action="pass"]')
    # The opponent's move comes in its slot, at the slow pace: its seat lit meanwhile (the
    # thinking dots show only for an engine slower than the slot: test_pace.py).
    expect(page.locator("#table")).to_have_attribute("data-turn", "opponent")
    expect(page.locator("#opponent")).not_to_have_css("box-shadow", "none")  # lit (0.3 s)
    wait_idle(page)
    expect(page.locator("#thinking")).to_be_hidden()


def test_the_desktop_table_uses_its_width_and_height(page: Page, base_url: str) -> None:
    page.set_viewport_size(DESKTOP)
    knock_ready(page, base_url)
    page.mouse.move(1, 1)
    boxes = page.locator("#hand .card").evaluate_all(
        "cs => cs.map(c => c.getBoundingClientRect()).map(r => [r.left, r.right])"
    )
    overlaps = [this[1] - after[0] for this, after in itertools.pairwise(boxes)]
    assert max(overlaps) <= 0, "eleven cards side by side on a 1280 px table"
    # No wide empty band between the opponent, the piles, the prompt and the hand.
    bottom = page.locator("#opp-says").bounding_box()
    piles = page.locator(".middle").bounding_box()
    talk = page.locator(".talk").bounding_box()
    hand = page.locator("#me").bounding_box()
    assert bottom and piles and talk and hand
    assert piles["y"] - (bottom["y"] + bottom["height"]) <= 100
    assert talk["y"] - (piles["y"] + piles["height"]) <= 24
    assert hand["y"] - (talk["y"] + talk["height"]) <= 100
    # The stock's "N left" starts below its stacked edge and shadow.
    stack = page.locator("#stock").bounding_box()
    label = page.locator("#stock-count").bounding_box()
    assert stack and label and label["y"] >= stack["y"] + stack["height"] + 6


def test_the_phone_hand_fits_its_width(page: Page, base_url: str) -> None:
    knock_ready(page, base_url)
    box = page.locator("#hand").bounding_box()
    cards = page.locator("#hand .card").evaluate_all(
        "cs => cs.map(c => c.getBoundingClientRect()).map(r => [r.left, r.right, r.width])"
    )
    assert box is not None and cards[0][0] >= 0 and cards[-1][1] <= PHONE["width"]
    assert cards[0][2] >= 70, "cards a thumb can hit and an eye can read"


def test_turning_the_phone_refits_the_hand_and_the_hand_s_end(page: Page, base_url: str) -> None:
    # The hand's overlap was measured only when the table was drawn: a hand fitted to a
    # phone stayed squeezed into 460 px of a 1280 px window until the next move.
    knock_ready(page, base_url)
    page.set_viewport_size(DESKTOP)
    page.mouse.move(1, 1)
    poll(page, HAND_OVERLAP, lambda most: most <= 0, timeout_ms=5_000)  # side by side
    page.set_viewport_size(PHONE)
    poll(page, HAND_RIGHT, lambda right: right <= PHONE["width"], timeout_ms=5_000)
    # The hand's end was put under the menu bar only when drawn: shown on a desktop, whose
    # bar is one row, then turned to a phone, whose bar wraps to two, it covered the menu.
    resize(page, DESKTOP)
    go_out(page, "knock Kd")
    resize(page, PHONE)
    assert uncovered(page, "#new-button")


HAND_OVERLAP = """Math.max(...Array.from(document.querySelectorAll('#hand .card'),
    c => c.getBoundingClientRect()).map((r, i, all) => i ? all[i - 1].right - r.left : -1e9))"""
"""JavaScript: how far the hand's most overlapped card is covered by the one before it, px."""
HAND_RIGHT = """Math.max(...Array.from(document.querySelectorAll('#hand .card'),
    c => c.getBoundingClientRect().right))"""
"""JavaScript: the right edge of the hand's rightmost card, px."""


def whole_tallest_table(page: Page, base_url: str, size: dict[str, int]) -> None:
    """In a window of ``size``, open the tallest table (the prompt, a hint and the Knock
    button over a hand grouped in two rows) and check it all fits, no scrolling either way."""
    page.set_viewport_size(size)
    knock_ready(page, base_url)
    page.click("#hint-button")
    expect(page.locator("#hint-line")).to_be_visible()
    assert_the_tallest_table_fits(page)


def assert_the_tallest_table_fits(page: Page) -> None:
    """Assert the tallest table (``whole_tallest_table``) fits its window as it is now."""
    size = page.viewport_size
    assert fits_the_height(page), size
    assert fits_the_width(page), size
    for part in ("#opp-cards", "#stock", "#pile", "#hint-line", "#controls", "#hand"):
        assert within_the_window(page, part), (part, size)


def tallest_table_at_each(
    page: Page, base_url: str, sizes: list[ViewportSize]
) -> Iterator[ViewportSize]:
    """Open the tallest table in a window of the first of ``sizes`` and yield each of them
    once the whole table fits it (``turned_to_each``)."""
    whole_tallest_table(page, base_url, sizes[0])
    return turned_to_each(page, sizes, assert_the_tallest_table_fits)


LANDSCAPE = [
    {"width": 844, "height": 390},
    {"width": 667, "height": 375},
    {"width": 1366, "height": 600},
]
"""Short, wide windows: phones on their side, a large one and the smallest still common
(iPhone SE), and a laptop's browser below its toolbars (a 1366 x 768 screen)."""


def test_a_short_wide_window_shows_the_whole_table_without_scrolling(
    page: Page, base_url: str, artifacts: Path
) -> None:
    for size in tallest_table_at_each(page, base_url, LANDSCAPE):
        # the opponent and what to do on the left, the piles on the right, the hand below
        piles = page.locator(".middle").bounding_box()
        talk = page.locator(".talk").bounding_box()
        hand = page.locator("#hand").bounding_box()
        assert piles and talk and hand and piles["x"] >= talk["x"] + talk["width"] - 1, size
        assert hand["y"] >= max(piles["y"] + piles["height"], talk["y"] + talk["height"]), size
        page.screenshot(path=str(artifacts / f"landscape-{size_name(size)}-table.png"))
    go_out(page, "knock Kd")
    for size in turned_to_each(page, LANDSCAPE):
        # the hand's end: hands and points beside the score sheet, its buttons in sight
        assert within_the_window(page, '#showdown [data-action="next"]'), size
        page.screenshot(path=str(artifacts / f"landscape-{size_name(size)}-hand-over.png"))


def size_name(size: ViewportSize) -> str:
    """Return a window's size as its screenshots are named: ``"844x390"``."""
    return f"{size['width']}x{size['height']}"


UPRIGHT = [
    {"width": 390, "height": 844},
    {"width": 375, "height": 667},
    {"width": 360, "height": 640},
]
"""Phones held upright: the common iPhone, the smallest still common (iPhone SE) and a small
Android phone."""


def test_a_phone_held_upright_shows_the_whole_table_without_scrolling(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # The page was 878, 843 and 827 px high: the hand's second row below the fold.
    for size in tallest_table_at_each(page, base_url, UPRIGHT):
        if size["height"] <= 760:  # short: the piles side by side, left of what to do
            stock = page.locator("#stock").bounding_box()
            pile = page.locator("#pile").bounding_box()
            talk = page.locator(".talk").bounding_box()
            assert stock and pile and talk, size
            assert abs(stock["y"] - pile["y"]) < stock["height"] / 4, size
            assert stock["x"] + stock["width"] <= pile["x"], size
            assert pile["x"] + pile["width"] <= talk["x"], size
        page.screenshot(path=str(artifacts / f"upright-{size_name(size)}-table.png"))
    go_out(page, "knock Kd")
    for size in turned_to_each(page, UPRIGHT):
        # the hand's end scrolls inside itself on a small phone; its buttons stay in sight
        for button in ('[data-command="review"]', '[data-action="next"]'):
            assert within_the_window(page, f"#showdown {button}"), (button, size)
        page.screenshot(path=str(artifacts / f"upright-{size_name(size)}-hand-over.png"))


SMALL_PHONES: list[ViewportSize] = [*UPRIGHT[1:], {"width": 320, "height": 693}]
"""The small phones held upright, down to a small phone's zoomed display (320 px wide)."""


@pytest.mark.parametrize("language", ["en", "fr", "it", "es", "de"])
def test_a_small_phone_fits_the_tallest_table_in_every_language(
    page: Page, base_url: str, language: str
) -> None:
    # The hand's head took a second line for its count ("Restpunkte: 2 nach dem besten
    # Abwurf"): the page was 650 to 653 px high at 360x640 in French, Italian, Spanish and
    # German, and 677 and 680 at 375x667 in Spanish and German. At 320 px wide (a small
    # phone's zoomed display) the menu took a third row in French and Italian (716 px).
    page.context.add_init_script(f"localStorage.setItem('ginrummy.language', '{language}')")
    for size in tallest_table_at_each(page, base_url, SMALL_PHONES):
        expect(page.locator("html")).to_have_attribute("lang", language)
        tops = page.locator(".menu button:visible").evaluate_all(
            "bs => bs.map(b => Math.round(b.getBoundingClientRect().top))"
        )
        assert len(set(tops)) == 1, f"the menu in one row at {size}: {tops}"
        ems = page.locator("#deadwood").evaluate(
            "e => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).fontSize)"
        )
        if size["width"] >= 360:  # at 320 the French count takes two lines, and still fits
            assert ems < 2, f"{page.locator('#deadwood').text_content()} in one line at {size}"


LARGE_CARDS = {
    "390x844": 1311,
    "360x780": 1246,
    "375x667": 734,
    "360x640": 717,
    "844x390": 715,
    "667x375": 715,
    "1280x720": 763,
    "1280x800": 810,
    "768x1024": 1102,
}
"""Windows the tallest table fits with large cards, and how high the page was before."""


LARGE_SETTING = "localStorage.setItem('ginrummy.settings', JSON.stringify({large: true}))"
"""An init script that turns large cards on before the page reads its settings."""


LARGE_MEASURES = {
    "card": 'document.querySelector("#hand .card").offsetWidth',
    "index": 'parseFloat(getComputedStyle(document.querySelector("#hand .corner")).fontSize)',
}
"""What ``assert_large_cards_larger`` compares: a hand card's width, or its corner index's size."""


def assert_large_cards_larger(page: Page, least: float = 1.15, measure: str = "card") -> None:
    """Assert the hand's large cards are at least ``least`` times the usual ones by
    ``LARGE_MEASURES[measure]``, measured in the page by turning the setting off and on again."""
    sizes = page.evaluate(
        f"""() => {{ const size = () => {LARGE_MEASURES[measure]};
        const root = document.documentElement; const large = size();
        root.dataset.large = "false"; const usual = size(); root.dataset.large = "true";
        return [large, usual]; }}"""
    )
    assert sizes[0] >= least * sizes[1], f"large {measure} {sizes[0]} px, the usual {sizes[1]}"


def test_large_cards_fit_the_window(page: Page, base_url: str, artifacts: Path) -> None:
    # With large cards the page was as high as LARGE_CARDS says: the cards as wide on a phone
    # on its side as upright (118 px), each group of the hand wrapping on its own (four rows
    # upright), and the opponent's backs as large; on a phone up to 760 px high, the hand's
    # two rows of 98 or 94 px cards under the piles and a rules line. Now the hand takes two
    # rows on a phone held upright and one elsewhere, its cards still well larger than the
    # usual ones.
    page.context.add_init_script(LARGE_SETTING)
    sizes = [window(name) for name in LARGE_CARDS]
    for size in tallest_table_at_each(page, base_url, sizes):
        tops = page.locator("#hand .group").evaluate_all(
            "gs => gs.map(g => Math.round(g.getBoundingClientRect().top))"
        )
        assert len(tops) == 4 and len(set(tops)) == (
            2 if size["height"] > size["width"] < 700 else 1
        ), (size, tops)
        assert_large_cards_larger(page)
        page.screenshot(path=str(artifacts / f"large-cards-{size['width']}x{size['height']}.png"))


PRACTICE_MOVES = ["pass", "stock", "discard Jc", "stock", "discard Kd", "stock"]
"""The player's first moves in the practice game of seed 9 against the hard opponent, as
``take_turn`` makes them (it passes, draws from the stock, throws what leaves least)."""


def open_practice_at(page: Page, base_url: str, turns: int) -> None:
    """Open the practice game of seed 9 after the player's first ``turns`` moves (of
    ``PRACTICE_MOVES``, the last a draw), where the opponent's two reasons show under its
    move: the game is planted before the opponent's last turn, which the page plays and
    explains, and the player's draw is made in the page (playing all the moves through the
    page took 2.5 s of a core more a test)."""
    match = Match(STANDARD, seed=9)
    for move in PRACTICE_MOVES[: turns - 1]:
        while match.to_move == 1:  # the opponent, made for each move as the page's bridge does
            match.play(make_player("hard", match.seed).choose(seat_view(match, 1)).action)
        match.play(move)
    plant_save(page, base_url, match, level="hard", practice=True)
    take_turn(page)
    assert engine_match(page).actions[-1].text == PRACTICE_MOVES[turns - 1]
    expect(page.locator("#opp-why span")).to_have_count(2)


def practice_hint_at_each(
    page: Page, base_url: str, turns: int, sizes: list[ViewportSize]
) -> Iterator[ViewportSize]:
    """Open a practice game at ``turns`` (``open_practice_at``) in a window of the first of
    ``sizes`` and ask for a hint; yield each of the sizes once the page fits it with the
    opponent's reasons, the piles, the hint and the hand in sight (``turned_to_each``)."""
    page.set_viewport_size(sizes[0])
    open_practice_at(page, base_url, turns)
    page.click("#hint-button")
    expect(page.locator("#hint-line")).to_be_visible()
    return turned_to_each(page, sizes, assert_the_practice_hint_fits)


def assert_the_practice_hint_fits(page: Page) -> None:
    """Assert a practice game with a hint (``practice_hint_at_each``) fits its window as it is."""
    size = page.viewport_size
    assert fits_the_height(page), size
    for part in ("#opp-why", "#stock", "#pile", "#hint-line", "#hand"):
        assert within_the_window(page, part), (part, size)


LARGE_PRACTICE = {"390x844": 868, "360x780": 842, "360x740": 747, "375x667": 667, "740x360": 363}
"""Phones where a practice game with large cards and a hint fits, and how high the
page was before at the test's turn."""


def test_large_cards_in_a_practice_game_with_a_hint_fit_a_phone(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # The opponent's reasons, a long prompt and a hint in the narrow column beside the
    # piles: large cards kept their width (up to 104 px) above 760 px high, so the page
    # scrolled as LARGE_PRACTICE says; under it they were the usual practice size (52 px at
    # 375x667, the index alone larger: "large index 17.1 px, the usual 15.6"), with which
    # 360x740 still scrolled. On a phone on its side they kept their least, 48 px.
    page.context.add_init_script(LARGE_SETTING)
    sizes = [window(name) for name in LARGE_PRACTICE]
    # the opponent drew and threw the jack of spades: a 4-line prompt at 360 px wide
    for size in practice_hint_at_each(page, base_url, 6, sizes):
        # the usual cards give way to the reasons too (at 360x740 they are 70 px, the large
        # 73): what grows most is the corner index a player reads (73 px at 0.33, against 70)
        assert_large_cards_larger(page, 1.1, "index")
        name = f"{size['width']}x{size['height']}"
        page.screenshot(path=str(artifacts / f"large-practice-{name}.png"))


def test_hidden_melds_on_the_table_take_no_room_among_the_piles(page: Page, base_url: str) -> None:
    # Both were flex boxes whatever their hidden attribute said: two empty rows of the piles,
    # 20 px of a phone's height.
    open_game(page, base_url, "?seed=4")
    for part in ("#table-melds", "#mj-table"):
        assert page.locator(part).evaluate("(e) => e.hidden && getComputedStyle(e).display") == (
            "none"
        ), part


def test_a_practice_game_s_reasons_fit_a_small_phone(page: Page, base_url: str) -> None:
    # On its side, the tallest left column: the opponent's move and, in practice, its two
    # reasons. Upright, the page was 725 and 694 px high with them: the cards give way.
    sizes = [LANDSCAPE[1], *UPRIGHT[1:]]
    page.set_viewport_size(sizes[0])
    open_practice_at(page, base_url, 6)  # to where it drew from the stock and threw the J
    expect(page.locator("#opp-says")).to_have_text(
        "The opponent drew from the stock and discarded the J\u2660."
    )
    for size in turned_to_each(page, sizes):
        assert fits_the_height(page), size
        assert within_the_window(page, "#hand") and within_the_window(page, "#opp-why"), size


def test_a_practice_game_with_a_hint_fits_a_phone(
    page: Page, base_url: str, artifacts: Path
) -> None:
    # A learner's table at its tallest: the opponent's move and its two reasons, what to do
    # and a hint. Upright, with the piles over what to do, the page was 890, 874 and 838 px
    # high: the piles now sit beside it. On its side it was 406, what to do under the
    # opponent: it now sits under the piles, the opponent alone on the left.
    sizes = [window(name) for name in ("390x844", "375x812", "360x780", "667x375")]
    # the opponent drew from the stock and threw the Q of hearts
    for size in practice_hint_at_each(page, base_url, 2, sizes):
        name = f"{size['width']}x{size['height']}"
        page.screenshot(path=str(artifacts / f"practice-hint-{name}.png"))

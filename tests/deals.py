"""Build deals for tests: a deck that deals the hands a test names, or a random match."""

from __future__ import annotations

import collections
import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ginrummy import bridge
from ginrummy.bot import make_player
from ginrummy.bot.decision import Player
from ginrummy.cards import DECK_SIZE, format_card, format_mask, parse_card, parse_cards
from ginrummy.match import Match, first_dealer
from ginrummy.rules import PRESETS, Deal, Rules, find_rules
from ginrummy.state import Hand
from ginrummy.view import SeatView, seat_view

STANDARD = PRESETS["standard"]
KNOCKER = "As 2s 3s 4c 5c 6c 7d 7h 7s Kd"
"""The player's crafted hand: three melds and the king of diamonds."""
LOOSE = "Kc Qd Jd 9c 8d Ts 4h 2h Qh 5d"
"""An opponent with no meld and nothing to lay off on the player's melds."""
NEAR_GIN = "9d Td Jd Qh Kh Jh 5h 5s 5d 2c"
"""An opponent with three melds and the two of clubs: 2 deadwood."""


def ask(session: bridge.Session, op: str, argument: str = "") -> dict[str, Any]:
    """Send one request and return its decoded answer, checking it is a JSON object."""
    answer = json.loads(bridge.request(op, argument, session))
    assert isinstance(answer, dict) and isinstance(answer["ok"], bool)
    return answer


def new_game(session: bridge.Session, **params: str) -> dict[str, Any]:
    """Start a game with URL-style ``params`` and return the state, which must be ok."""
    answer = ask(session, "new", json.dumps(params))
    assert answer["ok"], answer
    return answer


FIRST_DEAL_FILES = """
import json, sys
from pathlib import Path
import ginrummy
from ginrummy import bridge
bridge.request("new", '{"seed": "3"}')
top = Path(ginrummy.__file__).parent.parent
print(json.dumps([Path(m.__file__).relative_to(top).as_posix()
                  for m in list(sys.modules.values()) if m.__name__.startswith("ginrummy")]))
"""
"""Deal once through the bridge in a fresh Python; print the package files it imported."""


def first_deal_files() -> set[str]:
    """Return the package's files (``ginrummy/NAME.py``) that a fresh CPython imports to
    deal a first hand through the bridge (not in Pyodide: no subprocess there)."""
    command = [sys.executable, "-c", FIRST_DEAL_FILES]
    found = subprocess.run(command, capture_output=True, check=True)
    return set(json.loads(found.stdout))


def make_deck(
    non_dealer: str, dealer: str, upcard: str | None = None, stock: str = ""
) -> list[int]:
    """Return a deck (top card first) that deals these hands, upcard and stock top.

    Cards are dealt one at a time starting with the non-dealer; with an upcard the
    next card is turned up. ``stock`` lists the top of the stock, top card first; the
    rest of the stock is the remaining cards in ascending order.
    """
    first, second = parse_cards(non_dealer), parse_cards(dealer)
    deck: list[int] = []
    for index in range(max(len(first), len(second))):
        deck += first[index : index + 1] + second[index : index + 1]
    if upcard is not None:
        deck.append(parse_card(upcard))
    deck += parse_cards(stock)
    used = set(deck)
    assert len(used) == len(deck), "a card is named twice"
    deck += [card for card in range(DECK_SIZE) if card not in used]
    return deck


def make_hand(
    rules: Rules,
    non_dealer: str,
    dealer: str,
    upcard: str | None = None,
    stock: str = "",
    dealer_seat: int = 1,
) -> Hand:
    """Return a fresh hand dealt with these cards; seat ``dealer_seat`` deals."""
    if rules.deal is Deal.ELEVEN:
        assert upcard is None
    return Hand(rules, make_deck(non_dealer, dealer, upcard, stock), dealer_seat)


def played(preset: str, seed: int, steps: int) -> Match:
    """Return a match of ``preset`` after ``steps`` random legal actions (fewer if it ends)."""
    rng = random.Random(seed)
    match = Match(find_rules(preset), seed=seed)
    for _ in range(steps):
        if match.over:
            break
        match.play(rng.choice(match.legal_actions()))
    return match


def seed_dealt_by(rules: Rules, dealer: int) -> int:
    """Return the first seed whose first hand ``dealer`` deals."""
    return next(seed for seed in range(100) if first_dealer(rules, seed)[0] == dealer)


def crafted(
    player: str, opponent: str, upcard: str, rules: Rules = STANDARD, stock: str = ""
) -> Match:
    """Return a match of ``rules`` whose first hand deals these cards, ``stock`` on top of
    the stock (``make_deck``); the player is non-dealer."""
    deck = make_deck(player, opponent, upcard=upcard, stock=stock)
    return Match(rules, seed=seed_dealt_by(rules, 1), decks=[deck])


def piled(
    rules: Rules, player: str, opponent: str, upcard: str, stock: str, draws: int = 4
) -> Match:
    """Return a match of ``rules`` whose first hand deals these cards (the player
    non-dealer), where both pass the upcard and each player in turn draws the next of the
    first ``draws`` (an even number) ``stock`` cards and discards it: the pile holds the
    upcard and those cards, and the player is to draw (the rest of ``stock`` next)."""
    match = crafted(player, opponent, upcard, rules, stock)
    match.play("pass")
    match.play("pass")
    for card in parse_cards(stock)[:draws]:
        match.play("stock")
        match.play(f"discard {format_card(card)}")
    return match


def layoff_match() -> Match:
    """Return a standard match with manual lay-offs where the opponent has knocked with
    ``KNOCKER`` (the 2d taken, the Kd shed) and the player, who dealt, lays off by hand:
    it holds the 4s and the 7c for the knocker's melds.
    """
    rules = STANDARD.replace(manual_layoffs=True)
    deck = make_deck(KNOCKER, "4s 7c 8d 8h Jd Qd Kc 9h Th 2h", upcard="2d")
    match = Match(rules, seed=seed_dealt_by(rules, 0), decks=[deck])
    match.play("upcard")
    match.play("knock Kd")
    return match


def play_views(match: Match, players: Sequence[Player], moves: int) -> Iterator[SeatView]:
    """Play at most ``moves`` steps of ``match`` (a move of ``players[seat]``, or the next
    hand's deal), yielding the view of the seat to move before each move is made."""
    for _ in range(moves):
        if match.over:
            return
        seat = match.to_move
        if seat is None:
            match.play("next")
            continue
        view = seat_view(match, seat)
        yield view
        match.play(players[seat].choose(view).action)


def played_by_hard(rules: Rules, moves: int, seed: int) -> Match:
    """Return a match of ``rules`` (``seed``) that hard played for both seats ``moves`` moves."""
    match = Match(rules, seed=seed)
    players = [make_player("hard", 1), make_player("hard", 2)]
    collections.deque(play_views(match, players, moves), 0)
    return match


def draw_and_throw(match: Match, until: Callable[[Match], bool]) -> Match:
    """Play ``match`` on, each seat passing the first upcard, then drawing from the stock
    and throwing the card it drew, until ``until(match)`` holds between turns (a dead
    hand, once the stock is down to two); return it."""
    while not until(match):
        if "pass" in {action.text for action in match.legal_actions()}:
            match.play("pass")
            continue
        seat = match.to_move
        before = match.hand.hands[seat]
        match.play("stock")
        (drawn,) = format_mask(match.hand.hands[seat] & ~before)
        match.play(f"discard {drawn}")
    return match

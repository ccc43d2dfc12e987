"""Game records: rules + seed and secret (or deck orders) + actions, saved as compact JSON.

A record without a ``"secret"`` deals from its seed alone (records made before secrets,
and games dealt from a number on purpose).

Loading replays every action through the checked ``Match.play``, so a corrupt or
tampered record is a clear ``RecordError`` and never a half-loaded game. Undo is a
replay of all actions but the last ones.

>>> from ginrummy.match import Match
>>> match = Match(seed=3)
>>> match.play("pass")
>>> load(save(match)).actions == match.actions
True
"""

from __future__ import annotations

import json
from typing import Any

from .cards import CardError, format_card, parse_cards
from .match import Match, check_secret
from .rules import STANDARD, Rules, RulesError, preset_name

FORMAT = "gin-rummy-record"
VERSION = 1
_KEYS = frozenset({"format", "version", "rules", "seed", "secret", "decks", "actions"})


class RecordError(ValueError):
    """A record that cannot be loaded: not JSON, not a record, or not a playable game."""


def to_data(match: Match) -> dict[str, Any]:
    """Return the record of ``match`` as JSON-ready data."""
    preset = preset_name(match.rules)
    rules: dict[str, Any] = {"preset": preset} if preset else match.rules.changes_from(STANDARD)
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": rules,
        "seed": match.seed,
    }
    if match.secret:
        data["secret"] = match.secret
    if match.decks:
        data["decks"] = [" ".join(format_card(card) for card in deck) for deck in match.decks]
    data["actions"] = [action.text for action in match.actions]
    return data


def save(match: Match) -> str:
    """Return the record of ``match`` as a compact JSON string."""
    return json.dumps(to_data(match), separators=(",", ":"))


def load(text: str, upto: int | None = None) -> Match:
    """Return the match a record describes, replayed up to action ``upto`` (default: all).

    :raises RecordError: when ``text`` is not a valid record or an action in it is not
        playable; the message names the action and why.
    """
    if not isinstance(text, str):
        raise RecordError("a record is a JSON text")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"the record is not valid JSON: {error}") from None
    return from_data(data, upto)


def from_data(data: Any, upto: int | None = None) -> Match:
    """Return the match of a record already parsed from JSON; see ``load``.

    :raises RecordError: when ``data`` is not a valid, playable record.
    """
    match = start(data)
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("the record's 'actions' must be a list of action texts")
    if upto is not None and not 0 <= upto <= len(actions):
        raise RecordError(f"cannot replay to action {upto}: the record has {len(actions)}")
    for number, text in enumerate(actions[:upto], start=1):
        try:
            match.play(text)
        except ValueError as error:
            raise RecordError(f"action {number} ({text!r}) cannot be played: {error}") from None
    return match


def start(data: Any) -> Match:
    """Return the match a record's header describes, before any action.

    :raises RecordError: when the header is not a valid record header.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f'this is not a gin rummy record (no "format": "{FORMAT}")')
    if data.get("version") != VERSION:
        raise RecordError(
            f"record version {data.get('version')!r} is not supported (only {VERSION})"
        )
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise RecordError(f"the record has an unknown field {unknown[0]!r}")
    for key in ("rules", "seed", "actions"):
        if key not in data:
            raise RecordError(f"the record has no {key!r}")
    try:
        rules = Rules.from_dict(data["rules"])
    except RulesError as error:
        raise RecordError(f"the record's rules are not valid: {error}") from None
    decks = data.get("decks", [])
    if not isinstance(decks, list) or not all(isinstance(deck, str) for deck in decks):
        raise RecordError("the record's 'decks' must be a list of texts of 52 cards")
    try:
        orders = [parse_cards(deck) for deck in decks]
        secret = check_secret(data.get("secret"))
        return Match(rules, seed=data["seed"], decks=orders, secret=secret)
    except (CardError, ValueError) as error:
        raise RecordError(f"the record's deal is not valid: {error}") from None


def undo(match: Match, count: int = 1) -> Match:
    """Return ``match`` as it was ``count`` actions ago, by replaying its record.

    :raises RecordError: when ``count`` is not between 0 and the number of actions.
    """
    if not 0 <= count <= len(match.actions):
        raise RecordError(f"cannot undo {count} actions: the game has {len(match.actions)}")
    return replay(match, len(match.actions) - count)


def replay(match: Match, upto: int) -> Match:
    """Return a fresh match of the same record replayed to its first ``upto`` actions.

    :raises RecordError: when ``upto`` is not between 0 and the number of actions.
    """
    return from_data(to_data(match), upto)

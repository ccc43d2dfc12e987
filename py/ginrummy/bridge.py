"""The page's only door into Python: a request name and a text in, a JSON text out.

The web page (through its Web Worker) calls ``request(op, argument)`` and nothing
else; only strings cross. Every answer is a JSON object with ``"ok"``: true with the
data, or false with an ``"error"`` sentence for the player, never an exception.

The session holds one match: seat 0 is the player at the page, seat 1 the computer
opponent. Requests (the argument's shape in brackets):

- ``options`` (none): presets, rule parameters with their docs, opponent levels.
- ``new`` (JSON object of texts, as in a URL query: ``preset``, any rule field,
  ``seed``, ``secret``, ``level``, ``practice``): start a match; answers the state.
  Without a ``seed`` the match is sealed (``ginrummy.seal``): dealt from a random seed
  and a secret only this Python can work out, its save sealed. A ``seed`` (and
  ``secret``) deals that known game on purpose: the same cards for anyone who asks.
- ``resume`` (a save text from an earlier state's ``"save"``): load it; the state. A
  sealed save must match its seal, and may not be an earlier position of a game this
  session has played further.
- ``play`` (an action text): the player's move; the state.
- ``opponent`` (none): the opponent's one next move, its reason, and the state. The
  reason names no card the player cannot see, except in a practice game, where the
  opponent thinks aloud: its own reason, which may name its own cards.
- ``hint`` (none): the move the hard level would make for the player, and why; its
  ``control`` is the action text of the table's control that makes it (a knock's
  chosen melds are picked in the going-out dialog, not on the Knock button).
- ``undo`` (none): in a practice game, take back the player's last move and the
  opponent's moves after it (a replay of the record); the state.
- ``review`` (a hand number, or none for the current hand): the review of a hand that
  is over (``ginrummy.review``).
- ``load_record`` (a save text or a bare record): check it for the replay viewer, which
  leaves the game in play alone; its first step (``ginrummy.replay``). A sealed save
  must match its seal.
- ``replay`` (a step number): the loaded record's table after that many actions.
- ``state`` (none): the state again.
- ``export`` (none): the game as a file's text: the save, sealed while a sealed match is
  in play (it opens only here), with the deal's secret written out once it is over.
- ``warm`` (none): load the opponent now (the page asks once the table is drawn).
- ``illustrate`` (JSON object: ``kind`` "hand" or "showdown", the cards, ``rules`` as
  URL-style params): a rule illustration's report, computed by ``ginrummy.calculator``.
- ``rules_help`` (JSON object of URL-style params, as for ``new``): the help for those
  rules (``ginrummy.rules_help``); ``seed`` and ``level`` are ignored.

A state is ``{"ok": true, "view": ..., "prompt": ..., "going_out": ..., "save": ...}``:
the player's ``SeatView`` as JSON plus what the page needs to draw it (see ``state``).
Its ``practice`` is true in a practice game (also in ``params`` and in the save), for
the statistics to keep such games apart. Its ``params`` start the same game again: the
rules and level, and the seed (and secret) only when that tells nothing hidden, that is
for a game dealt from a known number or once a sealed match is over.

Every request's argument that is JSON is checked before it is parsed: at most
``MAX_JSON_CHARS`` characters, nested at most ``MAX_JSON_DEPTH`` deep (a deeper one
would overflow the parser's stack, which kills Pyodide). A request that takes no
argument refuses one, and a rejected request changes nothing: each checks all of its
input before it changes the session.

>>> answer = json.loads(request("new", '{"preset": "standard", "seed": "7"}'))
>>> answer["ok"], answer["view"]["phase"], answer["params"]["seed"]
(True, 'first_upcard', '7')
>>> json.loads(request("play", "knock"))["ok"]
False
"""

from __future__ import annotations

import dataclasses
import enum
import json
import re
import time
from collections.abc import Callable
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from . import __version__, record
from . import rules as rules_module
from .actions import Action, Kind
from .cards import format_card, format_mask
from .level_strength import strength_json
from .match import MAX_SEED, SECRET, Match, random_seed
from .messages import MessageError, fault_answer, refusal
from .rules import (
    MAX_KNOCK_LIMIT,
    PRESET_SOURCES,
    PRESETS,
    RULE_MAX,
    STANDARD,
    Flow,
    Rules,
    RulesError,
    find_rules,
    preset_name,
)
from .seal import Sealer
from .state import Phase, melder_for
from .stats import hand_counts
from .view import OPPONENT, PLAYER, SeatView, seat_view

if TYPE_CHECKING:
    from .replay import Replay

# Requests that a first deal never makes import their modules when first asked (review,
# replay, calculator, rules_help, and bot), so a Python that starts afresh (the terminal
# game, the tests) deals without loading them. (The page's Python has them all: it boots
# from a snapshot made after every request was made once, tools/snapshot.py.)

LEVELS = ("random", "easy", "simple", "normal", "hard", "expert")
"""The opponent's levels, weakest first as measured (``level_strength``):
``ginrummy.bot.LEVELS``, named here so that the
first deal does not wait for the opponent's modules (the page loads them with ``warm``)."""

DEFAULT_LEVEL = "normal"
"""The level a new game gets when none is asked for."""

SAVE_FORMAT = "gin-rummy-save"
"""The ``format`` of a save text: a game record, the opponent level and the base preset."""

Json = dict[str, Any]

GAME_PARAMS = ("seed", "secret", "level", "practice")
"""The URL parameters of a game that are not rules (the page's strings.js says the same)."""

MAX_JSON_CHARS = 2_000_000
"""The longest JSON text a request may carry: 2 MB, a few times the longest match the
rules allow (best of 15 games to 1000, the simple opponent against itself: about 1,100
hands, 30,000 actions, a 330 kB save) and more than a browser's storage keeps."""

MAX_JSON_DEPTH = 16
"""The deepest a request's JSON may nest; a save nests 3 deep."""


class BridgeError(MessageError):
    """A request the session cannot answer: its message is shown to the player."""


class Session:
    """One match between the page's player and the computer opponent."""

    def __init__(self, sealer: Sealer | None = None) -> None:
        """Start with no match; seal games with ``sealer`` (default: a new random key)."""
        self.match: Match | None = None
        self.level = DEFAULT_LEVEL
        self.preset = "standard"
        """The preset the rules were chosen from: the URL names changes from it."""
        self.practice = False
        """A practice game: moves can be taken back, the opponent says why it plays."""
        self.sealed = False
        """The match is sealed: dealt from this browser's secret, its save sealed."""
        self.replay: Replay | None = None
        """The record loaded into the replay viewer (apart from the game in play)."""
        self.furthest: dict[int, int] = {}
        """The most actions each sealed game (by seed) has had in this session: an
        earlier save of it is not resumed (that would take moves back)."""
        self._sealer = sealer

    @property
    def sealer(self) -> Sealer:
        """Return the key games are sealed with (made at first use when none was given)."""
        if self._sealer is None:
            self._sealer = Sealer()
        return self._sealer

    @property
    def current(self) -> Match:
        """Return the match in play.

        :raises BridgeError: before any game was started or resumed.
        """
        if self.match is None:
            raise BridgeError("no game yet: start a new game first")
        return self.match

    def new(self, params: Json) -> Json:
        """Start a match from URL-style ``params`` and return its state.

        Without a seed the match is sealed: a random seed, and a secret from this
        session's key.

        :raises BridgeError: on an unknown level, a bad seed, secret or practice flag.
        :raises RulesError: on bad rules.
        """
        params = dict(params)
        level = check_level(str(params.pop("level", DEFAULT_LEVEL)))
        seed = parse_seed(params.pop("seed", None))
        secret = parse_secret(params.pop("secret", None))
        practice = parse_practice(params.pop("practice", False))
        preset = str(params.get("preset") or "standard")
        rules = rules_from_params(params)
        if secret is not None and seed is None:
            raise BridgeError("a deal's secret needs its deal number (seed)", "secret_needs_seed")
        sealed = seed is None
        if seed is None:
            seed = random_seed()
            secret = self.sealer.secret(seed)
        match = Match(rules, seed=seed, secret=secret)
        self.match, self.level, self.preset = match, level, preset
        self.practice, self.sealed = practice, sealed
        return self.state()

    def resume(self, text: str) -> Json:
        """Load the match of a save text and return its state.

        :raises BridgeError: when ``text`` is not a save this page made, does not match
            its seal, or is an earlier position of a sealed game played further here.
        :raises RecordError: when its record cannot be replayed.
        """
        data = parse_json(text, "the saved game")
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise BridgeError("the saved game is not a save of this page", "not_a_save")
        level = check_level(str(data.get("level", DEFAULT_LEVEL)))
        practice = data.get("practice") is True
        preset = data.get("preset")
        game, sealed = self.unsealed_record(data)
        match = record.from_data(game)
        if sealed and not practice and len(match.actions) < self.furthest.get(match.seed, 0):
            raise BridgeError(
                "this save is an earlier position of the game in play: moves are taken back "
                "only in practice games",
                "earlier_save",
            )
        if not (isinstance(preset, str) and preset in PRESETS):
            preset = preset_name(match.rules) or "standard"
        self.match, self.level, self.preset = match, level, preset
        self.practice, self.sealed = practice, sealed
        return self.state()

    def unsealed_record(self, save: Json) -> tuple[Any, bool]:
        """Return the record of ``save`` (a save's data), with its deal's secret when the
        save is sealed, and whether it is.

        :raises BridgeError: when the save has a seal that is not its own under this key.
        """
        game = save.get("record")
        if "seal" not in save:
            return game, False
        body = {name: value for name, value in save.items() if name != "seal"}
        if not (self.sealer.verify(body, save["seal"]) and isinstance(game, dict)):
            raise BridgeError(
                "the game was changed after it was saved, or saved in another browser: a "
                "game in play can be opened only in the browser that plays it",
                "sealed",
            )
        return {**game, "secret": self.sealer.secret(game.get("seed"))}, True

    def play(self, text: str) -> Json:
        """Play the player's move ``text`` and return the new state.

        :raises BridgeError: when it is the opponent's turn.
        :raises InvalidActionError, IllegalActionError: on a bad move (nothing changes).
        """
        match = self.current
        if match.to_move == OPPONENT:
            raise BridgeError("it is the opponent's turn")
        match.play(text)
        return self.state()

    def opponent(self) -> Json:
        """Play the opponent's next move and return it, its reason and the new state.

        The move carries ``ms``, how long the opponent took to decide, only where that
        tells nothing: in a practice game (it thinks aloud) or one dealt from a known seed.
        In a sealed game its thinking time would tell its hand (issue 53).

        :raises BridgeError: when it is not the opponent's turn.
        """
        match = self.current
        if match.to_move != OPPONENT:
            raise BridgeError("it is not the opponent's turn")
        started = time.perf_counter()
        move = decide(self.level, match.seed, seat_view(match, OPPONENT), public=not self.practice)
        thought = (time.perf_counter() - started) * 1000
        match.play(move["action"])
        timed = {"ms": round(thought, 2)} if self.practice or not self.sealed else {}
        return {"move": {"seat": OPPONENT, **timed, **move}, **self.state()}

    def hint(self) -> Json:
        """Return the move the hard level would make for the player now, and why.

        :raises BridgeError: when the player has no move to make.
        """
        match = self.current
        if match.to_move != PLAYER:
            raise BridgeError("there is no move of yours to advise on now", "no_hint")
        from .bot import advise  # late: loaded after the first deal (see warm)

        advice = advise(seat_view(match, PLAYER), seed=match.seed).to_json()
        return {**advice, "control": Action.parse(str(advice["action"])).control}

    def undo(self) -> Json:
        """Take back the player's last move and the opponent's after it; the state.

        :raises BridgeError: outside practice games, or with no move of the player's yet.
        """
        match = self.current
        if not self.practice:
            raise BridgeError("moves can be taken back only in a practice game")
        from .replay import undo_point

        keep = undo_point(match)
        if keep is None:
            raise BridgeError("there is no move of yours to take back")
        self.match = record.replay(match, keep)
        return self.state()

    def review(self, text: str) -> Json:
        """Return the review of hand ``text`` (a number; empty: the current hand).

        :raises BridgeError: when ``text`` is not a number.
        :raises ReviewError: when that hand is not over.
        """
        match = self.current
        number = whole_number(text, "a hand number") if text.strip() else match.hand_number
        from .review import review_hand

        return review_hand(match, number, self.level)

    def load_record(self, text: str) -> Json:
        """Check a save text or bare record for the replay viewer; its first step.

        The game in play is left as it is, whatever the text holds.

        :raises RecordError: when ``text`` is not a playable record of a game.
        :raises BridgeError: when it is a sealed save that does not match its seal.
        """
        data = parse_json(text, "the file")
        if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
            data, _ = self.unsealed_record(data)
        from .replay import Replay

        self.replay = Replay(data)
        return self.replay.step(0)

    def replay_step(self, text: str) -> Json:
        """Return the loaded record's table after ``text`` (a number) actions.

        :raises BridgeError: when no record is loaded or ``text`` is not a number.
        """
        if self.replay is None:
            raise BridgeError("no game record is loaded: open a file first")
        return self.replay.step(whole_number(text, "a step"))

    def state(self) -> Json:
        """Return everything the page draws, as seen by the player's seat."""
        match = self.current
        if self.sealed:
            self.furthest[match.seed] = max(self.furthest.get(match.seed, 0), len(match.actions))
        view = seat_view(match, PLAYER)
        hand = match.hand
        data: Json = {
            "view": view.to_json(),
            "prompt": prompt(view),
            "going_out": going_out(view),
            "discard_deadwood": discard_deadwood(view),
            "result": hand.score.to_json() if hand.score is not None else None,
            "stats": hand_counts(match, PLAYER),
            "opponent_to_move": match.to_move == OPPONENT,
            "level": self.level,
            "practice": self.practice,
            "params": game_params(match, self.preset, self.level, self.practice, self.sealed),
            "save": self.save(),
        }
        return data

    def save(self, reveal: bool = False) -> str:
        """Return the save text of the match: its record and the opponent level.

        A sealed match's record leaves its secret out and the save carries its seal,
        unless ``reveal``: then the secret is written out and there is no seal.
        """
        game = record.to_data(self.current)
        data: Json = {
            "format": SAVE_FORMAT,
            "level": self.level,
            "preset": self.preset,
            "practice": self.practice,
            "record": game,
        }
        if self.sealed and not reveal:
            del game["secret"]
            data["seal"] = self.sealer.seal(data)
        return json.dumps(data, separators=(",", ":"))

    def export(self) -> Json:
        """Return the game as a file's text: sealed while a sealed match is in play (it
        opens only in this browser), with its secret written out once the match is over
        (it opens anywhere)."""
        return {"text": self.save(reveal=self.current.over)}


# --- the opponent ---------------------------------------------------------------------


def decide(level: str, seed: int, view: SeatView, public: bool = True) -> Json:
    """Return the move ``level`` makes in ``view``: action text, English reason, key, params.

    The player is made for each decision: it decides from the view and its seed alone,
    so a resumed game plays on exactly as it would have. A ``public`` reason is the one
    the other seat may hear (``Decision.for_opponent``), else the player's own.
    """
    from .bot import make_player  # late: loaded after the first deal (see warm)

    decision = make_player(level, seed).choose(view)
    return (decision.for_opponent() if public else decision).to_json()


def warm(rules: Rules, level: str) -> Json:
    """Load the opponent's modules and its tables for ``rules``, so its first move is quick.

    The ``level`` player decides in a throwaway match with these rules (their ace rule
    picks the tables): a draw, then a discard, so both paths have run once.
    """
    from .bot import LEVELS as BOT_LEVELS  # late: this is the late load
    from .bot import make_player

    if BOT_LEVELS != LEVELS:  # pragma: no cover - a new level must be named here too
        raise AssertionError(f"the bridge's levels {LEVELS} are not the opponent's {BOT_LEVELS}")
    player = make_player(level)
    match = Match(rules, seed=0)  # a fresh match: someone is to move
    view = seat_view(match, match.to_move or 0)
    player.choose(view)  # the first upcard (or the eleven deal's opening discard)
    take = next((text for text in ("upcard", "take 1") if text in view.legal), None)
    if take is not None:
        match.play(take)
        player.choose(seat_view(match, match.to_move or 0))  # a discard after a draw
    return {}


# --- what the page draws ----------------------------------------------------------------


def prompt(view: SeatView) -> Json:
    """Return the phase prompt as a strings-table id and its parameters."""
    phase = view.phase
    top = format_card(view.pile_top) if view.pile_top is not None else None
    if phase is Phase.MATCH_OVER:
        return {"id": "match_over", "winner": view.scores["winner"]}
    if phase is Phase.HAND_OVER:
        return {"id": "hand_over"}
    if view.to_move == OPPONENT:
        return {"id": "opponent_turn"}
    if phase is Phase.FIRST_UPCARD:
        return {"id": "take_or_pass", "card": top}
    several = any(text.startswith("take ") and text != "take 1" for text in view.legal)
    if phase is Phase.DRAW and several:  # Mahjong gin: several cards may be taken
        return {"id": "mahjong_take"}
    if phase is Phase.DRAW:
        take = any(text in ("upcard", "take 1") for text in view.legal)
        return {"id": "draw", "card": top} if take else {"id": "draw_stock"}
    if phase is Phase.LAYOFF:
        return {"id": "layoff"}
    if view.rules.flow is Flow.MAHJONG:  # the plays of Mahjong gin
        if phase is Phase.MELD:
            return {"id": "mahjong_meld", "card": _card_text(view.forced)}
        if any(text.startswith(("meld ", "add ")) for text in view.legal):
            return {"id": "mahjong_lay"}
    if any(text.split()[0] in ("knock", "gin", "big") for text in view.legal):
        return {"id": "discard_or_go_out"}
    return {"id": "discard"}


def _card_text(card: int | None) -> str | None:
    """Return the text of ``card``, or None."""
    return None if card is None else format_card(card)


def going_out(view: SeatView) -> list[Json]:
    """Return the player's legal ways to go out, each with the melds it lays down.

    Each entry is one legal ``knock``, ``gin`` or ``big gin`` action; its ``options``
    are the arrangements to confirm, with the exact action text to play. A knock
    whose least-deadwood arrangements tie lists each (the action names its melds).
    """
    if view.phase is not Phase.DISCARD or view.to_move != PLAYER:
        return []
    melder = melder_for(view.rules)
    out = []
    for text in view.legal:
        move = Action.parse(text)
        if move.kind not in (Kind.KNOCK, Kind.GIN, Kind.BIG_GIN):
            continue
        rest = view.hand if move.card is None else view.hand & ~(1 << move.card)
        if move.kind is Kind.KNOCK:
            tied = melder.arrangements(rest)
            options = [
                {
                    "action": text if len(tied) == 1 else knock_text(move.card, arrangement.melds),
                    **arrangement.to_json(),
                }
                for arrangement in tied
            ]
        else:
            options = [{"action": text, **melder.best_arrangement(rest).to_json()}]
        card = None if move.card is None else format_card(move.card)
        out.append({"action": text, "kind": move.kind.value, "card": card, "options": options})
    return out


def knock_text(card: int | None, melds: tuple[int, ...]) -> str:
    """Return the text of a knock with ``card`` that lays down ``melds``."""
    assert card is not None
    return " ".join(["knock", format_card(card), *("".join(format_mask(meld)) for meld in melds)])


def discard_deadwood(view: SeatView) -> dict[str, int]:
    """Return, in the player's discard phase, the deadwood left by each discard."""
    if view.phase is not Phase.DISCARD or view.to_move != PLAYER:
        return {}
    counts = melder_for(view.rules).discard_deadwoods(view.hand)
    return {format_card(card): counts[card] for card in sorted(counts)}


def game_params(
    match: Match, preset: str, level: str, practice: bool = False, sealed: bool = False
) -> dict[str, str]:
    """Return the URL parameters that start this match again: rules, seed and level.

    The rules are ``preset`` and the fields that differ from it; a practice game adds
    ``practice=true``. The seed (and the deal's secret) are left out while a ``sealed``
    match is in play: they would tell its hidden cards.
    """
    params = {"preset": preset}
    changes = match.rules.changes_from(PRESETS[preset])
    params.update({name: param_text(value) for name, value in changes.items()})
    if not sealed or match.over:
        params["seed"] = str(match.seed)
        if match.secret:
            params["secret"] = match.secret
    params["level"] = level
    if practice:
        params["practice"] = "true"
    return params


def param_text(value: Any) -> str:
    """Return a rule value as URL text: numbers as digits, true/false, null for None."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# --- reading URL-style parameters --------------------------------------------------------


def rules_from_params(params: Json) -> Rules:
    """Return the rules of URL-style ``params``: ``preset`` plus changed fields as texts.

    :raises RulesError: on an unknown preset, field or value.
    """
    params = dict(params)
    base = find_rules(str(params.pop("preset", "standard") or "standard"))
    return base.replace(**{name: parse_value(name, value) for name, value in params.items()})


def parse_value(name: str, value: Any) -> Any:
    """Return the rule value a URL text ``value`` stands for (non-texts pass through).

    "true"/"false" are booleans, "null"/"none" None, whole numbers ints; any other
    text is left for ``Rules`` to check (an enum name, "upcard").

    :raises RulesError: on a number far too large for any rule, or a text for a rule
        that is a number or true/false.
    """
    if not isinstance(value, str):
        return value
    text = value.strip()
    lower = text.lower()
    if lower in ("true", "false"):
        return lower == "true"
    if lower in ("null", "none", ""):
        return None
    if _DIGITS.fullmatch(text):
        largest = RULE_MAX.get(name, MAX_KNOCK_LIMIT if name == "knock_limit" else None)
        if len(text) > _MAX_DIGITS and largest is not None:  # int() of it could be slow
            raise RulesError(
                f"rule {name!r} can be at most {largest}, not {text[:8]}...",
                "rule_max",
                rule=name,
                max=largest,
                value=f"{text[:8]}... ({len(text)} characters)",
            )
        if len(text) <= _MAX_DIGITS:
            return int(text)
    if name in _FIELD_NAMES and _FIELD_TYPES[name] in ("int", "bool"):
        raise RulesError(
            f"rule {name!r} cannot be {value[:40]!r}",
            "rule_bool" if _FIELD_TYPES[name] == "bool" else "rule_whole",
            rule=name,
            value=text[:40],
        )
    return text


_DIGITS = re.compile(r"[0-9]+")
"""A whole number as the page writes it: ASCII digits only (``str.isdigit`` also takes
"²", which ``int`` refuses)."""

_MAX_DIGITS = 19
"""The most digits a whole number in a request may have (a seed has up to 19)."""


def whole_number(text: str, what: str) -> int:
    """Return the whole number ``text`` (``what`` it is, for the message).

    :raises BridgeError: when it is not one, or has more than ``_MAX_DIGITS`` digits.
    """
    number = text.strip()
    if not _DIGITS.fullmatch(number) or len(number) > _MAX_DIGITS:
        raise BridgeError(f"{what} is a whole number, not {text[:40]!r}")
    return int(number)


def parse_seed(value: Any) -> int | None:
    """Return the seed of a URL text (None: pick one at random).

    :raises BridgeError: when it is not a whole number from 0 to ``MAX_SEED``.
    """
    if value is None or value == "":
        return None
    text = str(value).strip()
    if not _DIGITS.fullmatch(text) or len(text) > _MAX_DIGITS or int(text) > MAX_SEED:
        raise BridgeError(
            f"a seed is a whole number from 0 to {MAX_SEED}, not {text[:40]!r}",
            "seed",
            max=str(MAX_SEED),  # as text: a JavaScript number would round it to ...6000
            value=text[:40],
        )
    return int(text)


def parse_secret(value: Any) -> str | None:
    """Return the deal's secret of a URL text (None: none given).

    :raises BridgeError: when it is not 32 hexadecimal digits.
    """
    if value is None or value == "":
        return None
    text = str(value).strip().lower()
    if not SECRET.fullmatch(text):
        raise BridgeError(
            f"a deal's secret is 32 hexadecimal digits, not {text[:40]!r}",
            "secret",
            value=text[:40],
        )
    return text


def parse_practice(value: Any) -> bool:
    """Return the practice flag of a URL text or a boolean.

    :raises BridgeError: when it is neither true nor false.
    """
    practice = parse_value("practice", value)
    if not isinstance(practice, bool):
        raise BridgeError(
            f"practice is true or false, not {str(value)[:40]!r}",
            "practice",
            value=str(value)[:40],
        )
    return practice


def parse_json(text: str, what: str) -> Any:
    """Return ``text`` parsed as JSON, once it is checked short and shallow enough.

    The checks come first: at most ``MAX_JSON_CHARS`` characters, nested at most
    ``MAX_JSON_DEPTH`` deep (brackets inside strings do not count). A deeper text
    would overflow the parser's stack (in Pyodide, a fatal error).

    :raises BridgeError: when it is too long or too deep, or is not JSON (the message
        names it as ``what``).
    """
    if len(text) > MAX_JSON_CHARS:
        raise BridgeError(
            f"the text is too long: {len(text)} characters, more than {MAX_JSON_CHARS}",
            "json_too_long",
            max=MAX_JSON_CHARS,
        )
    if _nesting_depth(text) > MAX_JSON_DEPTH:
        raise BridgeError(
            f"the text nests more than {MAX_JSON_DEPTH} levels deep",
            "json_too_deep",
            max=MAX_JSON_DEPTH,
        )
    try:
        return json.loads(text)
    except ValueError as error:  # not JSON, or a number too long to convert
        raise BridgeError(f"{what} is not valid JSON: {error}", "not_json") from None


def _nesting_depth(text: str) -> int:
    """Return how deep the brackets of JSON ``text`` nest, those inside strings not counted.

    It reads the text in a few passes, each linear, whatever the text (a string that never
    closes, runs of backslashes or quotes). Up to the first thing that is not JSON, the
    depth is the one the parser would reach; after it, the parser stops anyway.
    """
    # Drop the escapes that could hide a quote, paired left to right as the parser reads
    # them: escaped backslashes first, then the quotes escaped by what is left.
    unescaped = text.replace("\\\\", "").replace('\\"', "")
    outside = "".join(unescaped.split('"')[::2])  # every other piece is inside a string
    brackets = _NOT_BRACKETS.sub("", outside)
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)


_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
"""A run of characters that are not brackets."""

_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
"""How each bracket changes the depth."""


def check_level(level: str) -> str:
    """Return ``level`` when it is an opponent level.

    :raises BridgeError: when it is not one of ``LEVELS``.
    """
    if level not in LEVELS:
        raise BridgeError(
            f"unknown opponent level {level!r}; choose one of {', '.join(LEVELS)}",
            "level",
            value=level,
        )
    return level


# --- the new-game form -------------------------------------------------------------------


_FIELD_TYPES = {field.name: str(field.type) for field in dataclasses.fields(Rules)}
_FIELD_NAMES = frozenset(_FIELD_TYPES)


def parameters() -> list[Json]:
    """Return each rule parameter: name, kind, default and choices, in field order.

    Kinds: ``int``, ``bool``, ``optional_int`` (a number or none), ``knock_limit``
    (a number or "upcard") and ``choice`` (with ``choices``, each a value). The page
    explains each in its own language (``param_help.NAME``, ``choice.NAME.VALUE``).
    """
    defaults = PRESETS["standard"].to_dict()
    out = []
    for name, type_text in _FIELD_TYPES.items():
        entry: Json = {"name": name, "default": defaults[name]}
        kind = {"int": "int", "bool": "bool", "int | None": "optional_int"}.get(type_text)
        enum_type = getattr(rules_module, type_text, None)
        if kind is not None:
            entry["kind"] = kind
        elif type_text == "KnockLimit":
            entry["kind"] = "knock_limit"
        elif isinstance(enum_type, type) and issubclass(enum_type, enum.Enum):
            entry["kind"] = "choice"
            entry["choices"] = [{"value": member.value} for member in enum_type]
        else:  # pragma: no cover - a new field type must be taught to the form
            raise AssertionError(f"rule {name!r} has a type the form does not know: {type_text}")
        out.append(entry)
    return out


def options() -> Json:
    """Return what the new-game form offers: presets, parameters, levels and their strength."""
    presets = [
        {"name": name, "source": PRESET_SOURCES[name], "rules": rules.to_dict()}
        for name, rules in PRESETS.items()
    ]
    return {
        "version": __version__,
        "presets": presets,
        "parameters": parameters(),
        "levels": list(LEVELS),
        "default_level": DEFAULT_LEVEL,
        "strength": strength_json(),
    }


def illustrate(asked: Json) -> Json:
    """Return the report of the rule illustration ``asked`` (see ``calculator.illustration``).

    :raises BridgeError: when its ``rules`` are not an object of URL-style params.
    :raises ValueError: on bad rules or cards.
    """
    rules = asked.get("rules") or {}
    if not isinstance(rules, dict):
        raise BridgeError('an illustration\'s rules are an object like {"preset": "classic"}')
    from .calculator import illustration

    return illustration(rules_from_params(rules), asked)


def help_for(params: Json) -> Json:
    """Return the rules help for URL-style ``params`` (their ``GAME_PARAMS`` are ignored)."""
    rules = {name: value for name, value in params.items() if name not in GAME_PARAMS}
    from .rules_help import rules_help

    return rules_help(rules_from_params(rules))


# --- the one entry point -------------------------------------------------------------------


SESSION = Session()
"""The page's session (one per Python interpreter, so one per page)."""


def _json_argument(argument: str) -> Json:
    """Return ``argument`` parsed as a JSON object (an empty text is an empty object).

    :raises BridgeError: when it is not a JSON object.
    """
    if not argument:
        return {}
    data = parse_json(argument, "the request")
    if not isinstance(data, dict):
        raise BridgeError("the request must be a JSON object")
    return data


_HANDLERS: dict[str, Callable[[Session, str], Json]] = {
    "options": lambda session, _: options(),
    "new": lambda session, argument: session.new(_json_argument(argument)),
    "resume": lambda session, argument: session.resume(argument),
    "play": lambda session, argument: session.play(argument),
    "opponent": lambda session, _: session.opponent(),
    "hint": lambda session, _: session.hint(),
    "undo": lambda session, _: session.undo(),
    "review": lambda session, argument: session.review(argument),
    "load_record": lambda session, argument: session.load_record(argument),
    "replay": lambda session, argument: session.replay_step(argument),
    "state": lambda session, _: session.state(),
    "export": lambda session, _: session.export(),
    "warm": lambda session, _: warm(
        session.current.rules if session.match else STANDARD, session.level
    ),
    "illustrate": lambda session, argument: illustrate(_json_argument(argument)),
    "rules_help": lambda session, argument: help_for(_json_argument(argument)),
}


_NO_ARGUMENT = frozenset({"options", "opponent", "hint", "undo", "state", "export", "warm"})
"""The requests that take no argument (and refuse one)."""


def use_key(key: str, session: Session = SESSION) -> None:
    """Seal ``session``'s games with ``key`` (64 hexadecimal digits) from now on.

    The page's worker calls this once as Python boots, before any request, with this
    browser's key: the one it keeps in IndexedDB, or a new one when it can keep none.
    The page itself cannot (it is no request).

    :raises ValueError: when ``key`` is not 64 hexadecimal digits.
    """
    session._sealer = Sealer(bytes.fromhex(key))


def request(op: str, argument: str = "", session: Session = SESSION) -> str:
    """Answer the request ``op`` with ``argument`` as a JSON text; never raise.

    A bad request or move answers ``{"ok": false, "error": ...}`` with a sentence for
    the player (and ``"message"``: its id and parameters, when the page can translate
    it); a fault in the engine adds ``"internal": true`` and the traceback.
    """
    handler = _HANDLERS.get(op)
    try:
        if handler is None:
            raise BridgeError(f"unknown request {op[:40]!r}; known: {', '.join(_HANDLERS)}")
        if argument and op in _NO_ARGUMENT:
            raise BridgeError(f"the request {op!r} takes no argument, not {argument[:40]!r}")
        answer: Json = {"ok": True, **handler(session, argument)}
    except ValueError as error:  # every error of bad input is a ValueError
        answer = refusal(error)
    except Exception as error:  # a bug must reach the player, not freeze the page
        answer = fault_answer(error)
    return json.dumps(answer, separators=(",", ":"))

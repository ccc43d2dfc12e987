"""The page's only door into Python: a request name and a text in, a JSON text out.

The web page (through its Web Worker) calls ``request(op, argument)`` and nothing
else; only strings cross. Every answer is a JSON object with ``"ok"``: true with the
data, or false with an ``"error"`` sentence for the player, never an exception.

The session holds one match: seat 0 is the player at the page, seat 1 the computer
opponent. Requests (the argument's shape in brackets):

- ``options`` (none): presets, rule parameters with their docs, opponent levels.
- ``new`` (JSON object of texts, as in a URL query: ``preset``, any rule field,
  ``seed``, ``level``, ``practice``): start a match; answers the state.
- ``resume`` (a save text from an earlier state's ``"save"``): load it; the state.
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
  leaves the game in play alone; its first step (``ginrummy.replay``).
- ``replay`` (a step number): the loaded record's table after that many actions.
- ``state`` (none): the state again.
- ``warm`` (none): load the opponent now (the page asks once the table is drawn).
- ``illustrate`` (JSON object: ``kind`` "hand" or "showdown", the cards, ``rules`` as
  URL-style params): a rule illustration's report, computed by ``ginrummy.calculator``.
- ``rules_help`` (JSON object of URL-style params, as for ``new``): the help for those
  rules (``ginrummy.rules_help``); ``seed`` and ``level`` are ignored.

A state is ``{"ok": true, "view": ..., "prompt": ..., "going_out": ..., "save": ...}``:
the player's ``SeatView`` as JSON plus what the page needs to draw it (see ``state``).
Its ``practice`` is true in a practice game (also in ``params`` and in the save), for
the statistics to keep such games apart.

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
import time
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import __version__, record
from . import rules as rules_module
from .actions import Action, Kind
from .cards import format_card, format_mask
from .match import MAX_SEED, Match
from .messages import MessageError
from .rules import (
    PRESET_SOURCES,
    PRESETS,
    STANDARD,
    Rules,
    RulesError,
    find_rules,
    preset_name,
)
from .state import Phase, melder_for
from .stats import hand_counts
from .view import OPPONENT, PLAYER, SeatView, seat_view

if TYPE_CHECKING:
    from .replay import Replay

# Requests that a first deal never makes import their modules when first asked (review,
# replay, calculator, rules_help, and bot), so a Python that starts afresh (the terminal
# game, the tests) deals without loading them. (The page's Python has them all: it boots
# from a snapshot made after every request was made once, tools/snapshot.py.)

LEVELS = ("random", "simple", "easy", "normal", "hard")
"""The opponent's levels, weakest first: ``ginrummy.bot.LEVELS``, named here so that the
first deal does not wait for the opponent's modules (the page loads them with ``warm``)."""

DEFAULT_LEVEL = "normal"
"""The level a new game gets when none is asked for."""

SAVE_FORMAT = "gin-rummy-save"
"""The ``format`` of a save text: a game record, the opponent level and the base preset."""

Json = dict[str, Any]

GAME_PARAMS = ("seed", "level", "practice")
"""The URL parameters of a game that are not rules (the page's strings.js says the same)."""


class BridgeError(MessageError):
    """A request the session cannot answer: its message is shown to the player."""


class Session:
    """One match between the page's player and the computer opponent."""

    def __init__(self) -> None:
        """Start with no match."""
        self.match: Match | None = None
        self.level = DEFAULT_LEVEL
        self.preset = "standard"
        """The preset the rules were chosen from: the URL names changes from it."""
        self.practice = False
        """A practice game: moves can be taken back, the opponent says why it plays."""
        self.replay: Replay | None = None
        """The record loaded into the replay viewer (apart from the game in play)."""

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

        :raises BridgeError: on an unknown level or a bad seed.
        :raises RulesError: on bad rules.
        """
        params = dict(params)
        level = str(params.pop("level", DEFAULT_LEVEL))
        seed_text = params.pop("seed", None)
        practice = parse_value("practice", params.pop("practice", False))
        if not isinstance(practice, bool):
            raise BridgeError(f"practice is true or false, not {practice!r}")
        preset = str(params.get("preset") or "standard")
        rules = rules_from_params(params)
        self.match = Match(rules, seed=parse_seed(seed_text))
        self.level = check_level(level)
        self.preset = preset
        self.practice = practice
        return self.state()

    def resume(self, text: str) -> Json:
        """Load the match of a save text and return its state.

        :raises BridgeError: when ``text`` is not a save this page made.
        :raises RecordError: when its record cannot be replayed.
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise BridgeError(f"the saved game is not valid JSON: {error}", "not_a_save") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise BridgeError("the saved game is not a save of this page", "not_a_save")
        match = record.from_data(data.get("record"))
        self.level = check_level(str(data.get("level", DEFAULT_LEVEL)))
        self.practice = data.get("practice") is True
        preset = data.get("preset")
        self.preset = preset if preset in PRESETS else preset_name(match.rules) or "standard"
        self.match = match
        return self.state()

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

        The move carries ``ms``: how long the opponent took to decide.

        :raises BridgeError: when it is not the opponent's turn.
        """
        match = self.current
        if match.to_move != OPPONENT:
            raise BridgeError("it is not the opponent's turn")
        started = time.perf_counter()
        move = decide(self.level, match.seed, seat_view(match, OPPONENT), public=not self.practice)
        thought = (time.perf_counter() - started) * 1000
        match.play(move["action"])
        return {"move": {"seat": OPPONENT, "ms": round(thought, 2), **move}, **self.state()}

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
        if text.strip() and not text.strip().isdigit():
            raise BridgeError(f"a hand number is a whole number, not {text!r}")
        number = int(text) if text.strip() else match.hand_number
        from .review import review_hand

        return review_hand(match, number, self.level)

    def load_record(self, text: str) -> Json:
        """Check a save text or bare record for the replay viewer; its first step.

        The game in play is left as it is, whatever the text holds.

        :raises RecordError: when ``text`` is not a playable record of a game.
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise record.RecordError(f"the file is not valid JSON: {error}") from None
        if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
            data = data.get("record")
        from .replay import Replay

        self.replay = Replay(data)
        return self.replay.step(0)

    def replay_step(self, text: str) -> Json:
        """Return the loaded record's table after ``text`` (a number) actions.

        :raises BridgeError: when no record is loaded or ``text`` is not a number.
        """
        if self.replay is None:
            raise BridgeError("no game record is loaded: open a file first")
        if not text.strip().isdigit():
            raise BridgeError(f"a step is a whole number, not {text!r}")
        return self.replay.step(int(text))

    def state(self) -> Json:
        """Return everything the page draws, as seen by the player's seat."""
        match = self.current
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
            "params": game_params(match, self.preset, self.level, self.practice),
            "save": self.save(),
        }
        return data

    def save(self) -> str:
        """Return the save text of the match: its record and the opponent level."""
        data = {
            "format": SAVE_FORMAT,
            "level": self.level,
            "preset": self.preset,
            "practice": self.practice,
            "record": record.to_data(self.current),
        }
        return json.dumps(data, separators=(",", ":"))


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
    if "upcard" in view.legal:
        match.play("upcard")
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
    if phase is Phase.DRAW:
        return {"id": "draw", "card": top} if "upcard" in view.legal else {"id": "draw_stock"}
    if phase is Phase.LAYOFF:
        return {"id": "layoff"}
    if any(text.split()[0] in ("knock", "gin", "big") for text in view.legal):
        return {"id": "discard_or_go_out"}
    return {"id": "discard"}


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


def game_params(match: Match, preset: str, level: str, practice: bool = False) -> dict[str, str]:
    """Return the URL parameters that start this match again: rules, seed and level.

    The rules are ``preset`` and the fields that differ from it; a practice game adds
    ``practice=true``.
    """
    params = {"preset": preset}
    changes = match.rules.changes_from(PRESETS[preset])
    params.update({name: param_text(value) for name, value in changes.items()})
    params["seed"] = str(match.seed)
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
    """
    if not isinstance(value, str):
        return value
    text = value.strip()
    lower = text.lower()
    if lower in ("true", "false"):
        return lower == "true"
    if lower in ("null", "none", ""):
        return None
    if text.isdigit():
        return int(text)
    if name in _FIELD_NAMES and _FIELD_TYPES[name] in ("int", "bool"):
        raise RulesError(
            f"rule {name!r} cannot be {value!r}",
            "rule_bool" if _FIELD_TYPES[name] == "bool" else "rule_whole",
            rule=name,
            value=text,
        )
    return text


def parse_seed(value: Any) -> int | None:
    """Return the seed of a URL text (None: pick one at random).

    :raises BridgeError: when it is not a whole number from 0 to ``MAX_SEED``.
    """
    if value is None or value == "":
        return None
    text = str(value).strip()
    if not text.isdigit() or int(text) > MAX_SEED:
        raise BridgeError(
            f"a seed is a whole number from 0 to {MAX_SEED}, not {value!r}",
            "seed",
            max=MAX_SEED,
            value=text,
        )
    return int(text)


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
    """Return what the new-game form offers: presets, parameters, levels."""
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
    try:
        data = json.loads(argument)
    except json.JSONDecodeError as error:
        raise BridgeError(f"the request is not valid JSON: {error}") from None
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
    "warm": lambda session, _: warm(
        session.current.rules if session.match else STANDARD, session.level
    ),
    "illustrate": lambda session, argument: illustrate(_json_argument(argument)),
    "rules_help": lambda session, argument: help_for(_json_argument(argument)),
}


def request(op: str, argument: str = "", session: Session = SESSION) -> str:
    """Answer the request ``op`` with ``argument`` as a JSON text; never raise.

    A bad request or move answers ``{"ok": false, "error": ...}`` with a sentence for
    the player (and ``"message"``: its id and parameters, when the page can translate
    it); a fault in the engine adds ``"internal": true`` and the traceback.
    """
    handler = _HANDLERS.get(op)
    try:
        if handler is None:
            raise BridgeError(f"unknown request {op!r}; known: {', '.join(_HANDLERS)}")
        answer: Json = {"ok": True, **handler(session, argument)}
    except ValueError as error:  # every error of bad input is a ValueError
        answer = {"ok": False, "error": str(error)}
        if isinstance(error, MessageError) and error.key:  # the page can translate it
            answer["message"] = {"id": error.key, "params": error.params}
    except Exception as error:  # a bug must reach the player, not freeze the page
        answer = {
            "ok": False,
            "error": f"internal error: {type(error).__name__}: {error}",
            "internal": True,
            "traceback": traceback.format_exc(),
        }
    return json.dumps(answer, separators=(",", ":"))

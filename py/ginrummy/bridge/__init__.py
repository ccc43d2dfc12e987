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
for a game dealt from a known number or once a sealed match is over. Its
``least_slot_ms`` is the least time the page waits before it shows the opponent's next
move, which hides how long the opponent thought while that would tell its hand
(``opponent.least_slot_ms``).

Every request's argument that is JSON is checked before it is parsed: at most
``MAX_JSON_CHARS`` characters, nested at most ``MAX_JSON_DEPTH`` deep (a deeper one
would overflow the parser's stack, which kills Pyodide). A request that takes no
argument refuses one, and a rejected request changes nothing: each checks all of its
input before it changes the session.

>>> import json
>>> answer = json.loads(request("new", '{"preset": "standard", "seed": "7"}'))
>>> answer["ok"], answer["view"]["phase"], answer["params"]["seed"]
(True, 'first_upcard', '7')
>>> json.loads(request("play", "knock"))["ok"]
False

The package has one module for each family of requests, and what they share:

- ``dispatch``: ``request``, the one entry point, and ``use_key``; the page's ``SESSION``.
- ``session``: ``Session``, the match in play, and its ``state``.
- ``moves``: ``new``, ``play``, ``undo``.
- ``opponent``: ``opponent``, ``hint``, ``warm``.
- ``saves``: ``resume``, ``export``, and the save text every state carries.
- ``replays``: ``review``, ``load_record``, ``replay``.
- ``reference``: the requests that need no game: ``options``, ``illustrate``, ``rules_help``.
- ``table``: what the page draws of a seat besides its view (the prompt, the ways to go
  out), for ``state`` and for ``friend_table``.
- ``arguments``: ``BridgeError`` and the readers of a request's argument.

Requests that a first deal never makes import their modules when first asked (review,
replay, calculator, rules_help, and bot), so a Python that starts afresh (the terminal
game, the tests) deals without loading them. (The page's Python has them all: it boots
from a snapshot made after every request was made once, tools/snapshot.py.)
"""

from ..rules import param_text
from .arguments import (
    DEFAULT_LEVEL,
    GAME_PARAMS,
    LEVELS,
    MAX_JSON_CHARS,
    MAX_JSON_DEPTH,
    BridgeError,
    Json,
    parse_json,
    rules_from_params,
)
from .dispatch import SESSION, request, use_key
from .opponent import decide
from .reference import options, parameters
from .saves import SAVE_FORMAT, resume
from .session import Session
from .table import discard_deadwood, going_out, prompt

__all__ = [
    "DEFAULT_LEVEL",
    "GAME_PARAMS",
    "LEVELS",
    "MAX_JSON_CHARS",
    "MAX_JSON_DEPTH",
    "SAVE_FORMAT",
    "SESSION",
    "BridgeError",
    "Json",
    "Session",
    "decide",
    "discard_deadwood",
    "going_out",
    "options",
    "param_text",
    "parameters",
    "parse_json",
    "prompt",
    "request",
    "resume",
    "rules_from_params",
    "use_key",
]

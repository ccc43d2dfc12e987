"""The session: the page's one match against the computer, and the state it answers.

Every request of a game (``moves``, ``opponent``, ``saves``, ``replays``) reads or changes
a ``Session``; most answer its ``state``, everything the page draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..match import Match
from ..seal import Sealer
from ..stats import hand_counts
from ..view import OPPONENT, PLAYER, seat_view
from .arguments import DEFAULT_LEVEL, BridgeError, Json
from .opponent import least_slot_ms
from .saves import save_text
from .table import discard_deadwood, game_params, going_out, prompt

if TYPE_CHECKING:
    from ..replay import Replay


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

    @sealer.setter
    def sealer(self, sealer: Sealer) -> None:
        """Seal games with ``sealer`` from now on."""
        self._sealer = sealer

    @property
    def current(self) -> Match:
        """Return the match in play.

        :raises BridgeError: before any game was started or resumed.
        """
        if self.match is None:
            raise BridgeError("no game yet: start a new game first")
        return self.match

    def start(self, match: Match, level: str, preset: str, practice: bool, sealed: bool) -> None:
        """Make ``match`` the match in play, at ``level``, its rules chosen from ``preset``."""
        self.match, self.level, self.preset = match, level, preset
        self.practice, self.sealed = practice, sealed

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
            "least_slot_ms": least_slot_ms(
                self.level, self.sealed and not self.practice and not match.over
            ),
            "level": self.level,
            "practice": self.practice,
            "params": game_params(match, self.preset, self.level, self.practice, self.sealed),
            "save": save_text(self),
        }
        return data

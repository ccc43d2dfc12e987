"""The score sheet of a match: games (or Hollywood columns), their bonuses, the match.

A ``Scoresheet`` takes each hand's ``HandScore`` and keeps every game's running
totals; when a game ends it adds the game, line, shutout and extra-coup bonuses
(and applies the exact-fifty rule), then starts the next game or ends the match as
the match format says.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .rules import HollywoodEntry, MatchFormat, Rules, Shutout
from .scoring import HandScore, Outcome, Rule, ScoreLine

HOLLYWOOD_COLUMNS = 3


@dataclass
class Game:
    """One game (or one Hollywood column) and its running score."""

    number: int
    """1-based: the game's place in the match, or the Hollywood column."""
    entries: list[tuple[int, int, int]] = field(default_factory=list)
    """Each hand entered: (hand number, points of seat 0, points of seat 1)."""
    unscored: list[tuple[int, Outcome]] = field(default_factory=list)
    """Each hand played in this game that scored nothing (a dead hand, a tie no one
    wins): (hand number, outcome), so the sheet's hand numbers have no gaps."""
    totals: list[int] = field(default_factory=lambda: [0, 0])
    hands_won: list[int] = field(default_factory=lambda: [0, 0])
    extra_coups: list[int] = field(default_factory=lambda: [0, 0])
    bonuses: list[ScoreLine] = field(default_factory=list)
    winner: int | None = None
    """The seat that won the game, once it is over."""

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.winner is not None

    @property
    def final(self) -> list[int]:
        """Return each seat's total with the end-of-game bonuses."""
        out = list(self.totals)
        for line in self.bonuses:
            out[line.seat] += line.points
        return out

    def enter(self, hand_number: int, points: tuple[int, int], winner: int | None) -> None:
        """Add one hand's points, and count the hand won by ``winner``."""
        self.entries.append((hand_number, points[0], points[1]))
        self.totals[0] += points[0]
        self.totals[1] += points[1]
        if winner is not None:
            self.hands_won[winner] += 1

    def to_json(self) -> dict[str, object]:
        """Return the game as JSON-ready data."""
        return {
            "number": self.number,
            "hands": [list(entry) for entry in self.entries],
            "unscored": [[number, str(outcome)] for number, outcome in self.unscored],
            "totals": list(self.totals),
            "hands_won": list(self.hands_won),
            "extra_coups": list(self.extra_coups),
            "bonuses": [line.to_json() for line in self.bonuses],
            "final": self.final,
            "over": self.over,
            "winner": self.winner,
        }


class Scoresheet:
    """Every game of a match, its bonuses, and the match result."""

    def __init__(self, rules: Rules) -> None:
        """Start an empty sheet for ``rules``."""
        self.rules = rules
        self.hollywood = rules.match is MatchFormat.HOLLYWOOD
        self.games: list[Game] = [Game(1)]
        if self.hollywood:
            self.games += [Game(column) for column in range(2, HOLLYWOOD_COLUMNS + 1)]
        self.hands_won = [0, 0]
        """Hands won in the whole match."""
        self.match_totals = [0, 0]
        """The sum of the finished games' final scores (multi-game matches)."""
        self.match_bonuses: list[ScoreLine] = []
        self.winner: int | None = None
        """The seat that won the match, once it is over."""

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return self.winner is not None

    @property
    def open_games(self) -> list[Game]:
        """Return the games that are still being played."""
        return [game for game in self.games if not game.over]

    def record(self, hand_number: int, score: HandScore) -> None:
        """Enter the score of hand ``hand_number`` and end games and the match as due."""
        if self.over:
            return
        if score.winner is None:
            # a dead hand (``DEAD_HAND``) or a tie no one wins: no points, no hand won,
            # no game ends
            for game in self.open_games:
                game.unscored.append((hand_number, score.outcome))
            return
        self.hands_won[score.winner] += 1
        if self.hollywood:
            self._enter_hollywood(hand_number, score)
        else:
            game = self.games[-1]
            game.enter(hand_number, score.points, score.winner)
            self._count_extra_coups(game, score)
        for game in self.open_games:
            if self.rules.match is not MatchFormat.HANDS and max(game.totals) >= self.rules.target:
                self._end_game(game, score.winner)
        self._after_hand()

    def _enter_hollywood(self, hand_number: int, score: HandScore) -> None:
        """Enter a hand in the Hollywood columns its scorers may enter."""
        was_scored = [[game.totals[seat] > 0 for game in self.games] for seat in (0, 1)]
        wins_before = [self.hands_won[seat] - (seat == score.winner) for seat in (0, 1)]
        for index, game in enumerate(self.games):
            if game.over:
                continue
            points = [0, 0]
            for seat in (0, 1):
                if not score.points[seat]:
                    continue
                if self.rules.hollywood_entry is HollywoodEntry.NTH_WIN:
                    scoring_count = wins_before[seat] + (seat == score.winner)
                    allowed = index < scoring_count
                else:
                    allowed = index == 0 or was_scored[seat][index - 1]
                if allowed:
                    points[seat] = score.points[seat]
            if points != [0, 0]:
                winner = score.winner if score.winner is not None and points[score.winner] else None
                game.enter(hand_number, (points[0], points[1]), winner)
                self._count_extra_coups(game, score)

    def _count_extra_coups(self, game: Game, score: HandScore) -> None:
        """Count Oklahoma extra-coups: one for an undercut, two for a gin or big gin."""
        if not self.rules.extra_coup_value or score.winner is None:
            return
        coups = {Outcome.UNDERCUT: 1, Outcome.GIN: 2, Outcome.BIG_GIN: 2}.get(score.outcome, 0)
        game.extra_coups[score.winner] += coups

    def _end_game(self, game: Game, last_winner: int) -> None:
        """Close ``game``: pick its winner and add its end-of-game bonuses."""
        rules = self.rules
        totals = game.totals
        winner = last_winner if totals[0] == totals[1] else int(totals[1] > totals[0])
        loser = 1 - winner
        lines: list[ScoreLine] = []
        shutout = game.hands_won[loser] == 0  # the loser won no hand (es, de)
        if shutout and rules.shutout is Shutout.DOUBLE:
            lines.append(
                ScoreLine(winner, totals[winner], Rule.SHUTOUT, "shutout: every hand doubled")
            )
        elif shutout and rules.shutout is Shutout.FLAT and rules.shutout_bonus:
            lines.append(ScoreLine(winner, rules.shutout_bonus, Rule.SHUTOUT, "shutout bonus"))
        if rules.game_bonus:
            lines.append(ScoreLine(winner, rules.game_bonus, Rule.GAME, "game bonus"))
        for seat in (winner, loser):
            if rules.line_bonus and game.hands_won[seat]:
                lines.append(
                    ScoreLine(
                        seat,
                        rules.line_bonus * game.hands_won[seat],
                        Rule.LINE,
                        f"{game.hands_won[seat]} hands won x {rules.line_bonus}",
                    )
                )
            if rules.extra_coup_value and game.extra_coups[seat]:
                lines.append(
                    ScoreLine(
                        seat,
                        rules.extra_coup_value * game.extra_coups[seat],
                        Rule.EXTRA_COUP,
                        f"{game.extra_coups[seat]} extra-coups x {rules.extra_coup_value}",
                    )
                )
        game.bonuses = lines
        final = game.final
        if rules.exact_fifty_loses and final[winner] - final[loser] == 50:
            game.bonuses.append(ScoreLine(winner, 0, Rule.EXACT_FIFTY, "led by exactly 50: loses"))
            winner = loser
        game.winner = winner

    def _after_hand(self) -> None:
        """End the match, or open the next game, as the match format says."""
        rules = self.rules
        fmt = rules.match
        if fmt is MatchFormat.HANDS:
            for seat in (0, 1):
                if self.hands_won[seat] >= rules.hands_to_win:
                    self.winner = seat
            return
        last = self.games[-1]
        if fmt is MatchFormat.HOLLYWOOD:
            if not self.open_games:
                self._end_hollywood()
            return
        if not last.over:
            return
        assert last.winner is not None
        if fmt is MatchFormat.SINGLE:
            self.winner = last.winner
            return
        if fmt is MatchFormat.BEST_OF:
            wins = self.games_won()
            needed = rules.match_games // 2 + 1
            if max(wins) >= needed:
                self.winner = 0 if wins[0] >= needed else 1
                return
        else:  # multi-game match: the games' finals add up to a match total
            for seat, points in enumerate(last.final):
                self.match_totals[seat] += points
            if max(self.match_totals) >= rules.match_target:
                totals = self.match_totals
                self.winner = last.winner if totals[0] == totals[1] else int(totals[1] > totals[0])
                return
        self.games.append(Game(len(self.games) + 1))

    def _end_hollywood(self) -> None:
        """End a Hollywood match: the rubber bonus, then the grand totals decide."""
        won = self.games_won()
        if self.rules.hollywood_rubber_bonus:
            rubber = 0 if won[0] > won[1] else 1
            self.match_bonuses.append(
                ScoreLine(
                    rubber, self.rules.hollywood_rubber_bonus, Rule.RUBBER, "won two of three games"
                )
            )
        totals = self.grand_totals()
        if totals[0] != totals[1]:
            self.winner = int(totals[1] > totals[0])
        else:
            self.winner = int(won[1] > won[0])

    def games_won(self) -> list[int]:
        """Return the number of games (or Hollywood columns) each seat has won."""
        return [sum(game.winner == seat for game in self.games) for seat in (0, 1)]

    def grand_totals(self) -> list[int]:
        """Return each seat's total over the match so far, bonuses included."""
        if self.rules.match is MatchFormat.MULTI:
            totals = list(self.match_totals)
            current = self.games[-1]
            if not current.over:
                totals = [totals[seat] + current.totals[seat] for seat in (0, 1)]
        else:
            totals = [0, 0]
            for game in self.games:
                for seat, points in enumerate(game.final):
                    totals[seat] += points
        for line in self.match_bonuses:
            totals[line.seat] += line.points
        return totals

    def to_json(self) -> dict[str, object]:
        """Return the sheet as JSON-ready data."""
        return {
            "format": self.rules.match.value,
            "games": [game.to_json() for game in self.games],
            "hands_won": list(self.hands_won),
            "games_won": self.games_won(),
            "match_totals": list(self.match_totals),
            "match_bonuses": [line.to_json() for line in self.match_bonuses],
            "totals": self.grand_totals(),
            "over": self.over,
            "winner": self.winner,
        }

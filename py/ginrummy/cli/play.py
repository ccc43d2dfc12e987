"""A match against the computer in a terminal: ``python -m ginrummy play --level hard``.

You are seat 0, the computer seat 1. Your hand is shown in melds and deadwood, the
legal moves are listed; type a move ("discard Qs", "stock", "knock 7h"), its number
in the list, ``hint`` for the computer's advice, ``help`` or ``quit``. After each hand
the showdown and the score sheet are printed.
"""

from __future__ import annotations

import argparse
import io
import sys
from typing import Any, TextIO

from ..actions import Action, IllegalActionError, InvalidActionError
from ..bot import LEVELS, advise, make_player
from ..cards import format_card, format_mask
from ..match import Match
from ..melds import Arrangement
from ..rules import PRESETS, Flow, find_rules
from ..scoring import Outcome
from ..view import SeatView, seat_view

YOU, COMPUTER = 0, 1
NAMES = ("You", "Computer")

HELP = """Type a move as listed ("stock", "upcard", "discard Qs", "knock Qs", "gin Qs"; in
Mahjong gin also "take 3", "meld 7h8h9h", "add 5s to 6s7s8s"), or its number in the list.
Cards are rank then suit: A 2-9 T J Q K (or 10), s c d h.
Other words: hint (the computer's advice), help, quit."""


def register(commands: Any) -> None:
    """Add the ``play`` subcommand to ``commands``."""
    play = commands.add_parser(
        "play",
        help="play a match against the computer in the terminal",
        description=__doc__,
    )
    play.add_argument("--rules", default="standard", choices=sorted(PRESETS), metavar="PRESET")
    play.add_argument(
        "--level", default="normal", choices=LEVELS, help="the computer's level (default normal)"
    )
    play.add_argument(
        "--seed", type=int, default=None, help="fixes the deals and the computer's choices"
    )
    play.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Play the match on standard input and output (bytes that are not text are read as
    "\ufffd", and the line refused like any other move that is not one)."""
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")
    return play_match(args.rules, args.level, args.seed, sys.stdin, sys.stdout)


MAX_MOVE_CHARS = 80
"""The longest line read as a move: a knock listing its melds takes 40 characters."""


class Quit(Exception):
    """The player typed quit, or the input ended."""


class Terminal:
    """One match between a person at a terminal and the computer."""

    def __init__(self, match: Match, level: str, seed: int, stdin: TextIO, stdout: TextIO) -> None:
        """Seat the person at seat 0 and the computer of ``level`` at seat 1."""
        self.match = match
        self.level = level
        self.computer = make_player(level, seed)
        self.stdin = stdin
        self.stdout = stdout

    def say(self, text: str = "") -> None:
        """Print ``text``."""
        print(text, file=self.stdout)

    def ask(self, prompt: str) -> str:
        """Print ``prompt`` and return the next input line, stripped.

        :raises Quit: at the end of the input or on "quit".
        """
        print(prompt, end="", file=self.stdout, flush=True)
        line = self.stdin.readline()
        if not line:
            self.say()
            raise Quit("input ended")
        text = line.strip()
        if text.lower() in ("quit", "exit", "q"):
            raise Quit("quit")
        return text

    def run(self) -> int:
        """Play until the match ends or the person quits; return the exit status."""
        match = self.match
        self.say(f"Gin Rummy against the computer ({self.level}). Type help for help.")
        try:
            while not match.over:
                if match.to_move is None:
                    self.show_hand_end()
                    self.ask("Press Enter for the next hand: ")
                    match.play("next")
                    self.say(f"--- Hand {match.hand_number} ---")
                elif match.to_move == COMPUTER:
                    self.computer_move()
                else:
                    self.person_move()
            self.show_hand_end()
            winner = match.scoresheet.winner
            self.say("You win the match!" if winner == YOU else "The computer wins the match.")
        except Quit as stop:
            self.say(f"Game stopped ({stop}).")
        return 0

    # --- moves ----------------------------------------------------------------------

    def computer_move(self) -> None:
        """Let the computer move and say what it did, without its hidden cards."""
        decision = self.computer.choose(seat_view(self.match, COMPUTER))
        self.match.play(decision.action)
        self.say(f"Computer: {describe(decision.action)}")

    def person_move(self) -> None:
        """Show the table, read a move until it is legal, and play it."""
        view = seat_view(self.match, YOU)
        self.show_table(view)
        while True:
            text = self.ask("Your move: ")
            if not text:
                self.say("Type a move from the list, its number, hint or help.")
                continue
            if len(text) > MAX_MOVE_CHARS:
                self.say(f"Not understood: {len(text)} characters, too long for a move.")
                continue
            lowered = text.lower()
            if lowered == "help":
                self.say(HELP)
                continue
            if lowered == "hint":
                hint = advise(view)
                self.say(f"Hint: {hint.action} - {hint.reason}")
                continue
            action = self.pick(text, view)
            if action is None:
                continue
            try:
                self.match.play(action)
            except (InvalidActionError, IllegalActionError) as error:
                self.say(f"Not allowed: {error}")
                continue
            return

    def pick(self, text: str, view: SeatView) -> str | None:
        """Return the action meant by ``text`` (a move or its number), or None after a message."""
        if text.isdecimal():  # the digits int() reads, "²" not among them
            index = int(text)
            if 1 <= index <= len(view.legal):
                return view.legal[index - 1]
            self.say(f"There is no move number {index}: choose 1 to {len(view.legal)}.")
            return None
        try:
            return Action.parse(text).text
        except InvalidActionError as error:
            self.say(f"Not understood: {error}")
            return None

    # --- showing --------------------------------------------------------------------

    def show_table(self, view: SeatView) -> None:
        """Print the score, the pile, the stock, the other hand and this hand."""
        totals = view.scores.get("totals", [0, 0])
        self.say()
        score = f"Score: you {totals[YOU]}, computer {totals[COMPUTER]}"
        self.say(f"{score}    (phase: {view.phase.value})")
        top = view.pile_top
        pile = format_card(top) if top is not None else "empty"
        stock = f"Stock: {view.stock_count} cards"
        if view.rules.flow is Flow.MAHJONG:
            self.show_mahjong_table(view, stock)
        else:
            self.say(f"Pile top: {pile}    {stock}    Knock limit: {_limit(view)}")
        known = format_mask(view.opponent_known)
        shown = f", known: {' '.join(known)}" if known else ""
        self.say(f"Computer holds {view.opponent_count} cards{shown}")
        if view.table_melds:
            melds = "  ".join("".join(format_mask(meld)) for meld in view.table_melds)
            self.say(f"Knocker's melds: {melds}")
        arrangement = view.arrangement()
        melds = "  ".join(" ".join(format_mask(meld)) for meld in arrangement.melds) or "none"
        dead = " ".join(format_mask(arrangement.deadwood)) or "none"
        self.say(f"Your melds: {melds}")
        self.say(f"Deadwood:   {dead}  (count {arrangement.count})")
        if view.taken is not None:
            self.say(f"You took {format_card(view.taken)}: you may not discard it this turn.")
        moves = "  ".join(f"{i}) {move}" for i, move in enumerate(view.legal, 1))
        self.say(f"Moves: {moves}")

    def show_mahjong_table(self, view: SeatView, stock: str) -> None:
        """Print Mahjong gin's open discard pile, the melds on the table and table points."""
        pile = " ".join(format_card(card) for card in view.discards) or "empty"
        self.say(f"Discard pile (bottom to top): {pile}    {stock}")
        laid = view.mahjong_json()
        for meld in laid["melds"]:
            self.say(f"  On the table ({NAMES[meld['seat']].lower()}): {''.join(meld['cards'])}")
        points = laid["table_points"]
        self.say(f"Table points: you {points[YOU]}, computer {points[COMPUTER]}")
        if laid["must_meld"] is not None:
            self.say(f"You must now lay {laid['must_meld']} in a meld or add it to one.")

    def show_hand_end(self) -> None:
        """Print the showdown and the score sheet of the hand just ended."""
        view = seat_view(self.match, YOU)
        self.say()
        showdown = view.showdown
        score = self.match.hand.score
        if score is not None and score.winner is not None and showdown is None:
            self.say(f"{NAMES[score.winner]} went gin (Mahjong gin).")
            for line in score.lines:
                self.say(f"  {NAMES[line.seat]}: {line.points:+d}  {line.note}")
        elif showdown is None:
            self.say("The hand is dead: nobody went out before the stock ran low. No score.")
        else:
            who = NAMES[showdown.knocker]
            other = NAMES[1 - showdown.knocker]
            self.say(f"{who} went out: {showdown.kind.value}.")
            self.say(f"  {who}: {_arrangement(showdown.knocker_arrangement)}")
            self.say(f"  {other}: {_arrangement(showdown.defender_arrangement)}")
            if showdown.layoffs:
                laid = " ".join(format_card(card) for card, _ in showdown.layoffs)
                self.say(f"  {other} laid off: {laid}")
            for line in showdown.score.lines:
                self.say(f"  {NAMES[line.seat]}: {line.points:+d}  {line.note}")
            if showdown.score.outcome is Outcome.TIE:
                self.say("  A tie, and no undercut on a tie: nobody wins the hand or scores.")
        self.show_scores(view)

    def show_scores(self, view: SeatView) -> None:
        """Print each game's (or Hollywood column's) running totals and the match totals."""
        sheet = view.scores
        for game in sheet.get("games", []):
            totals = game["totals"]
            state = " (over)" if game["over"] else ""
            line = f"Game {game['number']}{state}: you {totals[YOU]}, computer {totals[COMPUTER]}"
            if game["over"]:
                final = game["final"]
                line += f"; with bonuses you {final[YOU]}, computer {final[COMPUTER]}"
            self.say(line)
        totals = sheet.get("totals", [0, 0])
        self.say(f"Match total: you {totals[YOU]}, computer {totals[COMPUTER]}")


def _arrangement(arrangement: Arrangement) -> str:
    """Return an arrangement as text: melds, then deadwood cards and count."""
    melds = "  ".join(" ".join(format_mask(meld)) for meld in arrangement.melds) or "no melds"
    dead = " ".join(format_mask(arrangement.deadwood)) or "none"
    return f"melds {melds}; deadwood {dead} ({arrangement.count})"


def _limit(view: SeatView) -> str:
    """Return the knock limit in words."""
    return "gin only" if view.knock_limit == 0 else str(view.knock_limit)


def describe(action: str) -> str:
    """Return the computer's action in words, showing only public cards."""
    words = action.split()
    head = words[0]
    if head == "stock":
        return "draws from the stock."
    if head == "upcard":
        return "takes the face-up card."
    if head == "pass":
        return "passes on the face-up card."
    if head == "discard":
        return f"discards {words[1]}."
    if head == "knock":
        return f"knocks, discarding {words[1]}."
    if head == "gin":
        return f"goes gin, discarding {words[1]}!"
    if action == "big gin":
        return "declares big gin!"
    if head == "layoff":
        return f"lays off {words[1]}."
    if head == "done":
        return "is done laying off."
    if head == "take":
        cards = "the top card" if words[1] == "1" else f"the top {words[1]} cards"
        return f"takes {cards} of the discard pile."
    if head == "meld":
        return f"lays {words[1]} on the table."
    if head == "add":
        return f"adds {words[1]} to {words[3]}."
    return action


def play_match(preset: str, level: str, seed: int | None, stdin: TextIO, stdout: TextIO) -> int:
    """Play a whole match of ``preset`` against ``level`` on the given streams.

    :raises ValueError: on an unknown preset or level.
    """
    rules = find_rules(preset)
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    match = Match(rules, seed=seed)
    return Terminal(match, level, match.seed, stdin, stdout).run()

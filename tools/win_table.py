"""Make the win-probability table: hard plays hard, then the chance of winning by score.

    nice -n 19 .venv/bin/python tools/win_table.py

Hard plays hard (``make_player("hard")``, seeds fixed) whole games under a few presets,
each one's hands until it has played its share (``PLAYS``), and every hand's ending is
recorded from the dealer's side: who went out and how (knock, gin, big gin, or a dead
hand), both deadwood counts (the defender's before and after its lay-offs, and after
lay-offs on a gin too), and whether the hand was doubled. Each preset of ``TABLES``
then scores those endings by its own rules (``score_hand``), which gives the hands'
results (points to the dealer, to the non-dealer, or nothing), and ``win_table.solve``
works out, by dynamic programming from the target down, the chance that a seat wins the
game from every pair of scores when it deals the next hand. Presets whose play differs
only in scoring (the bonuses, the box, lay-offs on gin, the target, who deals next) share
one self-play: hard's play under them is a little different, which this ignores.

The tables go to ``py/ginrummy/bot/win_table_data.py`` (JSON text in a Python string,
read by ``ginrummy.bot.win_table``); the score states at the start of each hand of the standard
games (the totals of the game going on, and who deals) to
``tools/data/win_table-states-standard.jsonl``, for ``tools/expert_check.py --scores``.
The figures printed: hands played, CPU seconds, each table's chance of winning at 0 to 0
for the dealer, and the largest error of its grid against the full table.

Every hand's ending is kept in ``tools/data/win_table-endings.jsonl``: ``--replay``
solves the tables again from it and plays nothing; ``--resume`` keeps the presets
already played there and plays the others (``--only``: just these), so the self-play
can be made in pieces.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from ginrummy.bot import make_player
from ginrummy.bot.win_table import SCALE, HandResult, WinTable, grid_axis, solve
from ginrummy.match import Match
from ginrummy.rules import Rules, find_rules
from ginrummy.scoring import Outcome, score_hand
from ginrummy.showdown import takes_layoffs
from ginrummy.view import seat_view

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "py" / "ginrummy" / "bot" / "win_table_data.py"
WIDTH = 90
"""Characters of JSON text per line of the data module."""
STATES = ROOT / "tools" / "data" / "win_table-states-standard.jsonl"
ENDINGS = ROOT / "tools" / "data" / "win_table-endings.jsonl"

PLAYS: dict[str, int] = {
    "standard": 1200,
    "oklahoma": 400,
    "french": 200,
    "straight": 200,
    "round_the_corner": 200,
    "tedesco": 200,
}
"""The presets hard plays hard under, and the hands each plays (about 0.3 CPU seconds a
hand: 2,400 hands are some 12 CPU minutes). Standard's hands make six presets' tables,
and the page's expert is measured on it: it has the most."""
TABLES: dict[str, str] = {
    "standard": "standard",
    "tournament": "standard",
    "hollywood": "standard",
    "classic": "standard",
    "italian": "standard",
    "german": "standard",
    "oklahoma": "oklahoma",
    "french_oklahoma": "oklahoma",
    "french": "french",
    "straight": "straight",
    "round_the_corner": "round_the_corner",
    "tedesco": "tedesco",
}
"""Every preset with a table (all but Mahjong gin), and the self-play its hands come from."""
POINTS = 50
"""Most grid intervals a table's axis has: its step is the target over this, rounded up."""

Ending = tuple[int, str, int, int, int, int, bool]
"""A hand's ending from the dealer's side: (the seat that went out, 0 the dealer, 1 the
non-dealer, -1 nobody: a dead hand; how: knock, gin or big_gin; the knocker's deadwood;
the defender's before lay-offs, after them, and after lay-offs on a gin; doubled)."""


def ending_of(match: Match) -> Ending:
    """Return the ending of ``match``'s finished hand, from the dealer's side."""
    hand = match.hand
    showdown = hand.showdown
    if showdown is None:
        return (-1, "dead", 0, 0, 0, 0, False)
    before = showdown.defender_before
    defender = before.deadwood
    for meld in before.melds:
        defender |= meld
    on_gin = hand.melder.best_layoffs(showdown.knocker_arrangement.melds, defender)
    return (
        int(showdown.knocker != hand.dealer),
        showdown.kind.value,
        showdown.knocker_arrangement.count,
        before.count,
        showdown.defender_arrangement.count if showdown.kind is Outcome.KNOCK else before.count,
        on_gin.arrangement.count,
        hand.doubled,
    )


def self_play(preset: str, hands: int, seed: int) -> tuple[list[Ending], list[list[int]]]:
    """Play hard against hard under ``preset`` until ``hands`` hands are played; return
    each hand's ending and the score state at its start (seat 0's total, seat 1's, the
    dealer)."""
    rules = find_rules(preset)
    endings: list[Ending] = []
    states: list[list[int]] = []
    game = 0
    while len(endings) < hands:
        match_seed = seed * 1_000_003 + game
        players = (make_player("hard", match_seed * 2), make_player("hard", match_seed * 2 + 1))
        match = Match(rules, seed=match_seed)
        while not match.over and len(endings) < hands:
            if match.to_move is None:
                match.play("next")
                continue
            if not states or len(states) == len(endings):
                totals = match.scoresheet.open_games[0].totals
                states.append([totals[0], totals[1], match.dealer])
            seat = match.to_move
            match.play(players[seat].choose(seat_view(match, seat)).action)
            if match.hand.over:
                endings.append(ending_of(match))
        game += 1
    return endings, states


def results(rules: Rules, endings: list[Ending]) -> dict[bool, list[tuple[float, HandResult]]]:
    """Return the hands' results under ``rules`` with their shares, for the dealer's seat
    (True) and the non-dealer's (False): each from the seat's own side."""
    counts: Counter[HandResult] = Counter()
    for knocker, how, count, before, after, on_gin, doubled in endings:
        if knocker < 0:
            counts[(0, 0, None, True)] += 1
            continue
        kind = Outcome(how)
        if kind is Outcome.BIG_GIN and not rules.big_gin_allowed:
            kind = Outcome.GIN  # where big gin is not allowed, the hand throws a card: gin
        defender = after if kind is Outcome.KNOCK else before
        if kind is not Outcome.KNOCK and takes_layoffs(rules, kind):
            defender = on_gin
        score = score_hand(
            rules,
            knocker=knocker,
            kind=kind,
            knocker_count=count,
            defender_count=defender,
            doubled=doubled and rules.spade_double,
        )
        counts[(score.points[0], score.points[1], score.winner, False)] += 1
    total = sum(counts.values())
    dealing = [(number / total, result) for result, number in sorted(counts.items(), key=str)]
    return {True: dealing, False: dealing}


def grid_of(full: list[list[float]], target: int, step: int) -> list[list[int]]:
    """Return the grid of the table ``full`` (the seat dealing next), in ``SCALE`` parts."""
    axis = grid_axis(target, step)
    return [[round(full[a][b] * SCALE) for b in axis] for a in axis]


def grid_error(full: list[list[float]], table: WinTable) -> float:
    """Return the largest difference between ``full`` and ``table`` read between its grid."""
    target = table.target
    return max(
        abs(full[a][b] - table.probability(a, b, True))
        for a in range(target)
        for b in range(target)
    )


def data_module(text: str) -> str:
    """Return the source of the data module: the JSON ``text`` as one Python string,
    ``WIDTH`` characters a line (implicit concatenation)."""
    assert "'" not in text and "\\" not in text, "the text must need no escapes"
    chunks = [text[at : at + WIDTH] for at in range(0, len(text), WIDTH)]
    # quoted as ruff's formatter quotes them: double quotes unless the text holds some
    lines = [f"    '{chunk}'\n" if '"' in chunk else f'    "{chunk}"\n' for chunk in chunks]
    return (
        '"""The win-probability tables as JSON text (``win_table``): made by\n'
        '``tools/win_table.py``, not to be edited by hand."""\n\n'
        "DATA = (\n" + "".join(lines) + ")\n"
        '"""Per table: the presets it serves, its target, grid step, the hands it was made\n'
        'from, and the grid of chances in thousandths (``win_table.WinTable``)."""\n'
    )


def main(argv: list[str] | None = None) -> int:
    """Play, solve, write the tables and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scale", type=float, default=1.0, help="times the hands of PLAYS")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument(
        "--replay", action="store_true", help=f"solve the endings of {ENDINGS.name}: play nothing"
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help=f"keep the self-plays in {ENDINGS.name}, play the rest",
    )
    parser.add_argument("--only", nargs="+", choices=list(PLAYS), help="play only these presets")
    args = parser.parse_args(argv)
    begin = time.process_time()
    played: dict[str, list[Ending]] = {}
    if args.replay or args.resume:
        for line in ENDINGS.read_text().splitlines():
            entry = json.loads(line)
            played.setdefault(entry[0], []).append(tuple(entry[1:]))  # type: ignore[arg-type]
    elif ENDINGS.exists():
        ENDINGS.unlink()
    for preset, hands in PLAYS.items():
        if args.replay or preset in played or (args.only and preset not in args.only):
            continue
        start = time.process_time()
        endings, states = self_play(preset, max(1, int(hands * args.scale)), args.seed)
        played[preset] = endings
        dead = sum(ending[0] < 0 for ending in endings)
        print(
            f"self-play {preset}: {len(endings)} hands ({dead} dead), "
            f"{time.process_time() - start:.0f} CPU s",
            flush=True,
        )
        with ENDINGS.open("a") as out:
            out.writelines(json.dumps([preset, *ending]) + "\n" for ending in endings)
        if preset == "standard":
            STATES.parent.mkdir(parents=True, exist_ok=True)
            STATES.write_text("".join(json.dumps(state) + "\n" for state in states))
    playing = time.process_time() - begin
    made: dict[tuple[Any, ...], dict[str, Any]] = {}
    for preset, source in TABLES.items():
        if source not in played:
            print(f"table {preset}: none (no self-play of {source})")
            continue
        rules = find_rules(preset)
        shares = results(rules, played[source])
        key = (source, rules.target, rules.next_dealer, rules.dead_hand_dealer, str(shares))
        if key in made:
            made[key]["presets"].append(preset)
            continue
        full = solve(rules, rules.target, shares)[1]
        step = -(-(rules.target - 1) // POINTS)
        grid = grid_of(full, rules.target, step)
        table = WinTable(rules.target, step, tuple(tuple(row) for row in grid))
        dealer = sum(share * (result[0] - result[1]) for share, result in shares[True])
        print(
            f"table {preset} (hands of {source}): target {rules.target}, "
            f"dealer's chance at 0-0 {full[0][0]:.3f}, dealer's points a hand less the "
            f"non-dealer's {dealer:+.2f}, grid step {step}, "
            f"largest grid error {grid_error(full, table):.4f}",
            flush=True,
        )
        made[key] = {
            "presets": [preset],
            "target": rules.target,
            "step": step,
            "hands": len(played[source]),
            "grid": grid,
        }
    data = {
        "about": "win probability of the seat dealing next, by own score (rows) and the "
        "other score (columns), in thousandths; made by tools/win_table.py",
        "seed": args.seed,
        "tables": list(made.values()),
    }
    text = json.dumps(data, separators=(",", ":"))
    source = data_module(text)
    args.out.write_text(source)
    hands = sum(len(endings) for endings in played.values())
    print(f"hands: {hands}")
    print(f"self-play CPU s: {playing:.0f}")
    print(f"total CPU s: {time.process_time() - begin:.0f}")
    print(
        f"tables: {len(made)}, module {len(source)} bytes, "
        f"{len(gzip.compress(source.encode()))} gzipped"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

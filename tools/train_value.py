"""Fit the expert's learned value of a position (``ginrummy.bot.value``) from self-play.

    nice -n 19 .venv/bin/python tools/train_value.py play --deals 6000
    .venv/bin/python tools/train_value.py fit

``play`` plays first hands of matches, ``hard`` against ``hard``, under each preset of
``--presets`` in turn (deal ``k`` of preset ``p`` is match seed ``--seed * 1_000_003 + k``),
and keeps every position where a seat is about to draw: both hands, the stock's cards,
the face-up card, the knock limit, and what the hand then gave the seat to move, less the
other's, undoubled. Each finished deal is a line of ``--positions`` (under ``.cache/``,
not committed: some 2 kB a deal); a rerun goes on from the deals already there, so a run
of hours is made in pieces.

``fit`` computes ``value.features`` for every position kept and fits their weights by
least squares (with a small ridge), on nine deals in ten; the tenth is held out, and the
fit's figures on it (the root mean square error and the share of the points' variance
explained, against the mean alone and against the deadwood difference alone) are
printed and written with the weights into ``py/ginrummy/bot/value_weights.py``, a module
of the package (the page imports it from its snapshot, where no data file is read). Pure
Python: no numpy, the same on every machine.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from ginrummy.actions import Action
from ginrummy.bot import make_player
from ginrummy.bot.tables import DeadwoodTables, deadwood_tables
from ginrummy.bot.value import FEATURES, features, hand_rules
from ginrummy.match import Match
from ginrummy.rules import PRESETS, AceMode, Rules, find_rules
from ginrummy.state import Phase
from ginrummy.view import seat_view

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / ".cache" / "value-positions.jsonl"
WEIGHTS = ROOT / "py" / "ginrummy" / "bot" / "value_weights.py"
RIDGE = 1.0
"""Added to the normal equations' diagonal (the bias's excepted): keeps the solution
stable where two figures move together (a hand that can knock has a knock chance of 1)."""
HELD_OUT = 10
"""One deal in this many is held out of the fit, to measure it."""


def mask_of(cards: list[int]) -> int:
    """Return the card mask of ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def play_deal(rules_name: str, seed: int) -> list[list[int]]:
    """Play the first hand of match ``seed`` under ``rules_name``, hard against hard, and
    return its positions: ``[mover, other, stock, top, limit, points]``, ``top`` -1 for
    none and ``points`` the mover's undoubled points less the other's at the hand's end."""
    match = Match(find_rules(rules_name), seed=seed)
    players = (make_player("hard", seed * 2), make_player("hard", seed * 2 + 1))
    kept: list[tuple[int, list[int]]] = []
    while match.to_move is not None:
        seat = match.to_move
        hand = match.hand
        if hand.phase is Phase.DRAW:
            top = hand.pile[-1] if hand.pile else -1
            position = [hand.hands[seat], hand.hands[1 - seat], mask_of(hand.stock), top]
            kept.append((seat, [*position, hand.knock_limit]))
        match.play(Action.parse(players[seat].choose(seat_view(match, seat)).action))
    score = match.hand.score
    assert score is not None
    doubled = 2 if match.hand.doubled else 1
    rows = []
    for seat, position in kept:
        net = (score.points[seat] - score.points[1 - seat]) // doubled
        rows.append([*position, net])
    return rows


def play(args: argparse.Namespace) -> None:
    """Play deals until each preset has ``args.deals``, appending each to the file."""
    path: Path = args.positions
    path.parent.mkdir(parents=True, exist_ok=True)
    done: dict[str, set[int]] = {name: set() for name in args.presets}
    if path.exists():
        for line in path.read_text().splitlines():
            record = json.loads(line)
            if record["seed"] != args.seed:
                raise ValueError(f"{path} was made with seed {record['seed']}: use --positions")
            done.setdefault(record["rules"], set()).add(record["deal"])
    begin = time.process_time()
    played = 0
    with path.open("a") as out:
        for index in range(args.deals):
            for name in args.presets:
                if index in done[name]:
                    continue
                rows = play_deal(name, args.seed * 1_000_003 + index)
                record = {"rules": name, "seed": args.seed, "deal": index, "rows": rows}
                out.write(json.dumps(record) + "\n")
                out.flush()
                played += 1
    seconds = time.process_time() - begin
    print(f"deals_played: {played} ({seconds:.0f} CPU s, {seconds / max(1, played):.3f} a deal)")


def tables_for(rules: Rules) -> DeadwoodTables:
    """Return the point tables of ``rules`` (as hard counts deadwood)."""
    return deadwood_tables(rules.ace_mode is AceMode.ROUND_THE_CORNER, rules.unmatched_ace)


def load(path: Path) -> list[tuple[int, list[float], float, float]]:
    """Return every position of ``path``: its deal, its figures, its points, and the
    deadwood difference (other's less the mover's, the baseline's one figure)."""
    samples = []
    for line in path.read_text().splitlines():
        record = json.loads(line)
        tables = tables_for(find_rules(record["rules"]))
        for mover, other, stock, top, limit, net in record["rows"]:
            figures = features(tables, limit, mover, other, stock, None if top < 0 else top)
            spread = figures[FEATURES.index("other_deadwood")]
            spread -= figures[FEATURES.index("mover_deadwood")]
            samples.append((record["deal"], figures, float(net), spread))
    return samples


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Return x with ``matrix @ x == vector`` (Gaussian elimination, partial pivoting)."""
    size = len(vector)
    rows = [[*row, value] for row, value in zip(matrix, vector, strict=True)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(size):
            if r != col and rows[r][col]:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def least_squares(xs: list[list[float]], ys: list[float], ridge: float) -> list[float]:
    """Return the weights minimising the squared error of ``xs @ w`` to ``ys`` plus
    ``ridge`` times the squared weights (the first, the bias, unpenalised)."""
    size = len(xs[0])
    gram = [[0.0] * size for _ in range(size)]
    moment = [0.0] * size
    for x, y in zip(xs, ys, strict=True):
        for i, xi in enumerate(x):
            if xi:
                row = gram[i]
                for j in range(i, size):
                    row[j] += xi * x[j]
                moment[i] += xi * y
    for i in range(size):
        for j in range(i):
            gram[i][j] = gram[j][i]
        if i:
            gram[i][i] += ridge
    return solve(gram, moment)


def rmse(predicted: list[float], actual: list[float]) -> float:
    """Return the root mean square error of ``predicted`` against ``actual``."""
    total = sum((p - a) ** 2 for p, a in zip(predicted, actual, strict=True))
    return math.sqrt(total / len(actual))


def fit(args: argparse.Namespace) -> None:
    """Fit the weights, print the figures and write them with the weights."""
    samples = load(args.positions)
    train = [s for s in samples if s[0] % HELD_OUT]
    test = [s for s in samples if not s[0] % HELD_OUT]
    weights = least_squares([s[1] for s in train], [s[2] for s in train], RIDGE)
    spread = least_squares([[1.0, s[3]] for s in train], [s[2] for s in train], 0.0)
    actual = [s[2] for s in test]
    mean = sum(s[2] for s in train) / len(train)
    valued = [sum(w * f for w, f in zip(weights, s[1], strict=True)) for s in test]
    errors = {
        "mean_only": rmse([mean] * len(test), actual),
        "deadwood_difference": rmse([spread[0] + spread[1] * s[3] for s in test], actual),
        "value": rmse(valued, actual),
    }
    base = errors["mean_only"] ** 2
    figures = {
        "positions_fitted": len(train),
        "positions_held_out": len(test),
        "deals": sum(1 for _ in args.positions.open()),
        **{f"held_out_rmse_{name}": round(value, 3) for name, value in errors.items()},
        **{
            f"held_out_r2_{name}": round(1 - value**2 / base, 4)
            for name, value in errors.items()
            if name != "mean_only"
        },
    }
    for name, value in figures.items():
        print(f"{name}: {value}")
    presets = sorted({json.loads(line)["rules"] for line in args.positions.open()})
    scorings = unique([hand_rules(find_rules(name)) for name in presets])
    made = {"presets": presets, "seed": args.seed, "ridge": RIDGE, **figures}
    named = dict(zip(FEATURES, weights, strict=True))
    args.weights.write_text(weights_module(named, scorings, made))
    print(f"weights: {args.weights}")


def literal(value: object) -> str:
    """Return ``value`` (text, a number, True, False, None, or a list of them, as a tuple)
    as Python source, its text in double quotes as ruff's formatter writes it."""
    if isinstance(value, list):
        return f"({', '.join(literal(item) for item in value)}{',' if len(value) == 1 else ''})"
    return json.dumps(value) if isinstance(value, str) else repr(value)


def weights_module(
    weights: dict[str, float], scorings: list[list[object]], made: dict[str, object]
) -> str:
    """Return the source of ``ginrummy.bot.value_weights``: the ``weights`` by feature, the
    ``scorings`` they were fitted on and how they were ``made``, one item a line."""
    rows = [
        '"""The learned value\'s weights (``value``): written by ``tools/train_value.py fit``,',
        'not to be edited by hand."""',
        "",
        "WEIGHTS = {",
        *(f"    {literal(name)}: {round(weight, 5)!r}," for name, weight in weights.items()),
        "}",
        '"""One weight per figure of ``value.features``, by its name."""',
        "SCORINGS = [",
        *(f"    {literal(row)}," for row in scorings),
        "]",
        '"""The ``value.hand_rules`` of each rule set the weights were fitted on."""',
        "MADE = {",
        *(f"    {literal(name)}: {literal(item)}," for name, item in made.items()),
        "}",
        '"""How they were made: the hands\' presets and seed, the ridge, the fit\'s figures."""',
    ]
    return "\n".join(rows) + "\n"


def unique(rows: list[list[object]]) -> list[list[object]]:
    """Return ``rows`` without repeats, in their order."""
    kept: list[list[object]] = []
    for row in rows:
        if row not in kept:
            kept.append(row)
    return kept


def main(argv: list[str] | None = None) -> int:
    """Play positions or fit the weights, as the command line says."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=("play", "fit"))
    parser.add_argument("--presets", nargs="+", default=["standard", "oklahoma"])
    parser.add_argument("--deals", type=int, default=6000, help="deals to reach per preset")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=Path, default=POSITIONS)
    parser.add_argument("--weights", type=Path, default=WEIGHTS)
    args = parser.parse_args(argv)
    unknown = [name for name in args.presets if name not in PRESETS]
    if unknown:
        parser.error(f"unknown presets: {unknown}")
    if args.step == "play":
        play(args)
    else:
        fit(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())

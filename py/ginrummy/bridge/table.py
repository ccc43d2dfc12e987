"""What the page draws of a seat, besides its ``SeatView``: the prompt, the ways to go out.

``Session.state`` answers these for the player's seat; ``friend_table`` for each seat of
a match between two people. Also the URL parameters that start a match again.
"""

from __future__ import annotations

from ..actions import Action, Kind
from ..cards import format_card, format_mask
from ..match import Match
from ..rules import PRESETS, Flow, param_text
from ..state import Phase, melder_for
from ..view import OPPONENT, PLAYER, SeatView
from .arguments import Json


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

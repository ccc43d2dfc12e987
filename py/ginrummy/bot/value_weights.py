"""The learned value's weights (``value``): written by ``tools/train_value.py fit``,
not to be edited by hand."""

WEIGHTS = {
    "bias": -1.18033,
    "mover_deadwood": 7.78472,
    "other_deadwood": -2.63904,
    "mover_after_draw": -19.8409,
    "other_after_draw": 18.72171,
    "mover_knock_chance": -3.14494,
    "other_knock_chance": 0.81218,
    "mover_gin_chance": 20.91915,
    "other_gin_chance": -9.97112,
    "mover_can_knock": -2.85223,
    "other_can_knock": 0.65588,
    "upcard_left": -3.60725,
    "upcard_knocks": 4.38064,
    "upcard_gins": 30.27416,
    "stage": 0.66305,
    "stage_mover_deadwood": 11.11026,
    "stage_other_deadwood": -11.74126,
    "stage_mover_gin_chance": 143.39262,
    "stage_other_gin_chance": -158.61657,
    "knock_limit": 1.01741,
}
"""One weight per figure of ``value.features``, by its name."""
SCORINGS = [
    ("upcard", 25, 31, 25, True, None, "low", 1, False, False),
]
"""The ``value.hand_rules`` of each rule set the weights were fitted on."""
MADE = {
    "presets": ("oklahoma", "standard"),
    "seed": 1,
    "ridge": 1.0,
    "positions_fitted": 68697,
    "positions_held_out": 7824,
    "deals": 4000,
    "held_out_rmse_mean_only": 32.53,
    "held_out_rmse_deadwood_difference": 32.041,
    "held_out_rmse_value": 30.693,
    "held_out_r2_deadwood_difference": 0.0298,
    "held_out_r2_value": 0.1098,
}
"""How they were made: the hands' presets and seed, the ridge, the fit's figures."""

"""Gin Rummy: an exact rules engine and a fair computer opponent.

The package is pure Python (3.11+) so that Pyodide can load it as a wheel in a
static web page. Cards are ints inside and ``"Qs"`` strings at every boundary.
"""

__version__ = "0.1.0"

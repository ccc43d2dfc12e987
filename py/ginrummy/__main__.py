"""Run the command line: ``python -m ginrummy --help``."""

import sys

from .cli import main

sys.exit(main(prog="python -m ginrummy"))

"""``python -m lexibench``: the command line."""

import sys

from lexibench.solver.cli import main

sys.exit(main())

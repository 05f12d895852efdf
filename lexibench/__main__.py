"""``python -m lexibench``: the command line (see :mod:`lexibench.console`)."""

import sys

from lexibench.console import main

sys.exit(main())

"""``python -m briscola``: see :mod:`briscola.cli`."""

import sys

from .cli import main

sys.exit(main())

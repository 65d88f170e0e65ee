"""PyScript entry: put the briscola package (one zip, imported in place) on the path and start."""

import os
import sys

sys.path.insert(0, os.path.abspath("briscola.zip"))

from briscola import web  # noqa: E402

web.start()

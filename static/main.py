"""PyScript entry, in the engine's worker (static/engine.js): the briscola package (one zip,
imported in place) answers the page's operations, JSON text in and out (briscola.web.call)."""

import os
import sys

_ZIP = os.path.abspath("briscola.zip")
if _ZIP not in sys.path:  # a memory snapshot already has it
    sys.path.insert(0, _ZIP)

from briscola.web import call  # noqa: E402, F401  (exported to the page below)

__export__ = ["call"]

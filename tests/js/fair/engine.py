"""The engine of several pages in one process, for the node tests of a fair table's wiring
(tests/js/fair/tables.mjs): each line in is ``{"page", "op", "arg"}``, each line out the answer of
:func:`briscola.web.call` for that page's own session (swapped in for the call, as
tests/engine/fair_pages.py does). Run as a script: ``python engine.py <repository root>``."""

from __future__ import annotations

import json
import sys


def serve(root: str) -> None:
    sys.path.insert(0, root)
    import briscola.session as session_module
    from briscola.web import call

    sessions: dict[int, object] = {}
    for line in sys.stdin:
        ask = json.loads(line)
        session_module._current = sessions.get(ask["page"])
        out = call(ask["op"], json.dumps(ask.get("arg")))
        sessions[ask["page"]] = session_module._current
        sys.stdout.write(out.replace("\n", " ") + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve(sys.argv[1] if len(sys.argv) > 1 else ".")

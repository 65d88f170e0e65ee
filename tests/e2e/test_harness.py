"""The harness's own promise (conftest.py WarmContexts): a page a test leaves at a plain table is
given to the next test of its kind, which takes its first link in place, with Python already up.
When this breaks nothing fails, every test just starts Python again (the suite took 30% longer)."""

from __future__ import annotations

from typing import Any

from e2e_support import open_match, url, wait_move


def test_a_page_left_at_a_table_is_kept_and_follows_the_next_link_in_place(site: str, warm_contexts: Any,
                                                                           watch: Any) -> None:
    page = warm_contexts.page(watch)
    open_match(page, url(site, "classica", 2, seed=3))
    assert wait_move(page)
    page.evaluate("window.__document = 'kept'")
    warm_contexts.done(page)
    again = warm_contexts.page(watch)
    try:
        assert again is page, "the page left at a table was not kept"
        open_match(again, url(site, "brisca", 2, seed=4))
        assert again.evaluate("window.__document") == "kept", "the next test's first link was loaded anew"
    finally:
        warm_contexts.done(again)

"""A class page carries its own way back: the script that reloads a page whose class widgets never drew sits first
in the page's head, stamped with the page's nonce, on class pages only (the browser test of a whole class coming
back after a server restart: ``tests/browser/test_class_restart.py``)."""

from __future__ import annotations

import re

from donkeylab.server.page_guard import NonceStamper
from donkeylab.widgets import assets

PAGE = '<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8" />\n<script src="a.js"></script>\n</head>\n<body>'


def streamed(stamper: NonceStamper, text: str, size: int) -> str:
    return "".join(stamper.feed(text[i : i + size]) for i in range(0, len(text), size)) + stamper.flush()


def test_the_script_comes_first_in_the_head_with_the_nonce_whatever_the_chunks() -> None:
    script = assets.text("class_return.js")
    assert "</script" not in script.lower()  # it cannot end its own tag early
    for size in (1, 7, len(PAGE)):
        page = streamed(NonceStamper("N0NCE", script), PAGE, size)
        assert page.count(script) == 1, size
        head = page.split("<head>", 1)[1]
        assert head.startswith(f'<script nonce="N0NCE">{script}</script>'), size  # before Voila's own scripts
        assert re.findall(r"<script(?: [^>]*)?>", page) == [
            '<script nonce="N0NCE">',
            '<script nonce="N0NCE" src="a.js">',
        ]


def test_a_page_that_is_not_a_class_page_gets_no_script() -> None:
    assert streamed(NonceStamper("N0NCE"), PAGE, 5) == PAGE.replace("<script ", '<script nonce="N0NCE" ')

"""The log says what an effect on an object does (611.2): a keyword-only effect, such as
unearth's haste, reads "gains Haste", not "gets +0/+0"."""

from __future__ import annotations

import pytest
from play_support import played_game

from dfc_plugin.state import Zone


@pytest.mark.rule("611.2")
@pytest.mark.parametrize(
    ("power", "toughness", "keywords", "words"),
    [
        (2, 0, (), "Grizzly Bears gets +2/+0"),
        (0, 0, ("Haste",), "Grizzly Bears gains Haste"),
        (1, 1, ("Flying", "Haste"), "Grizzly Bears gets +1/+1 and gains Flying, Haste"),
        (0, 0, (), "Grizzly Bears gets +0/+0"),
    ],
)
def test_an_effect_is_logged_as_what_it_does(
    power: int, toughness: int, keywords: tuple[str, ...], words: str
) -> None:
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    game.add_effect(bears, power, toughness, keywords)
    last = game.log_text(1).splitlines()[-1]
    assert last.endswith(f": {words}  [rule 611.2]"), last

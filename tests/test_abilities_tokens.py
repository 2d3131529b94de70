"""Token scripts: tokens share names (111.4: a Spirit token is "Spirit Token" whatever
else it has), so a library holds two token scripts of one name without complaint, and
``TokenScript$`` finds each by its file name."""

from __future__ import annotations

from play_support import library, played_game


def test_token_scripts_of_one_name_are_told_apart_by_file() -> None:
    assert not [e for e in library().errors if e.code == "duplicate-name"]
    game = played_game()
    flying = game.token_script("w_1_1_spirit_flying")
    plain = game.token_script("c_1_1_spirit")
    assert flying is not None and plain is not None
    assert flying.name == plain.name == "Spirit Token"
    assert [k.name for k in flying.front.keywords] == ["Flying"] and not plain.front.keywords
    assert flying.front.colors == ("W",) and plain.front.colors != ("W",)

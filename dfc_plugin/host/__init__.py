"""The reference engine: a Forge-style game core that hosts the DFC rules plugin.

It is what the plugin runs on out of the box, what the conformance suite drives by
default, and the worked example of hosting the plugin: it loads the rule plugins of the
``dfc_plugin.rules`` entry-point group through pluggy, keeps a
:class:`~dfc_plugin.state.DfcState` per object, and asks the registered handlers every DFC
question. Use it from Python::

    from dfc_plugin.host import Game
    from dfc_plugin.state import Zone

    game = Game(players=2)
    delver = game.add("Delver of Secrets", Zone.BATTLEFIELD, player=1)
    game.transform(delver)
    game.name_of(delver)          # 'Insectile Aberration'
    game.mana_value(delver)       # 1
    print(game.log_text())
"""

from __future__ import annotations

from dfc_plugin.host.changes import ChangeActions
from dfc_plugin.host.core import ActionResult, Chooser, FirstChoice
from dfc_plugin.host.game import Playing
from dfc_plugin.host.game.commander import CommanderRules
from dfc_plugin.host.game.copycasting import CopyCasting
from dfc_plugin.host.game.leaving import Leaving
from dfc_plugin.host.model import CardInstance, Effect, Event, GameObject
from dfc_plugin.host.play import PlayActions
from dfc_plugin.host.turns import TurnActions

__all__ = ["ActionResult", "CardInstance", "Chooser", "Effect", "Event", "FirstChoice", "Game", "GameObject"]


class Game(Leaving, CommanderRules, CopyCasting, Playing, PlayActions, ChangeActions, TurnActions):
    """A game of the reference engine. See the module docstring, and the README section
    "Use it from your engine". The game loop and the ability interpreter
    (:mod:`dfc_plugin.host.game`, :mod:`dfc_plugin.host.abilities`) play the cards by
    their scripts: ``game.start()``, then ``legal_actions``/``apply`` or ``play``.

    Every action is all or nothing. It first checks who may do it to which object in which
    zone (:meth:`reach`, :mod:`dfc_plugin.host.access`); a refused action raises
    :class:`~dfc_plugin.errors.IllegalActionError` (a card name the library lacks:
    :class:`~dfc_plugin.errors.CardNotFoundError`) and leaves the game as it was. A broken
    invariant, or any other exception inside an action, rolls it back and raises
    :class:`~dfc_plugin.errors.EngineError`. Messages describe a hidden object only as
    every player may know it (SECURITY.md, "Hidden information")."""

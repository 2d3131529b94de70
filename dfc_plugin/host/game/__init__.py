"""The reference engine's game loop, one module per part of the rules: turns and steps
with priority (:mod:`.steps`), the stack (:mod:`.stack`), triggers (:mod:`.triggers`),
casting and activating (:mod:`.casting`) with costs (:mod:`.costs`), combat
(:mod:`.combat`), state-based actions (:mod:`.sba`), layers (:mod:`.layers`), the basic
actions effects use (:mod:`.basics`), and ``legal_actions``/``apply`` (:mod:`.actions`).
The loop knows no DFC rule: every DFC decision is the plugin's (``self.rules``).
"""

from __future__ import annotations

from dfc_plugin.host.game.actions import Action, Activate, Cast, Craft, Pass, Playing, PlayLand
from dfc_plugin.host.game.steps import STEPS

__all__ = ["STEPS", "Action", "Activate", "Cast", "Craft", "Pass", "PlayLand", "Playing"]

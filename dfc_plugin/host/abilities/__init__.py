"""The ability interpreter of the reference engine: the card's script is the card.

One module per family, each API, mode, event or keyword one small registered function
that declares the parameters it honours (:mod:`.registry`): :mod:`.effects` (APIs),
:mod:`.triggers` (``T:`` modes), :mod:`.statics` (``S:`` modes), :mod:`.replacements`
(``R:`` events), :mod:`.keywords` (``K:``), :mod:`.values` (what ``Defined$``,
valid-card expressions, comparisons and amounts mean), :mod:`.chain` (running an
ability's links) and :mod:`.census` (what runs). It knows no DFC rule: transforming,
melding and entering transformed are the engine's actions, which ask the plugin.
"""

from __future__ import annotations

import dfc_plugin.host.abilities.batches
import dfc_plugin.host.abilities.choosing_each  # widens ChooseCard, Token, ImmediateTrigger
import dfc_plugin.host.abilities.chosen_transforms  # widens SetState: Choices$
import dfc_plugin.host.abilities.combat_prevention  # registers replacement DamageDone (Prevent$)
import dfc_plugin.host.abilities.control_statics  # Continuous: GainControl$; valid:DefenderCtrl
import dfc_plugin.host.abilities.counters_more  # widens PutCounter: Bolster$, Adapt$, RememberCards$
import dfc_plugin.host.abilities.crafted  # widens Continuous: SharedKeywordsZone$; list ExiledWith$
import dfc_plugin.host.abilities.damage_maps  # widens DealDamage: DamageMap$; DamageResolve
import dfc_plugin.host.abilities.damage_records  # widens DealDamage: RememberDamaged$
import dfc_plugin.host.abilities.digging  # widens Dig: Defined$
import dfc_plugin.host.abilities.durations  # widens ChangeZone: Duration$
import dfc_plugin.host.abilities.fighting  # widens Fight: Optional$
import dfc_plugin.host.abilities.free_casting  # widens Continuous: MayPlayWithoutManaCost$, ChooseType
import dfc_plugin.host.abilities.granted_svars  # Continuous: AddSVar$
import dfc_plugin.host.abilities.granted_triggers  # widens Continuous: AddTrigger$
import dfc_plugin.host.abilities.hands  # registers RevealHand, widens ChangeZone: DefinedPlayer$
import dfc_plugin.host.abilities.imprint  # widens RevealHand, Effect, Cleanup: Imprint*, ForgetOnMoved$
import dfc_plugin.host.abilities.incubate
import dfc_plugin.host.abilities.land_played  # registers the LandPlayed trigger
import dfc_plugin.host.abilities.land_plays
import dfc_plugin.host.abilities.living_metal
import dfc_plugin.host.abilities.loyalty
import dfc_plugin.host.abilities.mana_restrictions  # widens Mana: RestrictValid$
import dfc_plugin.host.abilities.mass
import dfc_plugin.host.abilities.mayplay  # widens Continuous: MayPlay$, AffectedZone$
import dfc_plugin.host.abilities.melding  # widens Meld: Tapped$, Attacking$
import dfc_plugin.host.abilities.monarch  # registers BecomeMonarch, triggers BecomeMonarch and Drawn
import dfc_plugin.host.abilities.multiple_blocks  # keyword: block an additional creature
import dfc_plugin.host.abilities.player_auras  # keyword Enchant player; ChangeZone: AttachedToPlayer$
import dfc_plugin.host.abilities.prevention  # keyword: prevent all damage dealt to it
import dfc_plugin.host.abilities.producing  # registers ProduceMana
import dfc_plugin.host.abilities.protection
import dfc_plugin.host.abilities.recolouring  # widens Animate: Colors$; registers MultiplyCounter
import dfc_plugin.host.abilities.remembering  # RememberChanged$ on ChangeZone, ChangeZoneAll
import dfc_plugin.host.abilities.repeating  # registers RepeatEach
import dfc_plugin.host.abilities.revealing  # registers DigUntil
import dfc_plugin.host.abilities.state_triggers
import dfc_plugin.host.abilities.tallies
import dfc_plugin.host.abilities.targeting
import dfc_plugin.host.abilities.uncounterable  # keyword "can't be countered", widens SpellCast
import dfc_plugin.host.abilities.unearth  # noqa: F401  (registration: each module registers its pieces)
from dfc_plugin.host.abilities import effects, keywords, replacements, statics, triggers
from dfc_plugin.host.abilities.registry import EFFECTS, FAMILIES, KEYWORDS, REPLACEMENTS, STATICS, TRIGGERS

__all__ = [
    "EFFECTS",
    "FAMILIES",
    "KEYWORDS",
    "REPLACEMENTS",
    "STATICS",
    "TRIGGERS",
    "effects",
    "keywords",
    "replacements",
    "statics",
    "triggers",
]

# Copy effects (Clone, CopyPermanent, token doubling) and creature types (changeling,
# ChooseType): they register themselves as they are imported.
from dfc_plugin.host.abilities import copying, typechanging  # noqa: F401

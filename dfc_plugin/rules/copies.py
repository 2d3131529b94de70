"""Copies and tokens of double-faced objects (CR 707.8, 707.8a, 707.10g, 111.10i,
111.13, 202.3b-c; 2017: 706.8, 711.1).

A copy of a double-faced permanent copies the face that is up (707.8); its mana value is
0 if that face is a nonmodal back face or a melded face (202.3b-c). A *token* copy of a
double-faced permanent or card is a double-faced token with both faces, entering with the
same face up (707.8a), and it can transform (712.9). Under the 2017 edition a token copy
has only the face that was up and can't transform (706.8, 711.1).

Our reading where the rules are silent: a double-faced token copy with its back face up
takes its mana value from its own front face (202.3b, first sentence), since it has one;
a token copy of a melded permanent is a single-faced copy of the melded face (707.8,
202.3c: mana value 0), because a melded permanent has no front face of its own to copy.
"""

from __future__ import annotations

from dfc_plugin.editions import Edition
from dfc_plugin.rules.characteristics import copiable_values
from dfc_plugin.rules.transform import is_double_faced
from dfc_plugin.state import DfcState, Side, TokenKind, Zone

__all__ = ["become_copy", "copy_spell", "token_copy"]


def _double_faced_copy(edition: Edition, source: DfcState) -> bool:
    return (
        edition.double_faced_tokens
        and source.copy_of is None
        and not source.face_down
        and not source.melded
        and is_double_faced(edition, source)
    )


def token_copy(edition: Edition, source: DfcState) -> DfcState:
    """A token that is a copy of ``source`` (a permanent, or a card in another zone):
    a double-faced token when ``source`` is double-faced (707.8a), with its back face up
    only if it copies a permanent with its back face up: a copy of a card not on the
    battlefield (a spell on the stack too, 112.1) enters front face up; else a token with
    the copiable values of the face that is up (707.8)."""
    if _double_faced_copy(edition, source):
        up = source.up if source.zone is Zone.BATTLEFIELD else Side.FRONT
        return DfcState(source.cards[:1], Zone.BATTLEFIELD, up=up, token=TokenKind.DOUBLE_FACED_TOKEN)
    return DfcState(
        source.cards[:1], Zone.BATTLEFIELD, token=TokenKind.TOKEN, copy_of=copiable_values(source)
    )


def become_copy(edition: Edition, target: DfcState, source: DfcState) -> DfcState:
    """``target`` becomes a copy of ``source`` (707.2, 707.8): it takes the copiable
    values of the face that is up on ``source``. It stays the object it was, so a
    double-faced card that is a copy can still transform (712.9, second example)."""
    return target.evolve(copy_of=copiable_values(source))


def copy_spell(edition: Edition, spell: DfcState) -> DfcState:
    """A copy of a double-faced permanent spell is a double-faced spell with the same face
    up; it resolves into a double-faced token (707.10g, 111.13)."""
    if _double_faced_copy(edition, spell):
        return DfcState(
            spell.cards[:1], Zone.STACK, up=spell.up, token=TokenKind.DOUBLE_FACED_TOKEN, x=spell.x
        )
    return DfcState(
        spell.cards[:1], Zone.STACK, token=TokenKind.TOKEN, copy_of=copiable_values(spell), x=spell.x
    )

"""The DFC rule handlers: pure functions over :class:`~dfc_plugin.state.DfcState`, one
module per rules area (characteristics, transform, casting, meld, face down, copies,
naming, visibility, mana, day and night), registered by :mod:`dfc_plugin.rules.plugin`."""

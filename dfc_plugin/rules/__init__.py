"""The DFC rule handlers: pure functions over :class:`~dfc_plugin.state.DfcState`, one
module per rules area (see DESIGN.md), registered by :mod:`dfc_plugin.rules.plugin`."""

"""Conformance drivers for engines other than the reference one (phase.rs)."""

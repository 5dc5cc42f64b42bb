"""Switching tables: a lesson generated from the engine's witnesses for a pair of rulesets."""

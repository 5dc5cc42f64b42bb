"""Classroom: a printable handout, a projector mode and a class quiz link."""

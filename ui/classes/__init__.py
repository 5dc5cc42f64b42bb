"""Classes: a class code, pupils who join it, progress that lasts, and the teacher's live board."""

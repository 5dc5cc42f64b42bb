"""Compare variants: the rules side by side, contrast positions and house rules."""

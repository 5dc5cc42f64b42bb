"""Home: what makao is, its relatives, and the variants to choose from."""

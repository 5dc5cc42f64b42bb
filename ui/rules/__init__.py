"""Rules: the chosen variant's rules as text, from the data the engine plays by."""

"""The Sandbox: an editable position, judged and played on by the engine."""

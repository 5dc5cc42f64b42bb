"""Learn: step-by-step lessons played on real cards."""

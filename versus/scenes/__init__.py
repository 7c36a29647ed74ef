"""Scene files: located validation of the YAML, event patterns, and where each spin comes from."""

"""Takes: every playthrough of a scene, kept beside it and replayed exactly."""

"""The terminal app (Textual): play, script, replay and export a scene. Imported only by `versus play`."""

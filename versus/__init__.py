"""Versus: stage Regency moral board games as scenes, play them, export the play as prose."""

__version__ = "0.1.0"

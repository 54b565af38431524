"""Example scaffolds, shipped as package data."""

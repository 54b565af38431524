"""Lark grammar of the scaffold language, shipped as package data."""

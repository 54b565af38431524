"""Data shipped with worldgen: word banks and grammars for the procedural content provider
(``banks/``) and example content packs per scaffold. A regular package so importlib.resources
finds it in editable installs too."""

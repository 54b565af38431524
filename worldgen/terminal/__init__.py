"""Terminal worlds: a world's ``files { ... }`` laid out as a file tree behind the one shell
(``worldgen.shell``), its programs reached getopt-style, every change going through the world's
own actions."""

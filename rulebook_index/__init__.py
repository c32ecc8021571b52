"""Tableside's rulebook index: the corpus, its sections, and search over them.

This package is plain Python: it reads files and Whoosh indexes, it cannot use the Flask
globals or import Flask. Only `web.py` touches requests; it is the thin layer the app (`app/`) mounts.
"""

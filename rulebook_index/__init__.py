"""Tableside's rulebook index: the corpus, its sections, and search over them.

This package is plain Python: it reads files and Whoosh indexes, it cannot use the Flask
globals or import Flask. Only `web.py` touches requests; it is the thin layer the app (`app/`) mounts.
"""

import os

# One BLAS thread for NumPy (set before anything here imports it; an explicit setting wins): a
# search's matrix-vector products are small, and BLAS threads only add waiting on a busy machine.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

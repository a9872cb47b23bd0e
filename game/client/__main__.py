import sys

from .app import run

sys.exit(run(sys.argv[1:]))

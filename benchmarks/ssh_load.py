"""SSH load benchmark (also `shengji bench ssh ...`): see shengji_tui/bench/ssh_load.py.

.venv/bin/python benchmarks/ssh_load.py --tables 1
.venv/bin/python benchmarks/ssh_load.py --tables 25 --json
.venv/bin/python benchmarks/ssh_load.py --churn 500 --json
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shengji_tui.bench.ssh_load import main

if __name__ == "__main__":
    sys.exit(main())

"""shengji-tui: the card game 升级 / 拖拉机 (Shengji, Tractor) in a terminal."""

import warnings

# asyncssh names cryptography's DSA key types at import; cryptography 51 warns
# on each name (five lines per process, at every `shengji serve` start). The
# server offers no DSA keys: the warning says nothing to whoever runs it.
warnings.filterwarnings("ignore", message="DSA is deprecated", module=r"asyncssh\.")

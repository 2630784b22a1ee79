"""arbook: accounts-receivable aging and late-interest statements."""

import os as _os
import sys as _sys

# Vendored dependencies live in ../third_party (see third_party/*/README.md).
_VENDOR = _os.path.join(_os.path.dirname(_os.path.dirname(_os.path.abspath(__file__))), "third_party")
if _VENDOR not in _sys.path:
    _sys.path.insert(0, _VENDOR)

__version__ = "1.4.0"

#!/bin/sh
# Pure Python; nothing to compile. Byte-compile to catch syntax errors.
set -e
cd "$(dirname "$0")"
/usr/bin/python3 -m compileall -q ledger report.py

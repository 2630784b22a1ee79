#!/bin/sh
# Nothing to build: shiftpay is plain Python 3.11 (standard library only).
# Run it with:  python3 -m shiftpay data/employees.csv data/punches.csv --tz America/Chicago
echo "nothing to build (pure Python)"

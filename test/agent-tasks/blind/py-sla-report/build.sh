#!/bin/sh
# Pure Python project: nothing to compile. Run the tests with:
#   /usr/bin/python3 -m pytest -q
echo "nothing to build (pure Python); run: /usr/bin/python3 -m pytest -q"

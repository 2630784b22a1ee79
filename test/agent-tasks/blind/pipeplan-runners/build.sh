#!/bin/sh
set -e
cd "$(dirname "$0")"
./node_modules/.bin/tsc -p .
echo "built dist/"

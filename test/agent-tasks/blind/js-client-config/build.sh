#!/bin/sh
# Plain JavaScript; nothing to compile. Syntax-check the sources.
set -e
cd "$(dirname "$0")"
for f in src/*.js test/*.js node_modules/confmerge/index.js; do node --check "$f"; done

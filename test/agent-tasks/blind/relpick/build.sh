#!/bin/sh
# one-time build: TypeScript compiler is a dev dependency installed locally
set -e
cd "$(dirname "$0")"
[ -x node_modules/.bin/tsc ] || npm i -D --no-save typescript@5 @types/node@20
npx tsc -p .

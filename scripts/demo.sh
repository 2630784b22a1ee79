#!/usr/bin/env bash
# Sets up a fresh machine (adapters, npm dependencies, the binary) and runs a real debugging
# session on examples/average.c, the way an agent would: one short command per step.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-adapters.sh
[ -d node_modules/bun ] || npm ci --no-audit --no-fund
node_modules/.bin/bun scripts/build.ts

mkdir -p examples/build
cc -g -O0 -o examples/build/average examples/average.c

export DEBUGGER_SESSION=demo
d() { printf '\n$ debugger %s\n' "$*"; dist/debugger "$@" || true; }

dist/debugger stop >/dev/null 2>&1 || true
d start examples/build/average --break examples/average.c:12
d next
d print 'scores[0]'
d print i
d breakpoint remove 1
d finish
d backtrace
d continue
dist/debugger stop >/dev/null 2>&1 || true

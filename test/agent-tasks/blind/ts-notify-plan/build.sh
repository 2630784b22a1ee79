#!/bin/sh
set -e
cd "$(dirname "$0")"
npx tsc
echo "built dist/ (run: node dist/main.js config)"

#!/usr/bin/env bash
# What a tag would release, built and checked here, publishing nothing. The release workflow's
# build job runs this same script and uploads dist/; its later jobs run, attest and publish it.
#   bash scripts/release-dry-run.sh
#  1. build every target (SOURCE_DATE_EPOCH from the commit: same commit, same bytes) and check
#     each artifact against dist/SHA256SUMS
#  2. pack the npm packages into dist/npm
#  3. attest: skipped here (say so): it needs GitHub Actions' OIDC token; the workflow's attest job
#     runs actions/attest-build-provenance on the same files
#  4. the Homebrew formula (dist/debugger.rb) and install.sh (dist/install.sh)
#  5. npm publish --dry-run of every package, platform packages first, the wrapper last
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
step() { printf '\n==> %s\n' "$*"; }

version=$(node -p 'require("./package.json").version')
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}"

step "1. build every target (v$version, SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH)"
bun scripts/build.ts --all
(cd dist && sha256sum --check --strict SHA256SUMS)

step "2. npm packages"
bun scripts/pack-npm.ts

step "3. attest: skipped (needs GitHub Actions' OIDC token; the release workflow's attest job does it)"
echo "attest: SKIPPED in this dry run; the workflow attests dist/debugger-* and dist/npm/*.tgz"

step "4. Homebrew formula and install.sh"
bun scripts/homebrew.ts
if command -v ruby >/dev/null; then ruby -c dist/debugger.rb; else echo "ruby not installed: formula syntax not checked"; fi
cp scripts/install.sh dist/install.sh

step "5. npm publish --dry-run"
bash scripts/lib/npm-publish.sh dist/npm --dry-run

step "release dry run done: v$version"
ls -l dist/SHA256SUMS dist/debugger.rb dist/install.sh dist/debugger-* dist/npm/*.tgz

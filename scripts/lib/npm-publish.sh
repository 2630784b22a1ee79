#!/usr/bin/env bash
# Publishes the npm tarballs in DIR (scripts/pack-npm.ts wrote them): every platform package the
# wrapper lists first, the wrapper last, so it never names a package that is not on the registry.
# A version already published is skipped, so re-running a release that failed half-way publishes
# only the rest. The release workflow and scripts/release-dry-run.sh both call this.
#   bash scripts/lib/npm-publish.sh DIR [npm publish flags: --provenance, --dry-run…]
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=$1
shift
dry=false
for flag in "$@"; do [ "$flag" = --dry-run ] && dry=true; done

version=$(node -p 'require("./package.json").version')
wrapper_name=$(node -p 'require("./scripts/lib/release.json").npmWrapper')
wrapper="$dir/$wrapper_name-$version.tgz"
[ -f "$wrapper" ] || { echo "no $wrapper: run bun scripts/pack-npm.ts first" >&2; exit 1; }
# The platform packages are the wrapper's optionalDependencies: each must be here, at this version.
# shellcheck disable=SC2016 # the quoted text is JavaScript
platforms=$(tar xzOf "$wrapper" package/package.json | node -e '
  const p = JSON.parse(require("fs").readFileSync(0, "utf8"));
  for (const [name, v] of Object.entries(p.optionalDependencies)) {
    if (v !== p.version) throw new Error(`${name} is listed at ${v}, the wrapper is ${p.version}`);
    console.log(name);
  }')
for name in $platforms; do
  [ -f "$dir/$name-$version.tgz" ] || { echo "the wrapper lists $name, but $dir/$name-$version.tgz is missing (pack every target: bun scripts/pack-npm.ts)" >&2; exit 1; }
done

publish() { # NAME TARBALL
  if ! $dry && [ "$(npm view "$1@$version" version 2>/dev/null || true)" = "$version" ]; then
    echo "$1@$version is already on the registry: skipped"
    return
  fi
  npm publish "$2" --access public "${@:3}"
}
for name in $platforms; do publish "$name" "$dir/$name-$version.tgz" "$@"; done
publish "$wrapper_name" "$wrapper" "$@"
echo "npm: $(echo "$platforms" | wc -w) platform packages and $wrapper_name@$version$($dry && echo " (dry run: nothing published)")"

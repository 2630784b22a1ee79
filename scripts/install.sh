#!/bin/sh
# Installs the `debugger` executable for this machine from a release:
#   curl -fsSL https://github.com/debugger-cli/debugger/releases/latest/download/install.sh | sh
#
# Environment:
#   DEBUGGER_INSTALL_BASE_URL  where the artifacts and SHA256SUMS are
#                              (default: the latest release; .../releases/download/vX.Y.Z for another)
#   DEBUGGER_INSTALL_DIR       where `debugger` goes (default: ~/.local/bin)
#   DEBUGGER_INSTALL_TARGET    skip detection: linux-x64, linux-arm64, linux-x64-musl,
#                              linux-arm64-musl, darwin-x64 or darwin-arm64
#   DEBUGGER_SKILL_DIR         where the Agent Skill goes, as <dir>/debugger/SKILL.md
#                              (default: ~/.claude/skills; "none": not installed)
#   DEBUGGER_INSTALL_SKIP_ATTESTATION=1  rely on the checksum alone when gh is installed but
#                              cannot check (e.g. not logged in)
#
# The artifact is checked against SHA256SUMS, and, when GitHub's CLI (gh) is installed, its build
# provenance with `gh attestation verify`, before anything is written to the install directory; on
# a failure nothing is installed and the downloads are removed.
set -eu

# scripts/lib/release.json's "repository" (test/dist/releaseConfig.test.ts keeps the two equal).
release_repo="debugger-cli/debugger"
base_url="${DEBUGGER_INSTALL_BASE_URL:-https://github.com/$release_repo/releases/latest/download}"
install_dir="${DEBUGGER_INSTALL_DIR:-${HOME:?set HOME or DEBUGGER_INSTALL_DIR}/.local/bin}"
skill_dir="${DEBUGGER_SKILL_DIR:-$HOME/.claude/skills}"

say() { printf '%s\n' "$*" >&2; }
die() { say "install.sh: $*"; exit 1; }

detect_target() {
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    MINGW* | MSYS* | CYGWIN*) die "on Windows, download debugger-windows-x64.exe from $base_url or run: npm install -g debugger-cli" ;;
    *) die "no release for $(uname -s); build from source (see the README)" ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) die "no release for the $(uname -m) processor; build from source (see the README)" ;;
  esac
  # A shell under Rosetta 2 reports x86_64 on an Apple silicon Mac: take the native build.
  if [ "$os" = darwin ] && [ "$arch" = x64 ] && [ "$(sysctl -n sysctl.proc_translated 2>/dev/null || echo 0)" = 1 ]; then
    arch=arm64
  fi
  suffix=
  # glibc answers getconf GNU_LIBC_VERSION; a musl system (Alpine) does not, and has its loader at
  # /lib/ld-musl-<arch>.so.1. A glibc system may have a musl loader installed too: glibc wins.
  if [ "$os" = linux ] && ! getconf GNU_LIBC_VERSION >/dev/null 2>&1; then
    for loader in /lib/ld-musl-*; do
      if [ -e "$loader" ]; then suffix=-musl; fi
    done
    if [ -z "$suffix" ] && ldd --version 2>&1 | grep -qi musl; then suffix=-musl; fi
  fi
  echo "$os-$arch$suffix"
}

download() { # URL FILE
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --retry 2 -o "$2" "$1"
  elif command -v wget >/dev/null 2>&1; then
    wget -q -O "$2" "$1"
  else
    die "neither curl nor wget is installed"
  fi
}

sha256() { # FILE
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d' ' -f1
  elif command -v openssl >/dev/null 2>&1; then
    openssl dgst -sha256 "$1" | sed 's/.*= *//'
  else
    die "no sha256sum, shasum or openssl to verify the download with"
  fi
}

target="${DEBUGGER_INSTALL_TARGET:-$(detect_target)}"
case "$target" in
  linux-x64 | linux-arm64 | linux-x64-musl | linux-arm64-musl | darwin-x64 | darwin-arm64) ;;
  *) die "unknown target '$target'" ;;
esac
artifact="debugger-$target"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/debugger-install.XXXXXX") || die "cannot create a temporary directory"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

say "downloading $artifact from $base_url"
download "$base_url/SHA256SUMS" "$tmp/SHA256SUMS" || die "cannot download $base_url/SHA256SUMS"
download "$base_url/$artifact" "$tmp/$artifact" || die "cannot download $base_url/$artifact"

# Lines are "<sha256>  <name>" (a '*' before the name marks binary mode).
expected=$(awk -v f="$artifact" '$2 == f || $2 == "*" f { print $1; exit }' "$tmp/SHA256SUMS")
[ -n "$expected" ] || die "SHA256SUMS has no entry for $artifact; nothing installed"
actual=$(sha256 "$tmp/$artifact")
if [ "$actual" != "$expected" ]; then
  die "checksum mismatch for $artifact (expected $expected, got $actual); nothing installed"
fi

# Provenance: the release workflow attests every artifact (actions/attest-build-provenance); gh
# checks that this file's digest was attested by a workflow of $release_repo.
if [ "${DEBUGGER_INSTALL_SKIP_ATTESTATION:-}" = 1 ]; then
  say "attestation not checked (DEBUGGER_INSTALL_SKIP_ATTESTATION=1); checksum verified"
elif ! command -v gh >/dev/null 2>&1; then
  say "attestation not checked (no gh: install GitHub's CLI to have it checked); checksum verified"
elif out=$(gh attestation verify "$tmp/$artifact" --repo "$release_repo" 2>&1); then
  say "attestation verified: built by $release_repo's release workflow; checksum verified"
else
  say "$out"
  die "gh attestation verify failed for $artifact; nothing installed (if gh cannot check here, e.g. not logged in, DEBUGGER_INSTALL_SKIP_ATTESTATION=1 relies on the checksum alone)"
fi

chmod 755 "$tmp/$artifact"
if ! version=$("$tmp/$artifact" --version 2>/dev/null); then
  case "$target" in
    # Bun's musl builds link the C++ runtime dynamically; Alpine does not install it by default.
    *-musl) die "$artifact does not run here; it needs libstdc++ and libgcc (Alpine: apk add libstdc++ libgcc); nothing installed" ;;
    *) die "$artifact does not run on this machine; nothing installed" ;;
  esac
fi

mkdir -p "$install_dir" || die "cannot create $install_dir; set DEBUGGER_INSTALL_DIR to a writable directory"
# Copy next to the destination, then rename: a running `debugger` is never half-overwritten.
staged="$install_dir/.debugger.$$"
if ! cp "$tmp/$artifact" "$staged" || ! mv -f "$staged" "$install_dir/debugger"; then
  rm -f "$staged"
  die "cannot write to $install_dir; set DEBUGGER_INSTALL_DIR to a writable directory"
fi
say "installed debugger $version to $install_dir/debugger"

# The Agent Skill, from the binary itself (`debugger guide --skill`), where Claude Code looks for
# personal skills; agents that look elsewhere can be pointed at this file.
if [ "$skill_dir" != none ]; then
  if mkdir -p "$skill_dir/debugger" 2>/dev/null && "$install_dir/debugger" guide --skill >"$skill_dir/debugger/SKILL.md.$$" 2>/dev/null &&
    mv -f "$skill_dir/debugger/SKILL.md.$$" "$skill_dir/debugger/SKILL.md"; then
    say "installed the Agent Skill to $skill_dir/debugger/SKILL.md"
  else
    rm -f "$skill_dir/debugger/SKILL.md.$$"
    say "could not write the Agent Skill to $skill_dir/debugger/SKILL.md (DEBUGGER_SKILL_DIR chooses another place; \`debugger guide --skill\` prints it)"
  fi
fi

case ":${PATH:-}:" in
  *":$install_dir:"*) ;;
  *)
    say ""
    say "$install_dir is not on your PATH. Add it, e.g. in ~/.profile (or ~/.bashrc, ~/.zshrc):"
    say "  export PATH=\"$install_dir:\$PATH\""
    ;;
esac

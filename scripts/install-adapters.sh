#!/usr/bin/env bash
# Installs the debug adapters and toolchains the tests and the demo use, with the platform's
# package manager. Idempotent: only what is missing is installed.
set -euo pipefail

need_sudo() { if [ "$(id -u)" -ne 0 ]; then echo sudo; fi; }

case "$(uname -s)" in
  Linux)
    if command -v apt-get >/dev/null; then
      pkgs=()
      command -v lldb-dap-19 >/dev/null || command -v lldb-dap >/dev/null || pkgs+=(lldb-19)
      command -v gcc >/dev/null || pkgs+=(gcc)
      command -v g++ >/dev/null || pkgs+=(g++)
      command -v rustc >/dev/null || pkgs+=(rustc)
      if [ ${#pkgs[@]} -gt 0 ]; then
        $(need_sudo) apt-get update -qq
        $(need_sudo) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${pkgs[@]}"
      fi
    else
      echo "no apt-get: install lldb (lldb-dap), gcc, g++ and rustc with your package manager" >&2
      exit 1
    fi
    ;;
  Darwin)
    if ! xcrun --find lldb-dap >/dev/null 2>&1 && ! command -v lldb-dap >/dev/null; then
      command -v brew >/dev/null || { echo "install Xcode 16+ or Homebrew's llvm for lldb-dap" >&2; exit 1; }
      brew install llvm
    fi
    command -v rustc >/dev/null || echo "rustc not found: the Rust fixtures will be skipped locally" >&2
    ;;
  *)
    echo "unsupported platform $(uname -s)" >&2
    exit 1
    ;;
esac
echo "adapters: $(command -v lldb-dap-19 || command -v lldb-dap || xcrun --find lldb-dap 2>/dev/null)"

#!/bin/sh
set -e
cd "$(dirname "$0")"
cargo build --offline

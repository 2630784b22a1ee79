#!/bin/sh
# Builds the railplan command; tests run with `go test ./...`.
set -e
cd "$(dirname "$0")"
GOPROXY=off go build -gcflags='all=-N -l' -o railplan ./cmd/railplan

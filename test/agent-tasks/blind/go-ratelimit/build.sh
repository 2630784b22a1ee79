#!/bin/sh
set -e
cd "$(dirname "$0")"
go vet ./...
go build -gcflags='all=-N -l' ./...
# test binary with optimisations off, for debuggers (dlv exec ./ratelimit.test)
go test -c -gcflags='all=-N -l' -o ratelimit.test .

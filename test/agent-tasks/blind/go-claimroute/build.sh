#!/bin/sh
set -e
cd "$(dirname "$0")"
go build -gcflags=all='-N -l' -o claimroute ./cmd/claimroute

#!/bin/sh
set -e
cd "$(dirname "$0")"
gcc -g -O0 -Wall -Wextra -std=c11 -D_POSIX_C_SOURCE=200809L \
    -Ithird_party/strmap -Isrc \
    src/main.c src/inventory.c src/txnlog.c src/report.c third_party/strmap/strmap.c \
    -o stockroom

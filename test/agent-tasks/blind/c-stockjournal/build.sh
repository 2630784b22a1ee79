#!/bin/sh
set -e
cd "$(dirname "$0")"
gcc -g -O0 -Wall -Wextra -std=c99 -o stockrep \
    src/main.c src/journal.c src/stock.c src/report.c vendor/smap/smap.c

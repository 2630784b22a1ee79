#!/bin/sh
set -e
cd "$(dirname "$0")"
gcc -g -O0 -Wall -Wextra -std=c99 -D_POSIX_C_SOURCE=200809L -o logstat logstat.c vendor/strmap/strmap.c

#!/bin/sh
set -e
cd "$(dirname "$0")"
gcc -g -O0 -Wall -Wextra -o test_freq test_freq.c freq.c tokenize.c strmap.c

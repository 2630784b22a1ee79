#!/bin/sh
set -e
cd "$(dirname "$0")"
gcc -g -O0 -Wall -o test_label test_label.c label.c utf8.c

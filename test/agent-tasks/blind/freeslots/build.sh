#!/bin/sh
set -e
cd "$(dirname "$0")"
g++ -g -O0 -std=c++17 -Wall -Wextra -o calendar_tests tests.cpp calendar.cpp timeutil.cpp

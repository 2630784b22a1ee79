#!/bin/sh
set -e
cd "$(dirname "$0")"
g++ -g -O0 -std=c++17 -Wall -Wextra -Ivendor -o reconcile src/main.cpp src/ledger.cpp
echo "built ./reconcile"

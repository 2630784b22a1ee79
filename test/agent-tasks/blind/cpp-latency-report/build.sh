#!/bin/sh
set -e
cd "$(dirname "$0")"
g++ -std=c++17 -g -O0 -Wall -o latreport main.cpp

#!/bin/sh
set -e
cd "$(dirname "$0")"
mkdir -p build
g++ -std=c++17 -g -O0 -Wall -Wextra -o build/shiftpay \
    src/main.cpp src/date.cpp src/csv.cpp src/roster.cpp src/timesheet.cpp src/payroll.cpp
echo "built build/shiftpay"

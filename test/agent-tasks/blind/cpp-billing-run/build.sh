#!/bin/sh
set -e
cd "$(dirname "$0")"
g++ -g -O0 -std=c++17 -Wall -Wextra -o test_billing test_billing.cpp catalog.cpp pricing.cpp invoice.cpp
echo "built ./test_billing"

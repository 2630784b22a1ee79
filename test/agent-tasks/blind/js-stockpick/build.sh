#!/bin/sh
# Nothing to build: plain CommonJS for Node 20, no dependencies.
# Run the tests with:  node --test test/
echo "nothing to build (plain Node.js)"

"use strict";
// Finds the native `debugger` binary that npm installed with the platform package for this
// machine. lib/targets.json (written by scripts/pack-npm.ts) lists every platform package.
const fs = require("fs");
const path = require("path");

function linuxLibc() {
  // musl systems have /lib/ld-musl-<arch>.so.1; reading one directory is much cheaper than
  // process.report, and npm versions that ignore the `libc` field may have installed both packages.
  try {
    return fs.readdirSync("/lib").some((f) => f.startsWith("ld-musl-")) ? "musl" : "glibc";
  } catch {
    return "glibc";
  }
}

/** Platform packages that can run here, the best match first. */
function candidates() {
  const targets = require("./targets.json");
  const libc = process.platform === "linux" ? linuxLibc() : undefined;
  return targets
    .filter((t) => t.os === process.platform && t.cpu === process.arch)
    .sort((a, b) => Number(b.libc === libc) - Number(a.libc === libc));
}

/** The binary's path, or an Error that says what to do. DEBUGGER_BINARY_PATH overrides. */
function nativeBinary() {
  if (process.env.DEBUGGER_BINARY_PATH) return process.env.DEBUGGER_BINARY_PATH;
  const found = candidates();
  for (const t of found) {
    let dir;
    try {
      dir = path.dirname(require.resolve(`${t.package}/package.json`));
    } catch {
      continue;
    }
    const bin = path.join(dir, t.bin);
    if (fs.existsSync(bin)) return bin;
  }
  const here = `${process.platform}-${process.arch}`;
  if (found.length === 0) {
    return new Error(`debugger-cli has no binary for ${here}; build from source (https://github.com/debugger-cli/debugger) and set DEBUGGER_BINARY_PATH to it`);
  }
  return new Error(
    `the platform package for ${here} (${found.map((t) => t.package).join(" or ")}) is not installed. ` +
      "It is an optional dependency: reinstall without --no-optional / --omit=optional, or set DEBUGGER_BINARY_PATH",
  );
}

module.exports = { nativeBinary, candidates };

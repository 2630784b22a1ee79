"use strict";
// Finds the native `debugger` binary that npm installed with the platform package for this
// machine. lib/targets.json (written by scripts/pack-npm.ts) lists every platform package.
const fs = require("fs");
const path = require("path");

function linuxLibc() {
  // Node itself reports the glibc it runs on; on musl there is none. (A glibc system with a musl
  // loader installed is still glibc, so the loader's presence alone does not decide.)
  try {
    process.report.excludeNetwork = true; // the report is much faster without network details
    return process.report.getReport().header.glibcVersionRuntime ? "glibc" : "musl";
  } catch {
    return "glibc";
  }
}

/** Platform packages for this OS and processor (glibc and musl ones alike on Linux). */
function candidates() {
  return require("./targets.json").filter((t) => t.os === process.platform && t.cpu === process.arch);
}

function installedBinary(t) {
  try {
    const bin = path.join(path.dirname(require.resolve(`${t.package}/package.json`)), t.bin);
    return fs.existsSync(bin) ? bin : undefined;
  } catch {
    return undefined;
  }
}

/** The binary's path, or an Error that says what to do. DEBUGGER_BINARY_PATH overrides. */
function nativeBinary() {
  if (process.env.DEBUGGER_BINARY_PATH) return process.env.DEBUGGER_BINARY_PATH;
  const found = candidates();
  const installed = found.map((t) => ({ t, bin: installedBinary(t) })).filter((x) => x.bin);
  // npm installs only the package whose libc matches; older npm ignores `libc` and installs both,
  // and only then is the libc worth asking about.
  if (installed.length > 1) {
    const libc = linuxLibc();
    installed.sort((a, b) => Number(b.t.libc === libc) - Number(a.t.libc === libc));
  }
  if (installed.length > 0) return installed[0].bin;
  const here = `${process.platform}-${process.arch}`;
  if (found.length === 0) {
    return new Error(`debugger-cli has no binary for ${here}; build from source (https://github.com/debugger-cli/debugger) and set DEBUGGER_BINARY_PATH to it`);
  }
  return new Error(
    `the platform package for ${here} (${found.map((t) => t.package).join(" or ")}) is not installed. ` +
      "It is an optional dependency: reinstall without --no-optional / --omit=optional, or set DEBUGGER_BINARY_PATH",
  );
}

module.exports = { nativeBinary };

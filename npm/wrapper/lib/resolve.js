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

function wrapper() {
  return require("../package.json");
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
  return missingError(found);
}

/** Which package is missing, why npm may have skipped it, and the commands that fix it. */
function missingError(found) {
  const { name, version, homepage } = wrapper();
  const here = `${process.platform}-${process.arch}`;
  if (found.length === 0) {
    const all = require("./targets.json").map((t) => `${t.os}-${t.cpu}${t.libc === "musl" ? "-musl" : ""}`);
    return new Error(
      `${name} has no executable for ${here} (builds: ${all.join(", ")}).\n` +
        `Fix: build it from source (${homepage}) and set DEBUGGER_BINARY_PATH to it.`,
    );
  }
  // On Linux name the package for this machine's libc; npm chooses between the two by it.
  const libc = process.platform === "linux" ? linuxLibc() : undefined;
  const pkg = (found.find((t) => !libc || t.libc === libc) || found[0]).package;
  return new Error(
    `the platform package ${pkg}@${version} is not installed, so ${name} has no ${here}${libc ? ` (${libc})` : ""} executable to run.\n` +
      "Why: it is an optional dependency of " + name + ", and npm skips those with --omit=optional or --no-optional, " +
      "omit=optional in an .npmrc, or a package-lock.json written on another platform.\n" +
      `Fix: install again without --omit=optional (npm install -g ${name}), or install it yourself: npm install -g ${pkg}@${version} ` +
      "(without -g for a project install); or set DEBUGGER_BINARY_PATH to a debugger executable.",
  );
}

module.exports = { nativeBinary };

"use strict";
// postinstall: checks the platform package is there, then puts its native binary in place of
// bin/debugger (the Node launcher), so the `debugger` command npm linked runs with no Node.js in
// between. A hard link costs no space; a copy is the fallback. A missing platform package fails
// the install, saying which package, why and how to fix it (as the launcher would, later and less
// visibly); anything else unexpected leaves the launcher, which works.
//
// Only under npm: Windows runs bins through .cmd shims that call node; pnpm writes shell shims
// that call node when the file had a node shebang at link time; Yarn may run install scripts for
// other platforms in the same tree. Those keep the launcher.
const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");
const { nativeBinary } = require("./lib/resolve.js");

const launcher = path.join(__dirname, "bin", "debugger");
const agent = process.env.npm_config_user_agent || "";

function main(bin) {
  if (process.platform === "win32") return "Windows: keeping the Node launcher";
  if (agent && !agent.startsWith("npm/")) return `${agent.split(" ")[0]}: keeping the Node launcher`;
  // Prove it runs here before it replaces the launcher (wrong libc, noexec mounts).
  const version = execFileSync(bin, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
  const expected = require("./package.json").version;
  if (!version.startsWith(expected)) return `${bin} --version says ${JSON.stringify(version)}, expected ${expected}`;
  relayOut(bin);
  const temp = `${launcher}.${process.pid}.tmp`;
  try {
    fs.linkSync(bin, temp);
  } catch {
    fs.copyFileSync(bin, temp);
  }
  fs.chmodSync(temp, 0o755);
  fs.renameSync(temp, launcher); // atomic: the command is always one or the other
  return undefined;
}

/**
 * npm extracts the binary in small writes, and while those pages stay cached the file starts
 * measurably slower than one written in one go (BENCHMARKS.md, "Install channels"). One copy
 * with large writes, renamed over the original, costs no space and a fraction of a second.
 */
function relayOut(bin) {
  const fresh = `${bin}.${process.pid}.tmp`;
  try {
    fs.copyFileSync(bin, fresh);
    fs.chmodSync(fresh, 0o755);
    fs.renameSync(fresh, bin);
  } catch {
    try {
      fs.unlinkSync(fresh);
    } catch {}
  }
}

const bin = nativeBinary();
if (bin instanceof Error) {
  process.stderr.write(`debugger-cli: ${bin.message}\n`);
  process.exit(1);
}
try {
  const kept = main(bin);
  if (kept) process.stderr.write(`debugger-cli: ${kept}\n`);
} catch (e) {
  process.stderr.write(`debugger-cli: keeping the Node launcher (${e && e.message})\n`);
}

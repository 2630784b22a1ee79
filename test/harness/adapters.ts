// Finding the real debug adapters the way a user's machine has them, and skipping (locally) or
// failing (CI=true) when one is missing.
import { accessSync, constants, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { findJsDebug, findNode } from "../../src/adapters/node.ts";
import { CI } from "./env.ts";

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Executables on PATH named exactly `base` or `base-NN`. */
function onPath(base: string): string[] {
  const found: string[] = [];
  const pattern = new RegExp(`^${base.replace(/[-.]/g, "\\$&")}(-\\d+)?$`);
  for (const dir of (process.env.PATH ?? "").split(":").filter(Boolean)) {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {}
    for (const name of names) if (pattern.test(name) && isExecutable(join(dir, name))) found.push(join(dir, name));
  }
  return found;
}

/** Where an adapter is found the way a user's machine would have it; null when it is not. */
export function findAdapter(name: string): string | null {
  // node: js-debug's server script (the adapter), run by a node on PATH.
  if (name === "node") return (findNode() && findJsDebug()) ?? null;
  if (name === "lldb-dap") {
    const candidates = [...(process.env.DEBUGGER_LLDB_DAP ? [process.env.DEBUGGER_LLDB_DAP] : []), ...onPath("lldb-dap"), ...onPath("lldb-vscode")];
    try {
      for (const d of readdirSync("/usr/lib")) if (/^llvm-\d+$/.test(d)) candidates.push(`/usr/lib/${d}/bin/lldb-dap`);
    } catch {}
    if (process.platform === "darwin") {
      try {
        const xcrun = Bun.spawnSync(["xcrun", "--find", "lldb-dap"], { stderr: "ignore" });
        if (xcrun.exitCode === 0) candidates.push(xcrun.stdout.toString().trim());
      } catch {} // no Xcode command-line tools
      candidates.push("/opt/homebrew/opt/llvm/bin/lldb-dap", "/usr/local/opt/llvm/bin/lldb-dap");
    }
    return candidates.find((p) => p && isExecutable(p)) ?? null;
  }
  if (name === "codelldb") {
    // DEBUGGER_CODELLDB, else where `debugger setup codelldb` and scripts/install-adapters.sh put it.
    const given = process.env.DEBUGGER_CODELLDB;
    const dir = join(process.env.XDG_DATA_HOME || join(homedir(), ".local", "share"), "debugger-cli", "adapters", "codelldb");
    const candidates = given ? [given, join(given, "adapter", "codelldb")] : [join(dir, "adapter", "codelldb"), ...onPath("codelldb")];
    return candidates.find((p) => isExecutable(p) && statSync(p).isFile()) ?? null;
  }
  return onPath(name)[0] ?? null;
}

const INSTALL_HINTS: Record<string, string> = {
  "lldb-dap": "apt-get install lldb-19, or set DEBUGGER_LLDB_DAP to its path",
  node: "node on PATH and js-debug: `debugger setup node`, or scripts/install-adapters.sh",
  codelldb: "`debugger setup codelldb` or scripts/install-adapters.sh, or set DEBUGGER_CODELLDB to its path",
};

/**
 * Is the adapter installed? Locally a missing adapter skips its tests with a visible message;
 * in CI (CI=true) it throws, so a broken CI image fails instead of passing silently.
 */
export function adapterAvailable(name: string, testFile = "e2e tests"): boolean {
  if (findAdapter(name)) return true;
  return missing(`${name} is not installed (${INSTALL_HINTS[name] ?? `\`debugger setup ${name}\``})`, testFile);
}

/** Reports a missing prerequisite: throws in CI, warns and returns false locally. */
/** Not an adapter (a tool some cases use): said, and false, in CI too. */
export function skipped(message: string): false {
  console.warn(message);
  return false;
}

export function missing(message: string, testFile = "e2e tests"): false {
  if (CI) throw new Error(`CI=true and ${message}: ${testFile} cannot run`);
  console.warn(`SKIP ${testFile}: ${message}`);
  return false;
}

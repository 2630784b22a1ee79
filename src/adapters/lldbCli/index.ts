// The lldb CLI backend ("lldb-cli"): native programs through LLDB's command-line `lldb` when
// lldb-dap is missing (older LLVM, Xcode before 16). The adapter is this executable itself
// (`__lldb-cli-adapter`, adapter.ts), which runs driver.py inside lldb's embedded Python.
// Everything LLDB-specific the session uses beside that (Rust formatters, the panic breakpoint,
// code lines of a file) is lldb-dap's, shared.
import { STDIN_PATH } from "../lldbDap.ts";
import { readdirSync } from "node:fs";
import { CXX_CATCHPOINTS } from "../catchpoints.ts";
import type { Env } from "../../common/callerEnv.ts";
import type { AdapterSpec, FoundAdapter } from "../types.ts";
import { lldbDap } from "../lldbDap.ts";
import { isExecutable, pathFromEnv, which, whichVersioned } from "../which.ts";
import { ADAPTER_SUBCOMMAND } from "./names.ts";

/** DEBUGGER_LLDB, else `lldb` / `lldb-NN` on PATH, else LLVM's own directories. */
export function lldbCandidates(env: Env | NodeJS.ProcessEnv = process.env): string[] {
  const given = pathFromEnv("DEBUGGER_LLDB", env);
  if (given) return [given];
  const out = whichVersioned("lldb", env);
  try {
    const llvm = readdirSync("/usr/lib")
      .filter((d) => /^llvm-\d+$/.test(d))
      .sort((a, b) => Number(b.slice(5)) - Number(a.slice(5)));
    for (const d of llvm) out.push(`/usr/lib/${d}/bin/lldb`);
  } catch {}
  if (process.platform === "darwin") {
    const xcrun = which("xcrun");
    if (xcrun) {
      const r = Bun.spawnSync([xcrun, "--find", "lldb"], { stderr: "ignore" });
      const p = r.stdout.toString().trim();
      if (r.exitCode === 0 && p) out.push(p);
    }
    out.push("/opt/homebrew/opt/llvm/bin/lldb", "/usr/local/opt/llvm/bin/lldb");
  }
  return out;
}

export function findLldb(env: Env | NodeJS.ProcessEnv = process.env): string | null {
  for (const p of lldbCandidates(env)) if (isExecutable(p)) return p;
  return null;
}

function isCompiled(): boolean {
  return import.meta.url.includes("$bunfs") || Bun.main.includes("~BUN");
}

/** This executable as the adapter: the compiled binary itself, or bun running the main script. */
export function adapterCommand(lldb: string): string[] {
  return isCompiled() ? [process.execPath, ADAPTER_SUBCOMMAND, lldb] : [process.execPath, Bun.main, ADAPTER_SUBCOMMAND, lldb];
}

export const lldbCli: AdapterSpec = {
  ...lldbDap,
  name: "lldb-cli",
  title: "LLDB command line (lldb, used when lldb-dap is missing): C, C++, Rust",
  installHint:
    process.platform === "darwin"
      ? "install the Xcode command line tools (`xcode-select --install`) or `brew install llvm`, or set DEBUGGER_LLDB to an lldb"
      : "`apt-get install lldb` (Debian/Ubuntu), or set DEBUGGER_LLDB to an lldb; it needs LLDB's Python (`lldb -b -o 'script print(1)'` prints 1)",
  discover(o): FoundAdapter | null {
    const lldb = findLldb(o?.env);
    return lldb ? { path: lldb, command: adapterCommand(lldb), variant: "lldb command line with its Python" } : null;
  },
  install: { packages: { apt: ["lldb"], dnf: ["lldb"], pacman: ["lldb"], brew: ["llvm"] } },
  // Chosen with `--adapter lldb-cli`, or in lldb-dap's place when lldb-dap is not found (index.ts).
  handles: () => false,
  launchArgs(o) {
    // lldb-dap's start-up commands (Rust's formatters) apply; its "?"-prefixed terminal settings do not.
    const initCommands = ((lldbDap.launchArgs(o).initCommands as string[] | undefined) ?? []).filter((c) => !c.startsWith("?"));
    const stdin = o.stdin ?? STDIN_PATH;
    const stdio = o.terminal ? { stdin, stdout: o.terminal, stderr: o.terminal } : o.stdin ? { stdin } : undefined;
    return {
      program: o.program,
      args: o.args,
      cwd: o.cwd,
      env: o.env,
      stopOnEntry: o.stopOnEntry,
      ...(stdio ? { stdio } : {}),
      ...(initCommands.length ? { initCommands } : {}),
    };
  },
  attachArgs(o) {
    return { ...(o.pid ? { pid: o.pid } : {}), ...(o.program ? { program: o.program } : {}) };
  },
  dataBreakpointExpression: undefined,
  // No exception filters here: C++ throw and catch are the daemon's catchpoints, as under gdb.
  catchpoints: (program) => [...(lldbDap.catchpoints?.(program) ?? []), ...CXX_CATCHPOINTS],
  filterAliases: undefined,
  throwFilter: "throw",
  quirks: { programMustBeExecutable: true, programTerminal: true },
};

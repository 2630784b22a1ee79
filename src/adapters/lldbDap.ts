// lldb-dap (formerly lldb-vscode): C, C++, Rust, Swift. Facts in shared/ADAPTERS.md.
import { readdirSync } from "node:fs";
import { extname } from "node:path";
import type { AdapterSpec, FoundAdapter } from "./types.ts";
import { isExecutable, which, whichVersioned } from "./which.ts";

function candidates(): string[] {
  const out: string[] = [];
  if (process.env.DEBUGGER_LLDB_DAP) out.push(process.env.DEBUGGER_LLDB_DAP);
  out.push(...whichVersioned("lldb-dap"), ...whichVersioned("lldb-vscode"));
  try {
    const llvm = readdirSync("/usr/lib")
      .filter((d) => /^llvm-\d+$/.test(d))
      .sort((a, b) => Number(b.slice(5)) - Number(a.slice(5)));
    for (const d of llvm) out.push(`/usr/lib/${d}/bin/lldb-dap`, `/usr/lib/${d}/bin/lldb-vscode`);
  } catch {}
  if (process.platform === "darwin") {
    const xcrun = which("xcrun");
    if (xcrun) {
      const r = Bun.spawnSync([xcrun, "--find", "lldb-dap"], { stderr: "ignore" });
      const p = r.stdout.toString().trim();
      if (r.exitCode === 0 && p) out.push(p);
    }
    out.push("/opt/homebrew/opt/llvm/bin/lldb-dap", "/usr/local/opt/llvm/bin/lldb-dap");
  }
  return out;
}

const NATIVE_SOURCE = new Set([".c", ".cc", ".cpp", ".cxx", ".m", ".mm", ".rs", ".swift", ".zig"]);

export const lldbDap: AdapterSpec = {
  name: "lldb-dap",
  title: "LLDB (lldb-dap): C, C++, Rust, Swift",
  transport: { kind: "stdio" },
  installHint:
    process.platform === "darwin"
      ? "install Xcode 16+ (xcrun --find lldb-dap) or `brew install llvm`"
      : "`apt-get install lldb-19` (Debian/Ubuntu) gives /usr/bin/lldb-dap-19, or set DEBUGGER_LLDB_DAP to its path",
  discover(): FoundAdapter | null {
    for (const path of candidates()) if (isExecutable(path)) return { path, command: [path] };
    return null;
  },
  install: { packages: { apt: ["lldb-19"], dnf: ["lldb"], pacman: ["lldb"], brew: ["llvm"] } },
  handles(program) {
    const ext = extname(program).toLowerCase();
    // Native executables usually have no extension; sources are not programs but name the language.
    return ext === "" || ext === ".out" || ext === ".exe" || NATIVE_SOURCE.has(ext);
  },
  launchArgs(o) {
    return { program: o.program, args: o.args, cwd: o.cwd, env: Object.entries(o.env).map(([k, v]) => `${k}=${v}`), stopOnEntry: o.stopOnEntry };
  },
  attachArgs(o) {
    const args: Record<string, unknown> = {};
    if (o.pid) args.pid = o.pid;
    if (o.program) args.program = o.program;
    return args;
  },
  printContext: "watch",
  // lldb-dap 19 reads the name of a frame-level dataBreakpointInfo as an address expression.
  dataBreakpointExpression: (expression) => `&(${expression})`,
  quirks: { noisyExitAfterDisconnect: true, programMustBeExecutable: true },
};

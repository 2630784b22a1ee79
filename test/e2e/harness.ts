// End-to-end harness: the built binary, real debug adapters, the fixture programs.
// Each E2eEnv owns a daemon of its own (temp DEBUGGER_RUNTIME_DIR, XDG_CONFIG_HOME and
// XDG_STATE_HOME), so test files never share state with each other or with the user's daemon.
import { accessSync, constants, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const ROOT = join(import.meta.dir, "..", "..");
export const BIN = join(ROOT, "dist", "debugger");
export const CI = process.env.CI === "true";

if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`bun run build\` first (\`bun run test\` does)`);

export interface CliResult {
  exitCode: number;
  /** The parsed --json document (undefined when stdout is not JSON). */
  json: any;
  stdout: string;
  stderr: string;
}

export class E2eEnv {
  readonly dir: string;
  readonly env: Record<string, string>;

  constructor() {
    this.dir = mkdtempSync(join(tmpdir(), "dbg-e2e-"));
    this.env = {
      ...(process.env as Record<string, string>),
      DEBUGGER_RUNTIME_DIR: join(this.dir, "rt"),
      XDG_CONFIG_HOME: join(this.dir, "config"),
      XDG_STATE_HOME: join(this.dir, "state"),
      // The caller's choices must not leak into the tests.
      DEBUGGER_SESSION: "",
      DEBUGGER_JSON: "",
      NO_COLOR: "1",
    };
  }

  /** Runs `debugger ARGS --json` and parses its one JSON document. */
  async run(args: string[], opts: { cwd?: string } = {}): Promise<CliResult> {
    const proc = Bun.spawn([BIN, ...withFlags(args, ["--json"])], {
      cwd: opts.cwd ?? this.dir,
      env: this.env,
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, stderr, exitCode] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    let json: any;
    try {
      json = JSON.parse(stdout);
    } catch {}
    return { exitCode, json, stdout, stderr };
  }

  /** Runs a command that must succeed; returns its `data`, or throws with everything it printed. */
  async ok(args: string[], opts: { cwd?: string } = {}): Promise<any> {
    const r = await this.run(args, opts);
    if (r.exitCode !== 0 || r.json?.ok !== true) {
      throw new Error(`debugger ${args.join(" ")} failed (exit ${r.exitCode})\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
    }
    return r.json.data;
  }

  private sessions: string[] = [];

  /** Commands bound to a session of their own; `stopSessions` (in afterEach) ends them. */
  session(name: string) {
    this.sessions.push(name);
    const args = (a: string[]) => withFlags(a, ["--session", name]);
    return {
      ok: (a: string[]) => this.ok(args(a)),
      run: (a: string[]) => this.run(args(a)),
    };
  }

  async stopSessions(): Promise<void> {
    for (const name of this.sessions) await this.run(["stop", "--session", name]);
    this.sessions = [];
  }

  /** Stops the daemon (and so every session and debuggee) and removes the temp dir. */
  async close(): Promise<void> {
    await this.run(["daemon", "stop"]).catch(() => {});
    await waitFor(() => !existsSync(join(this.env.DEBUGGER_RUNTIME_DIR!, "daemon.sock")), 5000).catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Adds flags before a `--` (after it they would be the program's arguments). */
export function withFlags(args: string[], flags: string[]): string[] {
  const end = args.indexOf("--");
  return end < 0 ? [...args, ...flags] : [...args.slice(0, end), ...flags, ...args.slice(end)];
}

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
  if (name === "lldb-dap") {
    const candidates = [
      ...(process.env.DEBUGGER_LLDB_DAP ? [process.env.DEBUGGER_LLDB_DAP] : []),
      ...onPath("lldb-dap"),
      ...onPath("lldb-vscode"),
    ];
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
  return onPath(name)[0] ?? null;
}

const INSTALL_HINTS: Record<string, string> = {
  "lldb-dap": "apt-get install lldb-19, or set DEBUGGER_LLDB_DAP to its path",
};

/**
 * Is the adapter installed? Locally a missing adapter skips its tests with a visible message;
 * in CI (CI=true) it throws, so a broken CI image fails instead of passing silently.
 */
export function adapterAvailable(name: string, testFile = "e2e tests"): boolean {
  if (findAdapter(name)) return true;
  const message = `${name} is not installed (${INSTALL_HINTS[name] ?? `\`debugger setup ${name}\``})`;
  if (CI) throw new Error(`CI=true and ${message}: ${testFile} cannot run`);
  console.warn(`SKIP ${testFile}: ${message}`);
  return false;
}

import { waitFor } from "../wait.ts";
export { alive, waitFor } from "../wait.ts";

/** Linux: the pid of the process tracing `pid` (0 when none); undefined where /proc is missing. */
export function tracerPid(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const m = /^TracerPid:\s*(\d+)/m.exec(status);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** A program started by the test itself (for attach): its pid comes from its first stdout line. */
export async function spawnAndReadPid(argv: string[]): Promise<{ proc: ReturnType<typeof Bun.spawn>; pid: number }> {
  const proc = Bun.spawn(argv, { stdin: "ignore", stdout: "pipe", stderr: "inherit" });
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
  let text = "";
  while (!/pid=\d+\n/.test(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${argv[0]} exited before printing its pid (got ${JSON.stringify(text)})`);
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return { proc, pid: Number(/pid=(\d+)/.exec(text)![1]) };
}

/** Runs a helper command (a probe, not the debugger): its exit code and trimmed stdout; -1 if it cannot start. */
export function runCommand(cmd: string[]): { code: number; out: string } {
  try {
    const r = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe", stdin: "ignore" });
    return { code: r.exitCode ?? -1, out: r.stdout.toString().trim() };
  } catch {
    return { code: -1, out: "" };
  }
}

// The one way tests run the built binary: each DebuggerEnv owns a daemon of its own (a temp
// DEBUGGER_RUNTIME_DIR, XDG_CONFIG_HOME, XDG_STATE_HOME and XDG_CACHE_HOME), so test files never share state with
// each other or with the user's daemon. Sessions a test starts are stopped after it, pass or fail.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CliJson, DataOf } from "./replies.ts";
import { running, waitFor } from "./wait.ts";

export const ROOT = join(import.meta.dir, "..", "..");
export const BIN = join(ROOT, "dist", "debugger");
export const CI = process.env.CI === "true";

if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`bun run build\` first (\`bun run test\` does)`);

/**
 * What one `debugger` command did. `exitCode` is the one name for the exit status in every suite.
 * D is the reply data of the command the argv names (./replies.ts).
 */
export interface CliResult<D = unknown> {
  exitCode: number;
  /** The parsed --json document (undefined at run time when stdout is not JSON). */
  json: CliJson<D>;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  /** Adds `--json` (default); false runs the command as typed (human output unless ARGS ask for JSON). */
  json?: boolean;
  /** Extra environment for this command only. */
  env?: Record<string, string>;
  /** Text on the command's stdin (default: none, as from an agent's tool call). */
  stdin?: string;
}

export interface EnvOptions {
  /** Prefix of the temp directory's name (it shows which suite left it behind, if one ever does). */
  prefix?: string;
  /** config.toml text for this env's `XDG_CONFIG_HOME/debugger-cli/config.toml`. */
  config?: string;
  /** Extra environment for every command (and so for the daemon the first one starts). */
  env?: Record<string, string>;
}

/** Commands bound to one session: `--session NAME` is added to each. */
export interface SessionHandle {
  readonly name: string;
  run<const A extends readonly string[]>(args: A, opts?: RunOptions): Promise<CliResult<DataOf<A>>>;
  ok<const A extends readonly string[]>(args: A, opts?: RunOptions): Promise<DataOf<A>>;
}

export class DebuggerEnv {
  readonly dir: string;
  readonly env: Record<string, string>;
  /** Sessions named through `session()`; `stopSessions` also finds the ones started any other way. */
  private sessions = new Set<string>();

  constructor(options: EnvOptions = {}) {
    this.dir = mkdtempSync(join(tmpdir(), options.prefix ?? "dbg-test-"));
    const configHome = join(this.dir, "config");
    if (options.config !== undefined) {
      mkdirSync(join(configHome, "debugger-cli"), { recursive: true });
      writeFileSync(join(configHome, "debugger-cli", "config.toml"), options.config);
    }
    this.env = {
      ...(process.env as Record<string, string>),
      DEBUGGER_RUNTIME_DIR: join(this.dir, "rt"),
      XDG_CONFIG_HOME: configHome,
      XDG_STATE_HOME: join(this.dir, "state"),
      XDG_CACHE_HOME: join(this.dir, "cache"),
      // The caller's choices must not leak into the tests.
      DEBUGGER_SESSION: "",
      DEBUGGER_JSON: "",
      ...options.env,
    };
  }

  get runtimeDir(): string {
    return this.env.DEBUGGER_RUNTIME_DIR!;
  }

  get socket(): string {
    return join(this.runtimeDir, "daemon.sock");
  }

  /** Runs `debugger ARGS --json` (or the human form with json:false); never throws on a failed command. */
  async run<const A extends readonly string[]>(args: A, opts: RunOptions = {}): Promise<CliResult<DataOf<A>>> {
    const argv = [BIN, ...(opts.json === false ? args : withFlags(args, ["--json"]))];
    const proc = Bun.spawn(argv, {
      cwd: opts.cwd ?? this.dir,
      env: { ...this.env, ...opts.env },
      stdin: opts.stdin === undefined ? "ignore" : new Blob([opts.stdin]),
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, stderr, exitCode] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    // Parsed whatever asked for JSON: --json here, or in ARGS, or DEBUGGER_JSON.
    let json: CliJson<DataOf<A>> | undefined;
    try {
      json = JSON.parse(stdout) as CliJson<DataOf<A>>;
    } catch {}
    return { exitCode, json: json!, stdout, stderr };
  }

  /** Runs a command that must succeed; returns its `data`, or throws with everything it printed. */
  async ok<const A extends readonly string[]>(args: A, opts: RunOptions = {}): Promise<DataOf<A>> {
    const r = await this.run(args, opts);
    if (r.exitCode !== 0 || r.json?.ok !== true) {
      throw new Error(`debugger ${args.join(" ")} failed (exit ${r.exitCode})\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
    }
    return r.json.data;
  }

  /** Commands bound to a session of the test's own; `stopSessions` (in afterEach) ends it. */
  session(name: string): SessionHandle {
    this.sessions.add(name);
    // The flags go after the command's words, so the argv's type still names its command.
    const bind = <const A extends readonly string[]>(a: A) => withFlags(a, ["--session", name]) as unknown as A;
    return {
      name,
      run: (a, opts) => this.run(bind(a), opts),
      ok: (a, opts) => this.ok(bind(a), opts),
    };
  }

  /**
   * Stops every session of this env's daemon: the ones named through `session()` and any other the
   * daemon lists, so a test that failed half-way never leaves a session for the next test to
   * trip over (SESSION_EXISTS). Does nothing when no daemon is up (it would only start one).
   * `keep` names sessions a chain of tests deliberately shares; the chain stops them itself.
   */
  async stopSessions(opts: { keep?: string[] } = {}): Promise<void> {
    const names = new Set(this.sessions);
    this.sessions.clear();
    if (!existsSync(this.socket)) return;
    const listed = await this.run(["sessions"]);
    for (const s of listed.json?.data?.sessions ?? []) if (typeof s?.name === "string") names.add(s.name);
    for (const name of opts.keep ?? []) names.delete(name);
    for (const name of names) await this.run(["stop", "--session", name]);
  }

  /**
   * Stops the daemon (and so every session and debuggee) and removes the temp dir. A daemon that
   * does not go within 5 s is killed, so a wedged test cannot leave processes behind.
   */
  async close(): Promise<void> {
    let pid: number | undefined;
    if (existsSync(this.socket)) {
      const status = await this.run(["daemon", "status"]).catch(() => undefined);
      if (typeof status?.json?.data?.pid === "number") pid = status.json.data.pid;
      await this.run(["daemon", "stop"]).catch(() => {});
      await waitFor(() => !existsSync(this.socket), 5000).catch(() => {});
    }
    // A daemon that exited but is not reaped yet (a slow init) is gone.
    if (pid !== undefined && running(pid)) {
      await waitFor(() => !running(pid!), 5000).catch(() => {
        try {
          process.kill(pid!, "SIGKILL");
        } catch {}
      });
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Adds flags before a `--` (after it they would be the program's arguments). */
export function withFlags(args: readonly string[], flags: string[]): string[] {
  const end = args.indexOf("--");
  return end < 0 ? [...args, ...flags] : [...args.slice(0, end), ...flags, ...args.slice(end)];
}

/** A DebuggerEnv for the e2e suite: real adapters, no colour in human output. */
export class E2eEnv extends DebuggerEnv {
  constructor(options: EnvOptions = {}) {
    super({ prefix: "dbg-e2e-", ...options, env: { NO_COLOR: "1", ...options.env } });
  }
}

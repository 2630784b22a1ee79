// Runs the built binary against the fake adapter, each Env with its own daemon, runtime dir,
// config and log, as a user would: argv in, exit code and --json document out.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { waitFor } from "../wait.ts";
import { join } from "node:path";

export const ROOT = join(import.meta.dir, "..", "..");
export const BIN = join(ROOT, "dist", "debugger");
const FAKE = join(ROOT, "test", "fake-adapter", "fakeAdapter.ts");

if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`bun run build\` first (npm test does)`);

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
  /** The parsed --json document (undefined when stdout is not JSON). */
  json: any;
}

export interface EnvOptions {
  /** Fake adapter behaviour script (see test/fake-adapter/README.md). */
  script?: Record<string, unknown>;
  /** Extra config.toml text. */
  config?: string;
  /** Extra environment for every command (and so for the daemon the first one starts). */
  env?: Record<string, string>;
}

/** The standard fake program: main calls add at line 8; output at lines 3 and 5; exit code 3. */
export const PROGRAM_SOURCE = [
  "int main(void) {", //  1
  "  int total = 0;", //  2
  '  puts("hello");', //  3
  "  total += 1;", //  4
  '  fputs("warn", stderr);', //  5
  "  total += 2;", //  6
  "  total += 3;", //  7
  "  total = add(total, 4);", //  8
  "  total += 5;", //  9
  "  total += 6;", // 10
  "  return 3;", // 11
  "}", // 12
  "", // 13
  "int add(int a, int b) {", // 14
  "  int sum = a + b;", // 15
  "  return sum;", // 16
  "}", // 17
];

export const STANDARD_PROGRAM = {
  functions: [
    { name: "main", start: 1, end: 12 },
    { name: "add", start: 14, end: 17 },
  ],
  calls: { "8": "add" },
  output: { "3": "hello\n", "5": { category: "stderr", text: "warn\n" } },
  evaluate: { "1+2": { result: "3", type: "int" }, "add(1, 2)": { result: "3", type: "int" } },
  exitCode: 3,
};

export class Env {
  readonly dir: string;
  readonly logFile: string;
  readonly env: Record<string, string>;
  private programs = 0;

  constructor(private readonly options: EnvOptions = {}) {
    this.dir = mkdtempSync(join(tmpdir(), "dbg-it-"));
    this.logFile = join(this.dir, "adapter.log");
    const configHome = join(this.dir, "config");
    mkdirSync(join(configHome, "debugger-cli"), { recursive: true });
    const scriptFile = join(this.dir, "script.json");
    writeFileSync(scriptFile, JSON.stringify(options.script ?? {}));
    writeFileSync(
      join(configHome, "debugger-cli", "config.toml"),
      `[adapters.fake]\ncommand = ${JSON.stringify([process.execPath, FAKE, "--log", this.logFile, "--script", scriptFile])}\nextensions = [".json"]\n${options.config ?? ""}\n`,
    );
    this.env = {
      ...(process.env as Record<string, string>),
      DEBUGGER_RUNTIME_DIR: join(this.dir, "rt"),
      XDG_CONFIG_HOME: configHome,
      XDG_STATE_HOME: join(this.dir, "state"),
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

  /** Runs `debugger ARGS --json` (pass json:false for human output). */
  async run(args: string[], opts: { cwd?: string; json?: boolean; env?: Record<string, string> } = {}): Promise<Result> {
    const argv = [BIN, ...args];
    if (opts.json !== false) argv.push("--json");
    const proc = Bun.spawn(argv, { cwd: opts.cwd ?? this.dir, env: { ...this.env, ...opts.env }, stdout: "pipe", stderr: "pipe", stdin: "ignore" });
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    let json: any;
    try {
      json = JSON.parse(stdout);
    } catch {}
    return { code, stdout, stderr, json };
  }

  /** Like run, but fails the test unless the command succeeded; returns data. */
  async ok(args: string[], opts: { cwd?: string } = {}): Promise<any> {
    const r = await this.run(args, opts);
    if (r.code !== 0 || !r.json?.ok) throw new Error(`debugger ${args.join(" ")} failed (exit ${r.code}): ${r.stdout}${r.stderr}`);
    return r.json.data;
  }

  /** Writes a fake program (JSON) with its source file; returns the program's path. */
  program(spec: Record<string, unknown> = STANDARD_PROGRAM, source: string[] = PROGRAM_SOURCE, dir = this.dir): string {
    const n = ++this.programs;
    mkdirSync(dir, { recursive: true });
    const src = join(dir, n === 1 ? "prog.c" : `prog${n}.c`);
    writeFileSync(src, source.join("\n") + "\n");
    const file = join(dir, n === 1 ? "prog.json" : `prog${n}.json`);
    writeFileSync(file, JSON.stringify({ source: src, ...spec }));
    return file;
  }

  /** Every DAP message the fake adapters of this Env received ("in") or sent ("out"). */
  traffic(dir: "in" | "out" = "in"): any[] {
    if (!existsSync(this.logFile)) return [];
    return readFileSync(this.logFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((m) => m.dir === dir)
      .map((m) => m.msg);
  }

  requests(command: string): any[] {
    return this.traffic("in").filter((m) => m.type === "request" && m.command === command);
  }

  async daemonPid(): Promise<number> {
    return (await this.ok(["daemon", "status"])).pid;
  }

  async close(): Promise<void> {
    await this.run(["daemon", "stop"]).catch(() => {});
    await waitFor(() => !existsSync(this.socket), 5000).catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export { alive, waitFor } from "../wait.ts";

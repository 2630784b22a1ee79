// A DebuggerEnv whose config names the fake adapter (test/fake-adapter), with helpers to write fake
// programs and read the DAP traffic the adapter logged. Integration tests use it.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DebuggerEnv, ROOT } from "./env.ts";
import type { Reading } from "./replies.ts";

const FAKE = join(ROOT, "test", "fake-adapter", "fakeAdapter.ts");

export interface FakeEnvOptions {
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

export class FakeAdapterEnv extends DebuggerEnv {
  readonly logFile: string;
  private programs = 0;

  constructor(options: FakeEnvOptions = {}) {
    // The config must name files inside the temp dir, which exists only once super() has run: it
    // is written with the fake adapter's entry below, then the caller's text after it.
    super({ prefix: "dbg-it-", env: options.env });
    this.logFile = join(this.dir, "adapter.log");
    const scriptFile = join(this.dir, "script.json");
    writeFileSync(scriptFile, JSON.stringify(options.script ?? {}));
    const configDir = join(this.env.XDG_CONFIG_HOME!, "debugger-cli");
    mkdirSync(configDir, { recursive: true });
    writeFileSync(
      join(configDir, "config.toml"),
      `[adapters.fake]\ncommand = ${JSON.stringify([process.execPath, FAKE, "--log", this.logFile, "--script", scriptFile])}\nextensions = [".json"]\n${options.config ?? ""}\n`,
    );
  }

  /** Writes a fake program (JSON) with its source file; returns the program's path. */
  program(spec: Record<string, unknown> = STANDARD_PROGRAM, source: string[] = PROGRAM_SOURCE, dir = this.dir): string {
    const n = ++this.programs;
    mkdirSync(dir, { recursive: true });
    const src = join(dir, n === 1 ? "prog.c" : `prog${n}.c`);
    writeFileSync(src, `${source.join("\n")}\n`);
    const file = join(dir, n === 1 ? "prog.json" : `prog${n}.json`);
    writeFileSync(file, JSON.stringify({ source: src, ...spec }));
    return file;
  }

  /** Every DAP message the fake adapters of this env received ("in") or sent ("out"), each field of a request, response or event readable. */
  traffic(dir: "in" | "out" = "in"): DapMessage[] {
    if (!existsSync(this.logFile)) return [];
    return readFileSync(this.logFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { dir: "in" | "out"; msg: DapMessage })
      .filter((m) => m.dir === dir)
      .map((m) => m.msg);
  }

  requests(command: string): DapMessage[] {
    return this.traffic("in").filter((m) => m.type === "request" && m.command === command);
  }

  async daemonPid(): Promise<number> {
    return (await this.ok(["daemon", "status"])).pid;
  }
}

/** A DAP message as a test reads it: a request's, a response's or an event's fields. */
export type DapMessage = Reading<P.Request | P.Response | P.Event>;

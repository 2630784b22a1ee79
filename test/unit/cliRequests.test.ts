// Every CLI command that talks to the daemon, from its command line to the request it sends: the
// words are found in the command table, the flags parsed, the request built and checked as the
// CLI does it, and the request must pass the contract's strict schema (a stale argument name
// fails here, not silently in the daemon). One row per command at least; a command without a row
// fails the last test.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { planOf } from "../../src/cli/batch.ts";
import { parseCommandLine } from "../../src/cli/commandLine.ts";
import { commands, table } from "../../src/cli/registry.ts";
import { isDaemonSpec, type CliContext } from "../../src/cli/spec.ts";
import { DebuggerError, type ErrorCode } from "../../src/common/errors.ts";
import { argSchemas, parseArgs, type ArgsIn } from "../../src/ipc/commands.ts";
import { argHolders } from "../../src/ipc/calls.ts";
import type { Single } from "../../src/ipc/meta.ts";
import { ownEnv } from "../../src/common/callerEnv.ts";

const CTX: CliContext = { session: "default", cwd: "/work", json: false, quiet: false, timeout: 60, wait: true };
const WAIT = { wait: true, timeout: 60, print: [] };
/** The caller's environment, which every command that starts a program carries (DESIGN §7b). */
const CALLER = { callerEnv: ownEnv() };

/** The request a command line sends, as it goes on the wire (undefined members dropped). */
async function requestOf(argv: string[]): Promise<{ name: string; command: string; args: unknown }> {
  const asked = await parseCommandLine(argv, table, () => ({ ...CTX, session: () => CTX.session }));
  if (!("call" in asked)) throw new Error(`${argv.join(" ")}: no daemon request`);
  parseArgs(asked.call.command, JSON.parse(JSON.stringify(asked.call.args)));
  return { name: asked.spec.name, ...JSON.parse(JSON.stringify(asked.call)) };
}

/** The same command line as a line of a batch plan, each word quoted as a shell would take it back. */
async function batchRequestOf(argv: string[]): Promise<{ name: string; command: string; args: unknown }> {
  const line = argv.map((w) => `'${w.replaceAll("'", `'\\''`)}'`).join(" ");
  const [planned] = await planOf(line, CTX, table);
  return { name: planned!.spec.name, ...JSON.parse(JSON.stringify(planned!.call)) };
}

/** A command line, the contract command it sends and that command's arguments (typed by the contract, so a renamed argument fails tsc here). */
type Row = { [C in Single]: [string[], C, ArgsIn<C>] }[Single];

const ROWS: Row[] = [
  [
    ["start", "./app", "--break", "main.c:3", "--stop-on-entry", "--env", "A=1", "--cwd", "dir", "--print", "x", "--", "-v"],
    "start",
    { program: "./app", args: ["-v"], cwd: "dir", env: { A: "1" }, stopOnEntry: true, break: ["main.c:3"], options: {}, ...WAIT, print: ["x"], ...CALLER },
  ],
  [
    ["start", "./app", "--clear-env", "--env", "A=1"],
    "start",
    { program: "./app", args: [], env: { A: "1" }, clearEnv: true, break: [], options: {}, ...WAIT, ...CALLER },
  ],
  [
    ["start", "./app", "--core", "core.1", "--adapter", "gdb", "--no-wait"],
    "start",
    { program: "./app", args: [], env: {}, core: "core.1", adapter: "gdb", break: [], options: {}, ...WAIT, wait: false, ...CALLER },
  ],
  [
    ["start", "app.py", "--just-my-code", "--python", "python3"],
    "start",
    { program: "app.py", args: [], env: {}, break: [], options: { python: "python3", justMyCode: true }, ...WAIT, ...CALLER },
  ],
  [["attach", "4242", "--timeout", "5"], "attach", { pid: 4242, break: [], options: {}, ...WAIT, timeout: 5, clientPid: process.pid, ...CALLER }],
  [
    ["attach", "--wait", "myserver", "--timeout", "120", "-b", "srv.c:9"],
    "attach",
    { waitFor: "myserver", break: ["srv.c:9"], options: {}, ...WAIT, timeout: 120, clientPid: process.pid, ...CALLER },
  ],
  [["attach", "4242", "--no-wait"], "attach", { pid: 4242, break: [], options: {}, ...WAIT, wait: false, clientPid: process.pid, ...CALLER }],
  [
    ["attach", "--connect", "127.0.0.1:5678", "--adapter", "debugpy"],
    "attach",
    { adapter: "debugpy", connect: { host: "127.0.0.1", port: 5678 }, break: [], options: {}, ...WAIT, clientPid: process.pid, ...CALLER },
  ],
  [
    ["test", "--break", "calc.py:4", "--no-stop-on-failure", "--", "pytest", "-x"],
    "test",
    { command: ["pytest", "-x"], env: {}, options: {}, stopOnFailure: false, break: ["calc.py:4"], ...WAIT, ...CALLER },
  ],
  [["stop"], "stop", {}],
  [["kill"], "stop", {}],
  [["detach"], "detach", {}],
  [["restart", "--print", "n"], "restart", { ...WAIT, print: ["n"], ...CALLER }],
  [["status"], "status", {}],
  [["sessions"], "sessions", {}],
  [
    ["break", "main.c:42", "--condition", "i > 3", "--hit-count", ">=2", "--log", "at {i}", "--temporary"],
    "breakpoint.add",
    { location: "main.c:42", condition: "i > 3", hitCount: ">=2", log: "at {i}", temporary: true },
  ],
  [["breakpoint", "add", "parse"], "breakpoint.add", { location: "parse" }],
  [["break", "--function", "Foo::bar"], "breakpoint.add", { location: "Foo::bar" }],
  [["b", "-f", "parse"], "breakpoint.add", { location: "parse" }],
  [["bp", "list"], "breakpoint.list", {}],
  [["breakpoint"], "breakpoint.list", {}],
  [["breakpoint", "remove", "1", "#2"], "breakpoint.remove", { ids: [1, 2] }],
  [["breakpoint", "delete", "--all"], "breakpoint.remove", { ids: [], all: true }],
  [["breakpoint", "enable", "3"], "breakpoint.enable", { ids: [3] }],
  [["breakpoint", "disable", "3", "4"], "breakpoint.disable", { ids: [3, 4] }],
  [["watch", "total"], "watch.add", { expression: "total", access: "write" }],
  [["watch", "add", "p->n", "--read", "--condition", "p->n > 2"], "watch.add", { expression: "p->n", access: "read", condition: "p->n > 2" }],
  [["watch", "add", "x", "--access"], "watch.add", { expression: "x", access: "readWrite" }],
  [["watch", "list"], "watch.list", {}],
  [["watch", "remove", "5"], "breakpoint.remove", { ids: [5] }],
  [["catch"], "catch", {}],
  [["catch", "list"], "catch", {}],
  [["catch", "raised", "uncaught"], "catch", { add: ["raised", "uncaught"] }],
  [["catch", "throw", "std::out_of_range"], "catch", { add: ["throw", "std::out_of_range"] }],
  [["catch", "remove", "raised"], "catch", { remove: ["raised"] }],
  [["continue"], "continue", WAIT],
  [["c", "--thread", "2", "--no-wait"], "continue", { ...WAIT, thread: 2, wait: false }],
  [["next", "--count", "3"], "next", { ...WAIT, count: 3 }],
  [["n"], "next", WAIT],
  [["step", "--print", "a", "--print", "b"], "step", { ...WAIT, print: ["a", "b"] }],
  [["s"], "step", WAIT],
  [["finish"], "finish", WAIT],
  [["out"], "finish", WAIT],
  [["until", "main.c:50"], "until", { location: "main.c:50", ...WAIT }],
  [["pause", "--thread", "1"], "pause", { ...WAIT, thread: 1 }],
  [["trace", "list.c:42 if i > 1", "--print", "i", "--max", "20"], "trace", { location: "list.c:42 if i > 1", print: ["i"], max: 20, timeout: 60 }],
  [["trace", "parse", "--if", "len > 100", "--timeout", "0"], "trace", { location: "parse", print: [], if: "len > 100", timeout: 0 }],
  [
    ["run", "./app", "--break", "main.c:3 if i > 1", "--print", "i", "--max", "5", "--keep", "--adapter", "gdb", "--", "-v"],
    "run",
    {
      program: "./app",
      args: ["-v"],
      env: {},
      adapter: "gdb",
      options: {},
      break: ["main.c:3 if i > 1"],
      print: ["i"],
      max: 5,
      keep: true,
      timeout: 60,
      ...CALLER,
    },
  ],
  // Issue 31 item 6: run takes what start takes (one definition of the flags).
  [
    ["run", "-m", "pkg.app", "--python", "/usr/bin/python3", "--no-just-my-code", "--cwd", "dir", "--stdin", "in.txt", "--", "-v"],
    "run",
    {
      module: "pkg.app",
      args: ["-v"],
      cwd: "dir",
      env: {},
      stdin: "in.txt",
      options: { python: "/usr/bin/python3", justMyCode: false },
      break: [],
      print: [],
      timeout: 60,
      ...CALLER,
    },
  ],
  [
    [
      "diff",
      "./app",
      "--a",
      "in.txt 'two words'",
      "--b",
      "in2.txt",
      "--a-stdin",
      "a.in",
      "--b-env",
      "TZ=UTC",
      "--break",
      "main.c:3",
      "--print",
      "i",
      "--ignore",
      "t",
      "--addresses",
      "--max",
      "50",
    ],
    "diff",
    {
      program: "./app",
      a: { args: ["in.txt", "two words"], stdin: "a.in", env: {} },
      b: { args: ["in2.txt"], env: { TZ: "UTC" } },
      break: ["main.c:3"],
      print: ["i"],
      ignore: ["t"],
      addresses: true,
      max: 50,
      timeout: 60,
      ...CALLER,
    },
  ],
  [["await", "--timeout", "10"], "await", { timeout: 10, print: [] }],
  [["context", "--lines", "5"], "context", { lines: 5 }],
  [["where"], "context", {}],
  [["backtrace", "--limit", "5", "--locals"], "backtrace", { limit: 5, locals: true }],
  [["bt", "--all"], "backtrace", { all: true }],
  [["backtrace", "--thread", "3"], "backtrace", { thread: 3 }],
  [["frame", "2"], "frame", { index: 2 }],
  [["frame", "--thread", "4"], "frame", { thread: 4 }],
  [["up"], "up", {}],
  [["up", "2"], "up", { count: 2 }],
  [["down", "3"], "down", { count: 3 }],
  [["locals", "--depth", "2", "--all"], "locals", { depth: 2, all: true }],
  [["locals", "--scope", "globals"], "locals", { scope: "globals" }],
  [["args"], "args", {}],
  [["print", "x", "a + b", "--format", "hex"], "print", { expressions: ["x", "a + b"], format: "hex" }],
  [["print", "slow()", "--timeout", "120"], "print", { expressions: ["slow()"], timeout: 120 }],
  [["eval", "f()", "--timeout", "0"], "eval", { expression: "f()", depth: 0, timeout: 0 }],
  [["raw", "bt", "--timeout", "5"], "raw", { expression: "bt", timeout: 5 }],
  [["p", "s", "--depth", "3"], "print", { expressions: ["s"], depth: 3 }],
  [["display", "total", "p->next"], "display", { expressions: ["total", "p->next"] }],
  [["display"], "display", { expressions: [] }],
  [["undisplay", "1", "2"], "undisplay", { ids: [1, 2] }],
  [["undisplay", "--all"], "undisplay", { ids: [], all: true }],
  [["eval", "x", "=", "3"], "eval", { expression: "x = 3", depth: 0 }],
  [["set", "x", "42"], "set", { name: "x", value: "42" }],
  [["registers", "rip", "rsp"], "registers", { names: ["rip", "rsp"] }],
  [["registers", "--all"], "registers", { names: [], all: true }],
  [["memory", "read", "&total", "--count", "4", "--format", "words"], "memory.read", { location: "&total", count: 4, format: "words" }],
  [["memory", "read", "p->buf", "--format", "chars"], "memory.read", { location: "p->buf", format: "chars" }],
  [["list", "main.c:10-30"], "list", { location: "main.c:10-30" }],
  [["source", "--lines", "20"], "list", { lines: 20 }],
  [["disassemble", "0x401000", "--count", "8", "--source"], "disassemble", { address: "0x401000", count: 8, source: true }],
  [["disassemble", "--function"], "disassemble", { function: true }],
  [["disassemble", "-f", "parse", "--count", "50", "-s"], "disassemble", { function: "parse", count: 50, source: true }],
  [["threads"], "threads", {}],
  [["thread", "7"], "thread", { id: 7 }],
  [["thread"], "thread", {}],
  [["events", "--limit", "5"], "events", { limit: 5 }],
  [["raw", "register", "read"], "raw", { expression: "register read" }],
  [["output", "--tail", "10", "--stderr"], "output", { tail: 10, stderr: true }],
  [["output", "--follow", "--timeout", "30", "--since", "7"], "output", { since: 7, follow: true, timeout: 30 }],
  [["daemon", "stop"], "shutdown", {}],
  [["daemon", "status"], "ping", {}],
];

describe("argv → request", () => {
  let venv: string | undefined;
  beforeAll(() => {
    // start and attach pass the caller's virtualenv along: none here.
    venv = process.env.VIRTUAL_ENV;
    delete process.env.VIRTUAL_ENV;
  });
  afterAll(() => {
    if (venv !== undefined) process.env.VIRTUAL_ENV = venv;
  });

  for (const [argv, command, args] of ROWS) {
    test(`debugger ${argv.join(" ")}`, async () => {
      const r = await requestOf(argv);
      expect({ command: r.command, args: r.args }).toEqual({ command, args });
      // The same words as a line of a batch: the same request.
      expect(await batchRequestOf(argv)).toEqual(r);
    });
  }

  test("every daemon command of the CLI has a row", async () => {
    const named = new Set(await Promise.all(ROWS.map(async ([argv]) => (await requestOf(argv)).name)));
    const missing = commands.filter((c) => isDaemonSpec(c) && !named.has(c.name)).map((c) => c.name);
    expect(missing).toEqual([]);
  });

  /** The error a command line makes, from the CLI's reader and from a batch's (which names the line). */
  async function errorOf(argv: string[]): Promise<DebuggerError> {
    const cli = await requestOf(argv).then(
      () => undefined,
      (e: unknown) => e,
    );
    const batch = await batchRequestOf(argv).then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(cli instanceof DebuggerError) || !(batch instanceof DebuggerError)) throw new Error(`${argv.join(" ")}: no usage error (${cli}, ${batch})`);
    expect({ code: batch.code, hint: batch.hint }).toEqual({ code: cli.code, hint: cli.hint });
    expect(batch.message).toEndWith(`): ${cli.message}`);
    return cli;
  }

  test("checks across arguments speak the CLI's flags, the same in a batch", async () => {
    const cases: [string[], ErrorCode, string][] = [
      [["attach"], "USAGE", "attach needs a PID, --wait NAME or --connect HOST:PORT"],
      [["attach", "1", "--wait", "srv"], "USAGE", "--wait NAME finds the process itself: it takes no PID or --connect"],
      [["attach", "--no-wait=srv"], "USAGE", "--no-wait takes no value (got 'srv')"],
      [["attach", "--connect", "localhost:1"], "USAGE", "--connect needs --adapter to know how to talk to it"],
      [["backtrace", "--all", "--thread", "2"], "USAGE", "--all shows every thread: it takes no --thread or --locals"],
      [["breakpoint", "remove"], "USAGE", "breakpoint remove needs ids or --all"],
      [["undisplay"], "USAGE", "undisplay needs ids or --all"],
      [["break", "main.c:"], "INVALID_LOCATION", "invalid location 'main.c:'"],
      [["continue", "--timeout", "-1"], "USAGE", "--timeout cannot be negative"],
      [["--session", "a/b", "status"], "USAGE", "--session"],
      [["print", "x", "--frmat", "hex"], "UNKNOWN_FLAG", "unknown flag '--frmat' for 'print'"],
      [["brek", "main.c:3"], "UNKNOWN_COMMAND", "unknown command 'brek'"],
      [["--sesion", "x", "status"], "UNKNOWN_FLAG", "unknown flag '--sesion' before the command"],
      [["status", "extra"], "USAGE", "unexpected argument 'extra' for 'status'"],
    ];
    for (const [argv, code, message] of cases) {
      const e = await errorOf(argv);
      expect({ code: e.code, message: e.message.includes(message) }).toEqual({ code, message: true });
    }
  });
});

describe("the argument lists a sender reads calls by (ipc/calls.ts argHolders)", () => {
  // argOf and setArg type a key by the commands listed for it; a command that gains the argument
  // must be listed too, or its sender would read nothing there.
  const schemas = argSchemas as Record<string, { entries: Record<string, { type: string; wrapped?: { type: string } }> }>;
  for (const [key, listed] of Object.entries(argHolders)) {
    test(`'${key}': every command whose schema has it`, () => {
      const holders = Object.keys(schemas).filter((c) => {
        const entry = schemas[c]!.entries[key];
        // backtrace's `locals` is a boolean: another argument of the same name.
        return entry !== undefined && !(key === "locals" && entry.wrapped?.type !== "picklist");
      });
      expect<string[]>([...listed].sort()).toEqual(holders.sort());
    });
  }
});

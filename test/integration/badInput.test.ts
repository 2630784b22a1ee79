// Bad input on the command line: every command in the registry with missing, malformed,
// out-of-range and huge arguments, and shell metacharacters in every string argument. Each gets a
// clear answer (exit 2 with USAGE-like codes for what the CLI can tell is wrong, else exit 1, 3 or
// 4 with a stable code and a hint), never INTERNAL, never a hang; another session and the daemon
// are untouched. (A NUL byte cannot be passed in argv at all: execve ends the string there; NUL
// in a request's strings is covered on the socket below.)
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { commands, flagsOf } from "../../src/cli/registry.ts";
import type { CommandSpec } from "../../src/cli/spec.ts";
import { BIN, Env, withFlags } from "./harness.ts";

const HUGE = "A".repeat(10 * 1024);
const META = "; $(touch /tmp/dbg-pwned) `id` | cat & > /tmp/dbg-pwned < /etc/passwd '\"\\ *";
const STRINGS = [HUGE, META, "", "-", "../x", "\u202e💥\u0007"];
const NUMBERS = ["abc", "-1", "0", "9007199254740993", "1e400", "0x10", " "];
/** A number that is not one at all: the CLI must say so itself (exit 2). */
const NOT_NUMBERS = new Set(["abc", "1e400", " "]);

/** Not swept: they end the daemon, install software, or spawn every adapter (`doctor`). */
const SKIP = new Set(["daemon stop", "setup", "doctor"]);

let env: Env;
let program = "";

/** A valid value for a required positional, so the other argument under test is what is wrong. */
function valid(name: string): string {
  switch (name) {
    case "program":
      return program;
    case "location":
      return "prog.c:4";
    case "ids":
    case "id":
    case "n":
      return "1";
    case "variable":
      return "line";
    case "value":
      return "5";
    case "shell":
      return "bash";
    case "command":
      return "threads";
    default:
      return "line";
  }
}

interface Case {
  argv: string[];
  /** The exit code this case must have, when the CLI alone can tell. */
  want?: number;
}

function casesFor(spec: CommandSpec): Case[] {
  const words = spec.name.split(" ");
  const positionals = spec.positionals ?? [];
  const required = positionals.filter((p) => p.required).map((p) => valid(p.name));
  const out: Case[] = [];
  if (positionals.some((p) => p.required)) out.push({ argv: words, want: 2 });
  positionals.forEach((_p, i) => {
    for (const bad of [...STRINGS, "-1", "9007199254740993"]) {
      const args = positionals.slice(0, Math.max(i + 1, required.length)).map((q, j) => (j === i ? bad : valid(q.name)));
      // "-" and "-1" are values, not flags; a leading-dash string goes after `--` where the command has none.
      out.push({ argv: [...words, ...args] });
    }
  });
  for (const [flag, def] of Object.entries(flagsOf(spec))) {
    if (["json", "quiet", "help", "follow"].includes(flag) || def.type === "boolean") continue;
    const values = def.type === "number" ? NUMBERS : STRINGS;
    for (const v of values) out.push({ argv: [...words, ...required, `--${flag}=${v}`], want: def.type === "number" && NOT_NUMBERS.has(v) ? 2 : undefined });
  }
  // A number flag given no value, and an unknown flag.
  out.push({ argv: [...words, ...required, "--no-such-flag"], want: 2 });
  return out;
}

interface Outcome {
  argv: string[];
  exitCode: number;
  json: any;
  stderr: string;
}

async function runCase(argv: string[], session = "sweep0"): Promise<Outcome> {
  const flags = argv.includes("--session") ? ["--json"] : ["--json", "--session", session];
  const proc = Bun.spawn([BIN, ...withFlags(argv, flags)], {
    cwd: env.dir,
    env: env.env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    timeout: 20_000,
    killSignal: "SIGKILL",
  });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  let json: any;
  try {
    json = JSON.parse(stdout);
  } catch {}
  return { argv, exitCode, json, stderr };
}

/** Issue 10's list of accepted or misreported input, each pinned to its exit code. */
const KNOWN: Case[] = [
  { argv: ["break", "prog.c:4", "--hit-count", "abc"], want: 2 },
  { argv: ["break", "prog.c:4", "--hit-count", "0"], want: 2 },
  { argv: ["break", "prog.c:4", "--hit-count", ">=x"], want: 2 },
  { argv: ["break", "prog.c:4", "--hit-count", "9007199254740993"], want: 2 },
  { argv: ["until", ":::"], want: 2 },
  { argv: ["break", "prog.c:99999999999999"], want: 2 },
  { argv: ["backtrace", "--thread", "999999"], want: 1 },
  { argv: ["status", "--session", "../x"], want: 2 },
  { argv: ["status", "--session", HUGE], want: 2 },
  { argv: ["status", "--session", ""], want: 2 },
  { argv: ["status", "--session", "a/b"], want: 2 },
  { argv: ["__proto__"], want: 2 },
  { argv: ["constructor"], want: 2 },
  { argv: ["continue", "--timeout", "9007199254740993"], want: 2 },
  { argv: ["start", "--cwd", "/nonexistent", "--session", "cwd-test", "PROGRAM"], want: 2 },
  { argv: ["test", "--cwd", "/nonexistent", "--session", "cwd-test", "--", "pytest", "-q"], want: 2 },
];

const swept = commands.filter((c) => !SKIP.has(c.name));
const cases = [...swept.flatMap(casesFor), ...KNOWN];
/** Commands that move or end the sweep session: run one at a time, the session made stopped again after each. */
const MOVES = new Set([
  "start",
  "attach",
  "stop",
  "detach",
  "restart",
  "continue",
  "next",
  "step",
  "finish",
  "until",
  "pause",
  "trace",
  "await",
  "batch",
  "raw",
  "set",
]);

describe("bad input on the command line", () => {
  beforeAll(async () => {
    env = new Env({ env: { DEBUGGER_WARM_ADAPTERS: "0" }, config: "[timeouts]\nrequest = 5\n" });
    program = env.program({
      functions: [
        { name: "main", start: 1, end: 12 },
        { name: "add", start: 14, end: 17 },
      ],
      calls: { "8": "add" },
      exitCode: 0,
    });
    await env.ok(["start", program, "--stop-on-entry", "--session", "victim"]);
    await env.ok(["break", "prog.c:9", "--session", "victim"]);
    for (const n of [0, 1, 2]) await env.ok(["start", program, "--stop-on-entry", "--session", `sweep${n}`]);
  });
  afterAll(async () => {
    await env.close();
  });

  test(`${cases.length} cases over ${swept.length} commands: no INTERNAL, no hang, a stable code and a hint; the daemon and another session untouched`, async () => {
    const daemon = (await env.ok(["daemon", "status"])).pid;
    const victimBefore = await env.ok(["status", "--session", "victim"]);
    const outcomes: Outcome[] = [];
    const moves = (c: Case) => MOVES.has(c.argv[0]!);
    // Cases that only look: four at a time against the stopped sweep session.
    const queue = cases.filter((c) => !moves(c));
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let c = queue.shift(); c; c = queue.shift()) outcomes.push(await runCase(c.argv));
      }),
    );
    // Cases that move the program: one by one per session, three sessions at once, each case from
    // a stopped session (else most would only meet SESSION_ENDED and never reach the code under test).
    const movers = cases.filter(moves);
    await Promise.all(
      [0, 1, 2].map(async (n) => {
        const session = `sweep${n}`;
        for (let c = movers.shift(); c; c = movers.shift()) {
          const o = await runCase(
            c.argv.map((a) => (a === "PROGRAM" ? program : a)),
            session,
          );
          outcomes.push(o);
          if (o.exitCode === 2) continue; // refused before anything ran
          const st = await env.run(["status", "--session", session]);
          if (st.json?.data?.state !== "stopped") {
            await env.run(["stop", "--session", session]);
            await env.ok(["start", program, "--stop-on-entry", "--session", session]);
          }
        }
      }),
    );
    const problems: string[] = [];
    expect(outcomes).toHaveLength(cases.length);
    for (const [i, o] of outcomes.entries()) {
      const c = cases.find((x) => x.argv.length === o.argv.length && x.argv.every((a, j) => a === o.argv[j] || a === "PROGRAM"))!;
      if (!c) throw new Error(`no case for outcome ${i}`);
      const shown = `debugger ${o.argv.map((a) => (a.length > 40 ? `${a.slice(0, 20)}…(${a.length})` : JSON.stringify(a))).join(" ")}`;
      if (o.exitCode < 0 || o.exitCode > 4 || o.exitCode === null) problems.push(`${shown}: exit ${o.exitCode} (killed or crashed) ${o.stderr.slice(0, 200)}`);
      else if (o.exitCode !== 0 && !o.json?.error) problems.push(`${shown}: exit ${o.exitCode} without a JSON error: ${o.stderr.slice(0, 200)}`);
      else if (o.json?.error?.code === "INTERNAL") problems.push(`${shown}: INTERNAL ${o.json.error.message}`);
      else if (o.exitCode !== 0 && !o.json.error.hint) problems.push(`${shown}: ${o.json.error.code} without a hint (${o.json.error.message.slice(0, 100)})`);
      else if (c.want !== undefined && o.exitCode !== c.want)
        problems.push(`${shown}: exit ${o.exitCode} (${o.json?.error?.code ?? "ok"}), expected ${c.want}`);
      if (/^\s+at |panic|Segmentation/m.test(o.stderr)) problems.push(`${shown}: a stack trace on stderr`);
    }
    expect(problems).toEqual([]);
    expect(await Bun.file("/tmp/dbg-pwned").exists()).toBe(false);
    // Nothing else changed: same daemon, the other session where it was with its breakpoint.
    expect((await env.ok(["daemon", "status"])).pid).toBe(daemon);
    const victim = await env.ok(["status", "--session", "victim"]);
    expect(victim).toMatchObject({ state: "stopped", breakpoints: victimBefore.breakpoints, stop: { frame: victimBefore.stop.frame } });
    expect((await env.ok(["continue", "--session", "victim"])).stop.frame.line).toBe(9);
  }, 110_000);

  test("NUL bytes in a request's strings on the socket: a clear error or a plain answer, never INTERNAL", async () => {
    const requests = [
      { command: "print", args: { expressions: ["li\u0000ne"] } },
      { command: "breakpoint.add", args: { location: "prog.c\u0000:4" } },
      { command: "start", args: { program: `${program}\u0000x`, args: [], break: [] } },
      { command: "status", args: {}, session: "a\u0000b" },
    ];
    const replies = await new Promise<any[]>((resolve, reject) => {
      const sock = connect(env.socket);
      let buf = "";
      const got: any[] = [];
      sock.on("connect", () => {
        requests.forEach((r, i) => {
          sock.write(`${JSON.stringify({ id: i + 1, version: pkg.version, session: "sweep0", cwd: env.dir, ...r })}\n`);
        });
      });
      sock.on("data", (d) => {
        buf += d.toString();
        for (let nl = buf.indexOf("\n"); nl >= 0; nl = buf.indexOf("\n")) {
          got.push(JSON.parse(buf.slice(0, nl)));
          buf = buf.slice(nl + 1);
        }
        if (got.length === requests.length) {
          sock.end();
          resolve(got);
        }
      });
      sock.on("error", reject);
      setTimeout(() => reject(new Error(`only ${got.length} replies: ${JSON.stringify(got)}`)), 20_000);
    });
    expect(replies).toHaveLength(requests.length);
    for (const r of replies) {
      if (r.ok) continue;
      expect(r.error.code).not.toBe("INTERNAL");
      expect(r.error.hint).toBeString();
    }
  }, 30_000);

  test("a command line as run's arguments, or an interpreter as PROGRAM: USAGE with the call meant (test, -m, the script)", async () => {
    const cases: [string[], string, string][] = [
      [
        ["run", "--break", "calc.py:4", "--", "python3", "-m", "pytest", "-q"],
        "run needs PROGRAM: the words after -- (`python3 -m pytest -q`) are its arguments, not the program",
        "a test run is `debugger test --break calc.py:4 -- python3 -m pytest -q`",
      ],
      [
        ["run", "python3", "--break", "calc.py:4", "--", "-m", "pytest", "-q"],
        "'python3' is the interpreter, not the program",
        "a test run is `debugger test --break calc.py:4 -- python3 -m pytest -q`",
      ],
      [["start", "python", "--", "-m", "pkg.app", "x"], "'python' is the interpreter, not the program", "a module is `debugger start -m pkg.app -- x`"],
      [
        ["run", "node", "--", "--inspect", "app.js"],
        "'node' is the interpreter",
        "the script is the program: `debugger run app.js`; a test runner: `debugger test --break FILE:LINE -- node --test …`",
      ],
      [
        ["run", "--", "./app", "3"],
        "run needs PROGRAM: the words after -- (`./app 3`)",
        "a program is `debugger run ./app -- 3`; a test run: `debugger test -- ./app 3`",
      ],
    ];
    for (const [argv, message, hint] of cases) {
      const r = await env.run([...argv.slice(0, 1), "--session", "launch-words", ...argv.slice(1)]);
      expect(r.exitCode).toBe(2);
      expect(r.json.error.code).toBe("USAGE");
      expect(r.json.error.message).toContain(message);
      expect(r.json.error.hint).toContain(hint);
    }
    // An interpreter and its script, as the shell would run them: the script is the program.
    for (const argv of [
      ["run", "python3", "app.py", "--", "a b"],
      ["run", "python3", "--", "app.py", "a b"],
      ["start", "node", "dist/app.js"],
    ]) {
      const r = await env.run([...argv.slice(0, 1), "--session", "launch-words", ...argv.slice(1)]);
      expect(r.exitCode).toBe(4);
      expect(r.json.error).toMatchObject({
        code: "PROGRAM_NOT_FOUND",
        message: `program '${argv.includes("node") ? "dist/app.js" : "app.py"}' does not exist (looked in ${env.dir})`,
      });
    }
    // A file of that name here is a program as any other (not refused as an interpreter).
    writeFileSync(join(env.dir, "node"), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
    const own = await env.run(["run", "node", "--session", "launch-words"]);
    expect(own.json.error?.message ?? "").not.toContain("interpreter");
    rmSync(join(env.dir, "node"));
  });

  test("test --cwd DIR that is no directory: INVALID_ARGUMENT naming it, not the interpreter (issue 33 item 8)", async () => {
    for (const dir of ["/nonexistent", "/dev/null"]) {
      const r = await env.run(["test", "--cwd", dir, "--session", "cwd-test", "--", "pytest", "-q"]);
      expect(r.exitCode).toBe(2);
      expect(r.json.error).toMatchObject({ code: "INVALID_ARGUMENT", message: `--cwd ${dir}: no such directory` });
    }
  });
});

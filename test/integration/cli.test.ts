// The CLI contract through the built binary: usage errors, help, exit codes, error documents,
// errors with no session or the wrong state, and the environment variables.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import pkg from "../../package.json" with { type: "json" };
import { Env, STANDARD_PROGRAM, waitFor } from "./harness.ts";

let env: Env;
let prog: string;
let spinProg: string;

beforeAll(() => {
  env = new Env();
  prog = env.program();
  spinProg = env.program({ ...STANDARD_PROGRAM, spin: 6 });
});
afterEach(() => env.stopSessions());
afterAll(() => env.close());

/** Exactly one JSON document on stdout, nothing on stderr. */
function oneDocument(r: { stdout: string; stderr: string }): any {
  expect(r.stderr).toBe("");
  expect(r.stdout.endsWith("\n")).toBe(true);
  expect(r.stdout.trimEnd().split("\n")).toHaveLength(1);
  return JSON.parse(r.stdout);
}

describe("usage errors", () => {
  test("other debuggers' flags point at this one's way (issue 29): where --context, print --type, stop --daemon", async () => {
    const where = await env.run(["where", "--context", "5"]);
    expect(where.exitCode).toBe(2);
    expect(where.json.error).toEqual({
      code: "UNKNOWN_FLAG",
      message: "unknown flag '--context' for 'context'",
      hint: "`--lines N` sets how many source lines are shown around the stop (`debugger context --help`)",
    });
    const print = await env.run(["print", "x", "--type"]);
    expect(print.json.error.hint).toBe("the type is always shown: after the value in text, as `type` with --json (`debugger print --help`)");
    expect((await env.run(["stop", "--daemon"])).json.error.hint).toStartWith(
      "stop ends the session only; `debugger daemon stop` ends the daemon and every session",
    );
  });

  test("stop says the daemon stays, and how to end it (text only; issue 29)", async () => {
    await env.ok(["start", prog, "--stop-on-entry", "--session", "stays"]);
    const r = await env.run(["stop", "--session", "stays"], { json: false });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("Session 'stays' ended.\nThe daemon stays for the next session and exits when idle; `debugger daemon stop` ends it now.\n");
  });

  test("an unknown command in human mode: exit 2, the error and a suggestion on stderr only", async () => {
    const r = await env.run(["contnue"], { json: false });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("error: unknown command 'contnue'");
    expect(r.stderr).toContain("did you mean `debugger continue`");
    expect(r.stderr).toBe(
      "error: unknown command 'contnue' [UNKNOWN_COMMAND]\nhint: did you mean `debugger continue`? (`debugger --help` lists the commands)\n",
    );
  });

  test("a transposed command is suggested by its swap, not by a shorter command", async () => {
    const r = await env.run(["mpc"], { json: false });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("did you mean `debugger mcp`?");
  });

  test("an unknown command with --json: exit 2 and one error document", async () => {
    const r = await env.run(["contnue"]);
    expect(r.exitCode).toBe(2);
    expect(oneDocument(r)).toEqual({
      ok: false,
      command: "contnue",
      session: "default",
      error: {
        code: "UNKNOWN_COMMAND",
        message: "unknown command 'contnue'",
        hint: "did you mean `debugger continue`? (`debugger --help` lists the commands)",
      },
    });
  });

  test("an unknown sub-command of a group suggests the close one", async () => {
    const r = await env.run(["breakpoint", "remvoe", "1"]);
    expect(r.exitCode).toBe(2);
    expect(r.json.error).toEqual({
      code: "UNKNOWN_COMMAND",
      message: "unknown command 'breakpoint remvoe'",
      hint: "did you mean `debugger breakpoint remove`?",
    });
  });

  test("an unknown flag: exit 2, UNKNOWN_FLAG, the close flag suggested", async () => {
    const r = await env.run(["start", prog, "--brek", "x"]);
    expect(r.exitCode).toBe(2);
    expect(oneDocument(r)).toEqual({
      ok: false,
      command: "start",
      session: "default",
      error: { code: "UNKNOWN_FLAG", message: "unknown flag '--brek' for 'start'", hint: "did you mean --break? (`debugger start --help`)" },
    });
    const human = await env.run(["start", prog, "--brek", "x"], { json: false });
    expect(human.exitCode).toBe(2);
    expect(human.stdout).toBe("");
    expect(human.stderr).toContain("did you mean --break");
  });

  test("a malformed location on a live session: exit 2, INVALID_LOCATION", async () => {
    await env.ok(["start", prog, "--stop-on-entry", "--session", "loc"]);
    const r = await env.run(["break", "main.c:abc", "--session", "loc"]);
    expect(r.exitCode).toBe(2);
    expect(oneDocument(r).error).toEqual({
      code: "INVALID_LOCATION",
      message: "invalid location 'main.c:abc': 'abc' is not a line number",
      hint: "use FILE:LINE (main.c:12), FILE:LINE:COLUMN, a function name (main, Foo::bar) or an address (0x401000)",
    });
    const until = await env.run(["until", "prog.c:0", "--session", "loc"]);
    expect(until.exitCode).toBe(2);
    expect(until.json.error.code).toBe("INVALID_LOCATION");
    // Nothing was added by the failed commands.
    expect((await env.ok(["breakpoint", "list", "--session", "loc"])).breakpoints).toEqual([]);
    await env.ok(["stop", "--session", "loc"]);
  });

  // A usage error is a usage error whatever the daemon holds: the location can be checked
  // before any session is looked up (DESIGN §7: exit 2 for a malformed location).
  test("a malformed location with no session is still a usage error (exit 2, INVALID_LOCATION)", async () => {
    const r = await env.run(["break", "main.c:abc"]);
    expect(r.json.error.code).toBe("INVALID_LOCATION");
    expect(r.exitCode).toBe(2);
  });

  test("a flag missing its value: exit 2, USAGE", async () => {
    const r = await env.run(["break", "prog.c:3", "--condition"]);
    expect(r.exitCode).toBe(2);
    expect(oneDocument(r).error).toEqual({
      code: "USAGE",
      message: "--condition needs a value (EXPR)",
      hint: "`debugger breakpoint add --help` shows the usage",
    });
    const session = await env.run(["status", "--session"]);
    expect(session.exitCode).toBe(2);
    expect(session.json.error).toMatchObject({ code: "USAGE", message: "--session needs a value (NAME)" });
  });

  test("--timeout must be a number of seconds ≥ 0", async () => {
    const negative = await env.run(["continue", "--timeout", "-1"]);
    expect(negative.exitCode).toBe(2);
    expect(negative.json.error).toEqual({ code: "USAGE", message: "--timeout cannot be negative", hint: "seconds, e.g. --timeout 120 (0 waits forever)" });
    const word = await env.run(["continue", "--timeout", "abc"]);
    expect(word.exitCode).toBe(2);
    expect(word.json.error).toEqual({ code: "USAGE", message: "--timeout takes a number, not 'abc'", hint: "`debugger continue --help` shows the usage" });
    const inline = await env.run(["next", "--timeout=abc"]);
    expect(inline.exitCode).toBe(2);
    expect(inline.json.error.code).toBe("USAGE");
  });

  test("a missing positional and an extra one are usage errors", async () => {
    const missing = await env.run(["print"]);
    expect(missing.exitCode).toBe(2);
    expect(missing.json.error.code).toBe("USAGE");
    const extra = await env.run(["status", "extra"]);
    expect(extra.exitCode).toBe(2);
    expect(extra.json.error).toMatchObject({ code: "USAGE", message: "unexpected argument 'extra' for 'status'" });
  });
});

describe("help and version", () => {
  test("--help: the command list on stdout, exit 0, nothing on stderr", async () => {
    const r = await env.run(["--help"], { json: false });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("Usage: debugger [--session NAME] [--json] <command>");
    for (const name of ["start", "continue", "breakpoint add", "print", "daemon stop"]) expect(r.stdout).toContain(name);
  });

  test("`help start` and `start --help` show the usage of start, exit 0, nothing on stderr", async () => {
    const a = await env.run(["help", "start"], { json: false });
    const b = await env.run(["start", "--help"], { json: false });
    for (const r of [a, b]) {
      expect(r.exitCode).toBe(0);
      expect(r.stderr).toBe("");
      expect(r.stdout).toContain("Usage: debugger start [flags] [PROGRAM] [-- ARGS…]");
      expect(r.stdout).toContain("--stop-on-entry");
      expect(r.stdout).toContain("--break");
    }
    expect(a.stdout).toBe(b.stdout);
  });

  test("--help on a command with required arguments does not complain about them", async () => {
    const r = await env.run(["print", "--help"], { json: false });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("debugger print");
  });

  test("--version prints the package version first, then commit, build date, platform and Bun", async () => {
    const r = await env.run(["--version"], { json: false });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(
      `${pkg.version} (commit ${r.stdout.match(/commit (\S+),/)?.[1]}, built ${r.stdout.match(/built (\S+),/)?.[1]}, ${process.platform}-${process.arch}, bun ${Bun.version})\n`,
    );
    expect(r.stderr).toBe("");
    const j = await env.run(["--version"]);
    expect(j.exitCode).toBe(0);
    expect(oneDocument(j)).toMatchObject({
      ok: true,
      command: "version",
      data: { version: pkg.version, platform: `${process.platform}-${process.arch}`, bun: Bun.version },
    });
  });
});

describe("no session", () => {
  test.each(["continue", "print x", "backtrace"])("%s → exit 1, NO_SESSION, hint names `debugger start`", async (line) => {
    const args = line.split(" ");
    const r = await env.run([...args, "--session", "nobody"]);
    expect(r.exitCode).toBe(1);
    const doc = oneDocument(r);
    expect(doc).toMatchObject({ ok: false, command: args[0], session: "nobody", error: { code: "NO_SESSION", message: "no session 'nobody'" } });
    expect(doc.error.hint).toContain("debugger start");
  });

  test("in human mode the error goes to stderr with its code and hint", async () => {
    const r = await env.run(["continue", "--session", "nobody"], { json: false });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^error: no session 'nobody' \[NO_SESSION\]\nhint: .*debugger start.*\n$/);
  });

  test("status is not an error: state idle", async () => {
    const r = await env.run(["status", "--session", "nobody"]);
    expect(r.exitCode).toBe(0);
    expect(oneDocument(r)).toMatchObject({ ok: true, command: "status", session: "nobody", data: { session: "nobody", state: "idle" } });
    const human = await env.run(["status", "--session", "nobody"], { json: false });
    expect(human.exitCode).toBe(0);
    expect(human.stdout).toBe("No session 'nobody'. `debugger start PROGRAM` starts one.\n");
  });
});

describe("start errors", () => {
  test("a program that does not exist: exit 4, PROGRAM_NOT_FOUND", async () => {
    const r = await env.run(["start", "nosuch.json", "--session", "nf"]);
    expect(r.exitCode).toBe(4);
    expect(oneDocument(r).error).toEqual({
      code: "PROGRAM_NOT_FOUND",
      message: `program 'nosuch.json' does not exist (looked in ${env.dir})`,
      hint: "check the path; build it first with debug info (-g)",
    });
    expect((await env.ok(["status", "--session", "nf"])).state).toBe("idle");
  });

  test("an unknown adapter: exit 4, ADAPTER_NOT_FOUND, the known adapters in the hint", async () => {
    const r = await env.run(["start", "--adapter", "nosuch", prog, "--session", "na"]);
    expect(r.exitCode).toBe(4);
    const error = oneDocument(r).error;
    expect(error.code).toBe("ADAPTER_NOT_FOUND");
    expect(error.message).toBe("unknown adapter 'nosuch'");
    expect(error.hint).toContain("known adapters:");
    expect(error.hint).toContain("fake");
    expect(error.hint).toContain("lldb-dap");
    expect((await env.ok(["status", "--session", "na"])).state).toBe("idle");
  });

  test("starting again on a live session name: exit 1, SESSION_EXISTS; the first session is untouched", async () => {
    await env.ok(["start", prog, "--stop-on-entry", "--session", "dup"]);
    const r = await env.run(["start", prog, "--stop-on-entry", "--session", "dup"]);
    expect(r.exitCode).toBe(1);
    const error = oneDocument(r).error;
    expect(error).toEqual({
      code: "SESSION_EXISTS",
      message: `session 'dup' is already stopped (${prog})`,
      hint: "`debugger stop` ends it, or pick another name with --session NAME",
    });
    const status = await env.ok(["status", "--session", "dup"]);
    expect(status.state).toBe("stopped");
    expect(status.stop.reason).toBe("entry");
    await env.ok(["stop", "--session", "dup"]);
  });
});

describe("a running session", () => {
  test("start --no-wait into a spin: next says NOT_STOPPED", async () => {
    const r = await env.ok(["start", spinProg, "--no-wait", "--session", "spin1"]);
    expect(["starting", "running"]).toContain(r.state);
    await waitFor(async () => (await env.ok(["status", "--session", "spin1"])).state === "running", 10_000, "the program to run");
    const next = await env.run(["next", "--session", "spin1"]);
    expect(next.exitCode).toBe(1);
    expect(oneDocument(next).error).toEqual({
      code: "NOT_STOPPED",
      message: "session 'spin1' is running, not stopped",
      hint: "`debugger pause` stops it, `debugger await` waits for the next stop",
    });
    for (const args of [["continue"], ["step"], ["locals"], ["backtrace"]]) {
      const r = await env.run([...args, "--session", "spin1"]);
      expect(r.exitCode).toBe(1);
      expect(r.json.error.code).toBe("NOT_STOPPED");
    }
    // print reads the selected frame: it needs a stopped program too.
    const print = await env.run(["print", "line", "--session", "spin1"]);
    expect(print.exitCode).toBe(1);
    expect(print.json.error.code).toBe("NOT_STOPPED");
    expect(print.json.error.message).toBe("session 'spin1' is running, not stopped");
    expect((await env.ok(["status", "--session", "spin1"])).state).toBe("running");
    await env.ok(["stop", "--session", "spin1"]);
  });

  test("continue --timeout 1 into a spin: exit 3, TIMEOUT; the session stays usable and pause stops it", async () => {
    await env.ok(["start", spinProg, "--stop-on-entry", "--session", "spin2"]);
    const r = await env.run(["continue", "--timeout", "1", "--session", "spin2"]);
    expect(r.exitCode).toBe(3);
    expect(oneDocument(r)).toEqual({
      ok: false,
      command: "continue",
      session: "spin2",
      error: {
        code: "TIMEOUT",
        message: "no stop within 1 s; session 'spin2' is still running",
        hint: "`debugger await` waits again, `debugger pause` interrupts it, `debugger output` shows what it printed",
      },
    });
    expect((await env.ok(["status", "--session", "spin2"])).state).toBe("running");
    const out = await env.ok(["output", "--session", "spin2"]);
    expect(out.text).toBe("hello\nwarn\n");
    const paused = await env.ok(["pause", "--session", "spin2"]);
    expect(paused.state).toBe("stopped");
    expect(paused.stop.reason).toBe("pause");
    expect(paused.stop.frame).toMatchObject({ function: "main", line: 6 });
    expect((await env.ok(["print", "line", "--session", "spin2"])).result).toBe("6");
    await env.ok(["stop", "--session", "spin2"]);
  });

  test("await --timeout 1 on a spinning program times out the same way", async () => {
    await env.ok(["start", spinProg, "--no-wait", "--session", "spin3"]);
    const r = await env.run(["await", "--timeout", "1", "--session", "spin3"]);
    expect(r.exitCode).toBe(3);
    expect(r.json.error.code).toBe("TIMEOUT");
    await env.ok(["stop", "--session", "spin3"]);
  });
});

describe("environment variables", () => {
  test("DEBUGGER_SESSION picks the session; --session overrides it", async () => {
    const named = { DEBUGGER_SESSION: "fromenv" };
    const started = await env.run(["start", prog, "--stop-on-entry"], { env: named });
    expect(started.exitCode).toBe(0);
    expect(started.json.session).toBe("fromenv");
    expect(started.json.data.session.name).toBe("fromenv");
    const status = await env.run(["status"], { env: named });
    expect(status.json).toMatchObject({ session: "fromenv", data: { session: "fromenv", state: "stopped" } });
    const other = await env.run(["status", "--session", "elsewhere"], { env: named });
    expect(other.json).toMatchObject({ session: "elsewhere", data: { state: "idle" } });
    const def = await env.run(["status"]);
    expect(def.json).toMatchObject({ session: "default", data: { state: "idle" } });
    expect((await env.ok(["sessions"])).sessions.map((s) => s.name)).toContain("fromenv");
    const stopped = await env.run(["stop"], { env: named });
    expect(stopped.json.data.stopped).toBe("fromenv");
  });

  test("DEBUGGER_JSON=1 gives one JSON document without --json, errors included", async () => {
    const r = await env.run(["status"], { json: false, env: { DEBUGGER_JSON: "1" } });
    expect(r.exitCode).toBe(0);
    expect(oneDocument(r)).toMatchObject({ ok: true, command: "status", session: "default", data: { state: "idle" } });
    const err = await env.run(["continue"], { json: false, env: { DEBUGGER_JSON: "1" } });
    expect(err.exitCode).toBe(1);
    expect(oneDocument(err)).toMatchObject({ ok: false, command: "continue", error: { code: "NO_SESSION" } });
    const usage = await env.run(["contnue"], { json: false, env: { DEBUGGER_JSON: "1" } });
    expect(usage.exitCode).toBe(2);
    expect(oneDocument(usage).error.code).toBe("UNKNOWN_COMMAND");
    // Without it, human text.
    const text = await env.run(["status"], { json: false });
    expect(text.json).toBeUndefined();
    expect(text.stdout).toBe("No session 'default'. `debugger start PROGRAM` starts one.\n");
  });
});

describe("breakpoint remove", () => {
  test("an id that does not exist: exit 1, BREAKPOINT_NOT_FOUND; a word: exit 2", async () => {
    await env.ok(["start", prog, "--stop-on-entry", "--session", "bps"]);
    const r = await env.run(["breakpoint", "remove", "99", "--session", "bps"]);
    expect(r.exitCode).toBe(1);
    const error = oneDocument(r).error;
    expect(error.code).toBe("BREAKPOINT_NOT_FOUND");
    expect(error.message).toContain("99");
    expect(error.hint).toContain("breakpoint list");
    const word = await env.run(["breakpoint", "remove", "abc", "--session", "bps"]);
    expect(word.exitCode).toBe(2);
    expect(word.json.error).toEqual({
      code: "USAGE",
      message: "'abc' is not a breakpoint id",
      hint: "ids are whole numbers from `debugger breakpoint list` (or `threads`, `backtrace`)",
    });
    const none = await env.run(["breakpoint", "remove", "--session", "bps"]);
    expect(none.exitCode).toBe(2);
    expect(none.json.error).toMatchObject({ code: "USAGE", message: "breakpoint remove needs ids or --all" });
    await env.ok(["stop", "--session", "bps"]);
  });
});

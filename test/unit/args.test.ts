import { describe, expect, test } from "bun:test";
import { closest, editDistance, parseArgv, type FlagDef } from "../../src/cli/args.ts";
import { splitCommandLine } from "../../src/cli/registry.ts";
import { checkSessionName } from "../../src/common/sessionName.ts";
import { DebuggerError, type ErrorData } from "../../src/common/errors.ts";

const FLAGS: Record<string, FlagDef> = {
  break: { type: "string", description: "breakpoint", alias: "b", repeat: true, valueHint: "LOC" },
  env: { type: "string", description: "K=V", repeat: true },
  json: { type: "boolean", description: "JSON output" },
  wait: { type: "boolean", description: "wait for a stop" },
  timeout: { type: "number", description: "seconds", valueHint: "SECONDS" },
  session: { type: "string", description: "session name", alias: "s" },
  quiet: { type: "boolean", description: "quiet", alias: "q" },
  adapter: { type: "string", description: "adapter" },
};

const parse = (...argv: string[]) => parseArgv(argv, FLAGS, "start");

function errorOf(argv: string[]): ErrorData {
  try {
    parseArgv(argv, FLAGS, "start");
  } catch (e) {
    expect(e).toBeInstanceOf(DebuggerError);
    return (e as DebuggerError).toData();
  }
  throw new Error(`parseArgv(${JSON.stringify(argv)}) did not throw`);
}

const USAGE_HINT = "`debugger start --help` shows the usage";

describe("parseArgv: accepted", () => {
  test.each<[string, string[], ReturnType<typeof parse>]>([
    ["nothing", [], { positionals: [], flags: {}, rest: [], sawDoubleDash: false }],
    ["positionals only", ["./prog", "x"], { positionals: ["./prog", "x"], flags: {}, rest: [], sawDoubleDash: false }],
    [
      "repeatable flag in every spelling",
      ["--break", "main.c:3", "-b", "add", "--break=main.c:9"],
      { positionals: [], flags: { break: ["main.c:3", "add", "main.c:9"] }, rest: [], sawDoubleDash: false },
    ],
    [
      "two repeatable flags interleaved",
      ["--env", "A=1", "--break", "x", "--env=B=2=3"],
      { positionals: [], flags: { env: ["A=1", "B=2=3"], break: ["x"] }, rest: [], sawDoubleDash: false },
    ],
    ["--flag=value", ["--session=dbg1"], { positionals: [], flags: { session: "dbg1" }, rest: [], sawDoubleDash: false }],
    ["--flag= (empty value)", ["--adapter="], { positionals: [], flags: { adapter: "" }, rest: [], sawDoubleDash: false }],
    ["short alias with value", ["-s", "dbg2", "prog"], { positionals: ["prog"], flags: { session: "dbg2" }, rest: [], sawDoubleDash: false }],
    ["short boolean alias", ["-q"], { positionals: [], flags: { quiet: true }, rest: [], sawDoubleDash: false }],
    ["non-repeat flag: last one wins", ["--session", "a", "--session", "b"], { positionals: [], flags: { session: "b" }, rest: [], sawDoubleDash: false }],
    ["boolean", ["--json"], { positionals: [], flags: { json: true }, rest: [], sawDoubleDash: false }],
    ["--no-flag", ["--no-wait"], { positionals: [], flags: { wait: false }, rest: [], sawDoubleDash: false }],
    ["--flag=false", ["--wait=false"], { positionals: [], flags: { wait: false }, rest: [], sawDoubleDash: false }],
    ["--flag=true", ["--json=true"], { positionals: [], flags: { json: true }, rest: [], sawDoubleDash: false }],
    ["--no-flag=true", ["--no-wait=true"], { positionals: [], flags: { wait: false }, rest: [], sawDoubleDash: false }],
    ["--no-flag=false", ["--no-wait=false"], { positionals: [], flags: { wait: true }, rest: [], sawDoubleDash: false }],
    ["number", ["--timeout", "2.5"], { positionals: [], flags: { timeout: 2.5 }, rest: [], sawDoubleDash: false }],
    ["number=", ["--timeout=10"], { positionals: [], flags: { timeout: 10 }, rest: [], sawDoubleDash: false }],
    ["negative number as a flag value", ["--timeout", "-5"], { positionals: [], flags: { timeout: -5 }, rest: [], sawDoubleDash: false }],
    [
      "negative numbers and '-' as positionals",
      ["set", "x", "-5", "-1.5", "-"],
      { positionals: ["set", "x", "-5", "-1.5", "-"], flags: {}, rest: [], sawDoubleDash: false },
    ],
    [
      "everything after -- belongs to the program",
      ["./prog", "--json", "--", "--json", "-x", "--unknown", "--"],
      { positionals: ["./prog"], flags: { json: true }, rest: ["--json", "-x", "--unknown", "--"], sawDoubleDash: true },
    ],
    ["-- with nothing after it", ["prog", "--"], { positionals: ["prog"], flags: {}, rest: [], sawDoubleDash: true }],
    [
      "flags after positionals",
      ["./prog", "--break", "main", "arg"],
      { positionals: ["./prog", "arg"], flags: { break: ["main"] }, rest: [], sawDoubleDash: false },
    ],
  ])("%s", (_name, argv, expected) => {
    expect(parse(...argv)).toEqual(expected);
  });
});

describe("parseArgv: other debuggers' flags get a pointer (issue 29)", () => {
  test.each<[string, string, string]>([
    ["context", "--context", "`--lines N` sets how many source lines are shown around the stop (`debugger context --help`)"],
    ["context", "-C", "`--lines N` sets how many source lines are shown around the stop (`debugger context --help`)"],
    ["print", "--type", "the type is always shown: after the value in text, as `type` with --json (`debugger print --help`)"],
    ["print", "--type=int", "the type is always shown: after the value in text, as `type` with --json (`debugger print --help`)"],
    ["backtrace", "--full", "`--locals` shows each frame's locals (gdb's `bt full`) (`debugger backtrace --help`)"],
  ])("%s %s", (command, flag, hint) => {
    let err: DebuggerError | undefined;
    try {
      parseArgv([flag], {}, command);
    } catch (e) {
      err = e as DebuggerError;
    }
    expect(err?.toData()).toEqual({ code: "UNKNOWN_FLAG", message: `unknown flag '${flag}' for '${command}'`, hint });
  });
});

describe("parseArgv: errors", () => {
  test.each<[string, string[], ErrorData]>([
    [
      "misspelt flag suggests the nearest",
      ["--brake", "main"],
      { code: "UNKNOWN_FLAG", message: "unknown flag '--brake' for 'start'", hint: "did you mean --break? (`debugger start --help`)" },
    ],
    [
      "prefix of a flag suggests it",
      ["--bre"],
      { code: "UNKNOWN_FLAG", message: "unknown flag '--bre' for 'start'", hint: "did you mean --break? (`debugger start --help`)" },
    ],
    [
      "misspelt --flag=value suggests without the value",
      ["--sesion=x"],
      { code: "UNKNOWN_FLAG", message: "unknown flag '--sesion=x' for 'start'", hint: "did you mean --session? (`debugger start --help`)" },
    ],
    [
      "nothing close",
      ["--zzzzzzzz"],
      { code: "UNKNOWN_FLAG", message: "unknown flag '--zzzzzzzz' for 'start'", hint: "`debugger start --help` lists its flags" },
    ],
    ["unknown short flag", ["-z"], { code: "UNKNOWN_FLAG", message: "unknown flag '-z' for 'start'", hint: "`debugger start --help` lists its flags" }],
    [
      "--no- on a non-boolean flag",
      ["--no-break"],
      { code: "UNKNOWN_FLAG", message: "unknown flag '--no-break' for 'start'", hint: "did you mean --break? (`debugger start --help`)" },
    ],
    ["missing value at the end", ["--break"], { code: "USAGE", message: "--break needs a value (LOC)", hint: USAGE_HINT }],
    ["missing value before --", ["--timeout", "--", "x"], { code: "USAGE", message: "--timeout needs a value (SECONDS)", hint: USAGE_HINT }],
    ["missing value without a hint", ["--adapter"], { code: "USAGE", message: "--adapter needs a value", hint: USAGE_HINT }],
    ["not a number", ["--timeout", "abc"], { code: "USAGE", message: "--timeout takes a number, not 'abc'", hint: USAGE_HINT }],
    ["empty number", ["--timeout="], { code: "USAGE", message: "--timeout takes a number, not ''", hint: USAGE_HINT }],
    ["blank number", ["--timeout", " "], { code: "USAGE", message: "--timeout takes a number, not ' '", hint: USAGE_HINT }],
    ["Infinity is not a number", ["--timeout", "Infinity"], { code: "USAGE", message: "--timeout takes a number, not 'Infinity'", hint: USAGE_HINT }],
    ["number with a unit", ["--timeout=5s"], { code: "USAGE", message: "--timeout takes a number, not '5s'", hint: USAGE_HINT }],
    ["boolean with a value", ["--json=yes"], { code: "USAGE", message: "--json takes no value (got 'yes')", hint: USAGE_HINT }],
  ])("%s", (_name, argv, expected) => {
    expect(errorOf(argv)).toEqual(expected);
  });

  test("the command name appears in the error", () => {
    expect(() => parseArgv(["--x"], {}, "breakpoint add")).toThrow("unknown flag '--x' for 'breakpoint add'");
  });
});

describe("editDistance", () => {
  test.each([
    ["", "", 0],
    ["", "abc", 3],
    ["abc", "", 3],
    ["abc", "abc", 0],
    ["kitten", "sitting", 3],
    ["flaw", "lawn", 2],
    ["--brake", "--break", 2],
    ["--json", "--jsno", 1], // a swap of neighbours is one edit
    ["mpc", "mcp", 1],
    ["ca", "abc", 3], // optimal string alignment: a swapped pair is not edited again
    ["a", "b", 1],
  ])("%j ↔ %j = %d", (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe("closest", () => {
  const names = ["--break", "--session", "--json", "--timeout", "--stop-on-entry"];
  test.each<[string, string | undefined]>([
    ["--brak", "--break"],
    ["--jsn", "--json"],
    ["--sesion", "--session"],
    ["--timout", "--timeout"],
    ["--stop", "--stop-on-entry"], // a prefix of 3+ characters wins
    ["--stop-on-entyr", "--stop-on-entry"],
    ["--xyz", undefined],
    ["--completely-different", undefined],
  ])("%j → %j", (word, expected) => {
    expect(closest(word, names)).toBe(expected);
  });

  test("a swap beats a deletion, and the same length wins a tie", () => {
    const commands = ["c", "mcp", "continue", "status", "start", "stop"];
    expect(closest("mpc", commands)).toBe("mcp");
    expect(closest("tsatus", commands)).toBe("status");
    expect(closest("stpo", commands)).toBe("stop");
  });

  test("no candidates", () => {
    expect(closest("--x", [])).toBeUndefined();
  });

  test("a short word is not treated as a prefix", () => {
    // "ab" is a prefix of "abcdefgh" but too short to count; the distance (6) is too far.
    expect(closest("ab", ["abcdefgh"])).toBeUndefined();
    expect(closest("abc", ["abcdefgh"])).toBe("abcdefgh");
  });
});

describe("splitCommandLine: the command's words wherever the global flags are", () => {
  test.each([
    [["--json", "status"], ["status"], ["--json"]],
    [["status", "--json"], ["status"], ["--json"]],
    [["--session", "api", "--json", "start", "./app"], ["start"], ["--session", "api", "--json", "./app"]],
    [
      ["--session=api", "breakpoint", "--json", "add", "x.c:3"],
      ["breakpoint", "add"],
      ["--session=api", "--json", "x.c:3"],
    ],
    [["watch", "total"], ["watch", "total"], []],
    [["start", "./app", "--", "--json", "status"], ["start"], ["./app", "--", "--json", "status"]],
    [["help", "breakpoint", "add"], ["help", "breakpoint", "add"], []],
    [["-h"], [], ["-h"]],
    [["--no-json", "status"], ["status"], ["--no-json"]],
  ])("%p → words %p, rest %p", (argv, words, rest) => {
    expect(splitCommandLine(argv)).toEqual({ words, rest, version: false });
  });

  test("-v and --version before any command", () => {
    expect(splitCommandLine(["--json", "-v"])).toEqual({ words: [], rest: ["--json"], version: true });
    expect(splitCommandLine(["--version"]).version).toBe(true);
  });

  test("a non-global flag before the command is UNKNOWN_FLAG with a suggestion", () => {
    let error: ErrorData | undefined;
    try {
      splitCommandLine(["--sesion", "x", "status"]);
    } catch (e) {
      error = (e as DebuggerError).toData();
    }
    expect(error).toEqual({
      code: "UNKNOWN_FLAG",
      message: "unknown flag '--sesion' before the command",
      hint: "did you mean --session? (`debugger --help` lists the commands and global flags)",
    });
  });
});

describe("checkSessionName", () => {
  test.each(["default", "api", "a.b", "A_1-x", "x".repeat(64), "1"])("%p is a session name", (n) => {
    expect(checkSessionName(n, "--session")).toBe(n);
  });
  test.each(["", "../x", "a/b", ".x", "a b", "x".repeat(65), "é", "a\nb"])("%p is a usage error", (n) => {
    expect(() => checkSessionName(n, "--session")).toThrow(DebuggerError);
  });
});

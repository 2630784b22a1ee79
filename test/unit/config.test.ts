import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chooseAdapter, withCallerAdapter } from "../../src/adapters/index.ts";
import { callerAdapterOption } from "../../src/common/callerAdapter.ts";
import { cliSettings, KNOWN_KEYS } from "../../src/common/cliSettings.ts";
import {
  adapterStartTimeoutMs,
  ConfigSchemaCheck,
  defaultSession,
  executionTimeout,
  idleTimeoutMs,
  warmMemoryMb,
  keyLine,
  keysAt,
  loadConfig,
  tomlErrorLine,
  logLevel,
  maxLocals,
  maxValueLength,
  requestTimeoutMs,
  sourceLines,
} from "../../src/common/config.ts";
import { DebuggerError, type ErrorData } from "../../src/common/errors.ts";

const PATH = "/home/u/.config/debugger-cli/config.toml";

function errorOf(text: string): ErrorData {
  try {
    ConfigSchemaCheck(Bun.TOML.parse(text), PATH, text);
  } catch (e) {
    expect(e).toBeInstanceOf(DebuggerError);
    return (e as DebuggerError).toData();
  }
  throw new Error(`no error for ${JSON.stringify(text)}`);
}

describe("keyLine", () => {
  const text = [
    "# comment", // 1
    "[display]", // 2
    "max_locals = 3", // 3
    "", // 4
    '[adapters."my dap"]', // 5
    'command = ["x", "K=V"]', // 6
    "launch = { a = 1 }", // 7
    "[timeouts]", // 8
    "execution = 5", // 9
    "defaults.session = 'x'", // 10 (dotted key at a table: timeouts.defaults.session)
  ].join("\n");
  test.each([
    [["display", "max_locals"], 3],
    [["display"], 2],
    [["display", "missing"], 2],
    [["adapters", "my dap", "command"], 6],
    [["adapters", "my dap", "command", "1"], 6],
    [["adapters", "my dap", "launch", "a"], 7],
    [["timeouts", "execution"], 9],
    [["timeouts", "defaults", "session"], 10],
    [["output"], undefined],
  ] as [string[], number | undefined][])("%p → line %p", (path, line) => {
    expect(keyLine(text, path)).toBe(line);
  });
});

describe("config errors name the file, the line, the key and the key meant", () => {
  test("a misspelt key in a table", () => {
    expect(errorOf("[output]\nmax_chunks = 5\n\n[display]\nmax_locls = 3\n")).toEqual({
      code: "INVALID_ARGUMENT",
      message: `config file ${PATH}, line 5: unknown key 'display.max_locls'`,
      hint: "did you mean 'max_locals'? keys in [display]: max_value_length, max_locals, source_lines",
    });
  });

  test("a misspelt table", () => {
    expect(errorOf("[timeout]\nexecution = 5\n")).toEqual({
      code: "INVALID_ARGUMENT",
      message: `config file ${PATH}, line 1: unknown key 'timeout'`,
      hint: "did you mean 'timeouts'? keys in the top level: output, display, timeouts, defaults, daemon, adapters, targets",
    });
  });

  test("an unknown key with nothing close: the known keys only", () => {
    expect(errorOf("[daemon]\ncolour = true\n").hint).toBe("keys in [daemon]: idle_timeout, warm_adapters, warm_memory_mb, launch_ahead, log_level");
  });

  test("a key named in other words: the key its words mean (issue 29)", () => {
    expect(errorOf("[timeouts]\ndap_initialize_secs = 5\n")).toEqual({
      code: "INVALID_ARGUMENT",
      message: `config file ${PATH}, line 2: unknown key 'timeouts.dap_initialize_secs'`,
      hint: "did you mean 'adapter_start'? keys in [timeouts]: execution, request, adapter_start",
    });
    expect(errorOf("[timeouts]\nrequest_timeout_ms = 5\n").hint).toStartWith("did you mean 'request'?");
    expect(errorOf("[timeouts]\nstep_secs = 5\n").hint).toStartWith("did you mean 'execution'?");
    expect(errorOf("[daemon]\nidle_secs = 5\n").hint).toStartWith("did you mean 'idle_timeout'?");
    // Words that name no key, or two equally: no guess.
    expect(errorOf("[timeouts]\nstart_request = 5\n").hint).toBe("keys in [timeouts]: execution, request, adapter_start");
  });

  test("an adapter written as path/args: the command = [path, args…] form (issue 29)", () => {
    const form = 'the adapter\'s program and its arguments are one array: command = ["/path/to/adapter", "arg", …]';
    expect(errorOf('[adapters.mine]\npath = "/opt/dap"\nargs = ["--stdio"]\n')).toEqual({
      code: "INVALID_ARGUMENT",
      message: `config file ${PATH}, line 1: [adapters.mine] has no 'command'`,
      hint: form,
    });
    expect(errorOf('[adapters.mine]\ncommand = ["/opt/dap"]\nargs = ["--stdio"]\n')).toEqual({
      code: "INVALID_ARGUMENT",
      message: `config file ${PATH}, line 3: unknown key 'adapters.mine.args'`,
      hint: `${form}; keys in [adapters.mine]: command, transport, extensions, launch, attach, env`,
    });
    expect(errorOf('[adapters.mine]\ncommand = "/opt/dap --stdio"\n')).toEqual({
      code: "INVALID_ARGUMENT",
      message: `config file ${PATH}, line 2: [adapters.mine] 'command' must be an array of strings, not "/opt/dap --stdio"`,
      hint: form,
    });
  });

  test("a wrong type or range names the key and its line", () => {
    expect(errorOf("[timeouts]\n\nexecution = -1\n")).toMatchObject({
      message: `config file ${PATH}, line 3: key 'timeouts.execution': Invalid value: Expected >=0 but received -1`,
    });
    expect(errorOf('[daemon]\nlog_level = "loud"\n').message).toStartWith(`config file ${PATH}, line 2: key 'daemon.log_level': `);
    expect(errorOf('[defaults]\nsession = "../x"\n').message).toStartWith(`config file ${PATH}, line 2: key 'defaults.session': `);
    expect(errorOf('[adapters.x]\ncommand = ["a", 1]\n').message).toStartWith(`config file ${PATH}, line 2: key 'adapters.x.command.1': `);
  });

  test("a file that is not TOML", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cfg-"));
    writeFileSync(join(dir, "config.toml"), "# settings\n\n[display\nmax_locals = 3\n");
    await expect(loadConfig(join(dir, "config.toml"))).rejects.toThrow(
      `config file ${join(dir, "config.toml")}, line 3 is not valid TOML: Expected ']' to close a table header but found (0x0A) ("[display")`,
    );
  });

  test.each<[string, string, number | undefined]>([
    ["an unclosed table header", "[a]\nx = 1\n[display\n", 3],
    ["a duplicate key", "[timeouts]\nexecution = 1\nrequest = 2\nexecution = 3\n", 4],
    ["a value with a unit", "[timeouts]\n\nexecution = 10s\n", 3],
    ["a bad line after a multi-line array", '[adapters.x]\ncommand = [\n  "a",\n  "b",\n]\nenv = {\n', 6],
    ["a valid file", "[a]\nb = [\n 1,\n]\n", undefined],
  ])("TOML error line: %s", (_, text, line) => {
    expect(tomlErrorLine(text)).toBe(line);
  });
});

describe("getters: defaults, the older [display] spelling, environment variables", () => {
  const parse = (text: string) => ConfigSchemaCheck(Bun.TOML.parse(text), PATH, text);
  test("defaults when the file says nothing", () => {
    const c = parse("");
    expect([
      executionTimeout(c),
      requestTimeoutMs(c),
      adapterStartTimeoutMs(c),
      defaultSession(c, {}),
      sourceLines(c),
      maxValueLength(c),
      maxLocals(c),
      idleTimeoutMs(c, {}),
      logLevel(c, {}),
    ]).toEqual([60, 30_000, 30_000, "default", 3, 200, 40, 1_800_000, "info"]);
  });

  test("every section read", () => {
    const c = parse(
      '[timeouts]\nexecution = 5\nrequest = 10\nadapter_start = 20\n[defaults]\nsession = "api"\nsource_lines = 7\nvalue_length = 80\n[daemon]\nidle_timeout = 0\nlog_level = "debug"\n',
    );
    expect([
      executionTimeout(c),
      requestTimeoutMs(c),
      adapterStartTimeoutMs(c),
      defaultSession(c, {}),
      sourceLines(c),
      maxValueLength(c),
      idleTimeoutMs(c, {}),
      logLevel(c, {}),
    ]).toEqual([5, 10_000, 20_000, "api", 7, 80, Infinity, "debug"]);
  });

  test("[defaults] wins over the older [display] keys, which still count", () => {
    expect(sourceLines(parse("[display]\nsource_lines = 1\n"))).toBe(1);
    expect(sourceLines(parse("[display]\nsource_lines = 1\n[defaults]\nsource_lines = 9\n"))).toBe(9);
    expect(maxValueLength(parse("[display]\nmax_value_length = 50\n"))).toBe(50);
  });

  test("environment variables win over the file", () => {
    const c = parse('[defaults]\nsession = "api"\n[daemon]\nidle_timeout = 60\nlog_level = "warn"\n');
    expect(defaultSession(c, { DEBUGGER_SESSION: "env" })).toBe("env");
    expect(idleTimeoutMs(c, { DEBUGGER_IDLE_TIMEOUT: "2" })).toBe(2000);
    expect(logLevel(c, { DEBUGGER_LOG: "debug" })).toBe("debug");
    expect(logLevel(c, {})).toBe("warn");
  });

  test("[daemon] warm_memory_mb: 250 by default, the file's, DEBUGGER_WARM_MEMORY_MB over both (0: no limit)", () => {
    expect(warmMemoryMb(parse(""), {})).toBe(250);
    const c = parse("[daemon]\nwarm_memory_mb = 400\n");
    expect(warmMemoryMb(c, {})).toBe(400);
    expect(warmMemoryMb(c, { DEBUGGER_WARM_MEMORY_MB: "0" })).toBe(0);
    expect(warmMemoryMb(c, { DEBUGGER_WARM_MEMORY_MB: "lots" })).toBe(400);
    expect(errorOf("[daemon]\nwarm_memory_mb = -1\n").message).toContain("warm_memory_mb");
  });
});

describe("cliSettings: the CLI's two settings without the schema", () => {
  const file = (text: string) => {
    const p = join(mkdtempSync(join(tmpdir(), "cfg-")), "config.toml");
    writeFileSync(p, text);
    return p;
  };
  test("reads [defaults] session and [timeouts] execution; no file, nothing", async () => {
    expect(await cliSettings(file('[defaults]\nsession = "api"\n[timeouts]\nexecution = 5\n'))).toEqual({ session: "api", executionTimeout: 5 });
    expect(await cliSettings("/nonexistent/config.toml")).toEqual({});
  });

  test("the known-key table is the schema's, table by table", () => {
    for (const [table, keys] of Object.entries(KNOWN_KEYS)) {
      const path = table === "" ? [] : table.endsWith(".*") ? [table.slice(0, -2), "x"] : [table];
      expect([table, [...keys].sort()]).toEqual([table, keysAt(path).sort()]);
    }
    expect(
      Object.keys(KNOWN_KEYS)
        .filter((t) => t && !t.endsWith(".*"))
        .sort(),
    ).toEqual(
      keysAt([])
        .filter((t) => t !== "adapters" && t !== "targets")
        .sort(),
    );
  });

  test("a misspelt key anywhere gets the full check's error on every command, not only on start", async () => {
    const p = file("[daemon]\nwarm_adaptors = false\n");
    await expect(cliSettings(p)).rejects.toThrow(`config file ${p}, line 2: unknown key 'daemon.warm_adaptors'`);
    const q = file('[adapters.mine]\ncommand = ["x"]\ntransprot = "tcp-listen"\n');
    await expect(cliSettings(q)).rejects.toThrow(`line 3: unknown key 'adapters.mine.transprot'`);
  });

  test("a wrong value there gets the full check's error, with its line", async () => {
    const p = file("[timeouts]\nexecution = -3\n");
    await expect(cliSettings(p)).rejects.toThrow(`config file ${p}, line 2: key 'timeouts.execution'`);
  });
});

describe("[defaults] adapter", () => {
  const parse = (text: string) => ConfigSchemaCheck(Bun.TOML.parse(text), PATH, text);
  test("replaces the native default, and only it", () => {
    const c = parse('[defaults]\nadapter = "gdb"\n');
    expect(chooseAdapter(c, "/bin/true").name).toBe("gdb");
    expect(chooseAdapter(c, "app.py").name).toBe("debugpy");
    expect(chooseAdapter(c, "/bin/true", "lldb-dap").name).toBe("lldb-dap"); // --adapter wins
  });

  test("an unknown name says where it came from", () => {
    const c = parse('[defaults]\nadapter = "gbd"\n');
    expect(() => chooseAdapter(c, "/bin/true")).toThrow("unknown adapter 'gbd' ([defaults] adapter in config.toml)");
  });

  test("the caller's DEBUGGER_ADAPTER stands for it, winning over the file's, and an unknown one names the variable (issue 29)", () => {
    const c = parse('[defaults]\nadapter = "lldb-cli"\n');
    expect(callerAdapterOption({})).toEqual({});
    const opts = callerAdapterOption({ DEBUGGER_ADAPTER: "gdb" });
    expect(chooseAdapter(withCallerAdapter(c, opts), "/bin/true").name).toBe("gdb");
    expect(chooseAdapter(withCallerAdapter(c, opts), "app.py").name).toBe("debugpy");
    expect(chooseAdapter(withCallerAdapter(c, opts), "/bin/true", "lldb-dap").name).toBe("lldb-dap");
    expect(chooseAdapter(withCallerAdapter(c, {}), "/bin/true").name).toBe("lldb-cli");
    let err: DebuggerError | undefined;
    try {
      chooseAdapter(withCallerAdapter(c, callerAdapterOption({ DEBUGGER_ADAPTER: "gbd" })), "/bin/true");
    } catch (e) {
      err = e as DebuggerError;
    }
    expect(err?.message).toBe("unknown adapter 'gbd' (DEBUGGER_ADAPTER)");
    expect(err?.hint).toEndWith("; or unset DEBUGGER_ADAPTER");
  });
});

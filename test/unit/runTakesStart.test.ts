// Issue 31 item 6: `run` takes what `start` takes (flags, contract arguments, MCP tool properties,
// all from one definition), and an adapter option the chosen adapter does not read is refused,
// naming the ones it does, for every sender (the daemon makes the check: common/adapterOptions.ts).
import { describe, expect, test } from "bun:test";
import { findCommand, flagsOf } from "../../src/cli/registry.ts";
import { checkAdapterOptions, checkOptionsKnown } from "../../src/common/adapterOptions.ts";
import { DebuggerError } from "../../src/common/errors.ts";
import { argSchemas } from "../../src/ipc/commands.ts";
import { toolDefs } from "../../src/mcp/tools.ts";

/** What start has that a one-shot run cannot mean: a stop at entry, a core dump (nothing runs), an adapter already listening. */
const START_ONLY = ["stop-on-entry", "core", "connect"];

function refusal(f: () => void): DebuggerError {
  try {
    f();
  } catch (e) {
    if (e instanceof DebuggerError) return e;
    throw e;
  }
  throw new Error("no error");
}

describe("run takes what start takes", () => {
  test("every flag of start but the start-only ones is a flag of run, with the same meaning", () => {
    const start = flagsOf(findCommand(["start"]).spec);
    const run = flagsOf(findCommand(["run"]).spec);
    const missing = Object.keys(start).filter((f) => !START_ONLY.includes(f) && !(f in run));
    expect(missing).toEqual([]);
    for (const f of ["python", "just-my-code", "module", "cwd", "env", "clear-env", "stdin", "via", "config"]) expect(run[f]).toEqual(start[f]!);
    for (const f of START_ONLY) expect(run[f]).toBeUndefined();
  });

  test("the contract's run arguments hold start's launch arguments, and so does the run tool", () => {
    const startKeys = Object.keys(argSchemas.start.entries);
    const runKeys = Object.keys(argSchemas.run.entries);
    const startOnly = ["stopOnEntry", "core", "connect", "pid", "clientPid", "wait"];
    expect(startKeys.filter((k) => !startOnly.includes(k) && !runKeys.includes(k))).toEqual([]);
    const tools = Object.fromEntries(toolDefs().map((t) => [t.name, t]));
    const startProps = Object.keys(tools.start!.inputSchema.properties);
    const runProps = Object.keys(tools.run!.inputSchema.properties);
    expect(startProps.filter((k) => !startOnly.includes(k) && !runProps.includes(k))).toEqual([]);
    expect(tools.run!.inputSchema.properties.options).toEqual(tools.start!.inputSchema.properties.options!);
  });
});

describe("adapter options, checked for the adapter chosen", () => {
  test("a misspelt option is UNKNOWN_OPTION naming the adapter's options and the likely one", () => {
    const e = refusal(() => checkAdapterOptions("debugpy", { justMyCod: false }));
    expect(e.code).toBe("UNKNOWN_OPTION");
    expect(e.message).toBe("unknown option 'justMyCod' for debugpy; debugpy's options are 'python' (--python), 'justMyCode' (--just-my-code)");
    expect(e.hint).toBe("did you mean 'justMyCode'?");
    expect(e.details).toEqual({ adapter: "debugpy", option: "justMyCod", valid: ["python", "justMyCode"] });
  });

  test("another adapter's option is refused, naming whose it is", () => {
    const e = refusal(() => checkAdapterOptions("lldb-dap", { python: "/usr/bin/python3" }));
    expect(e.code).toBe("UNKNOWN_OPTION");
    expect(e.message).toBe("unknown option 'python' for lldb-dap: 'python' (--python) is debugpy's; lldb-dap takes no adapter options");
    expect(e.hint).toBe("leave it out, or --adapter debugpy");
  });

  test("a wrong type is INVALID_ARGUMENT; the right ones, and the caller's DEBUGGER_ADAPTER, pass", () => {
    expect(refusal(() => checkAdapterOptions("debugpy", { justMyCode: "no" })).message).toBe("adapter option 'justMyCode' must be a boolean, not string");
    checkAdapterOptions("debugpy", { python: "/usr/bin/python3", justMyCode: false, defaultAdapter: "gdb" });
    checkAdapterOptions("gdb", { defaultAdapter: "gdb" });
    checkAdapterOptions("node", { port: "9229" });
  });

  test("before the adapter is known (test): an option no adapter reads", () => {
    expect(refusal(() => checkOptionsKnown({ pythn: "x" })).hint).toBe("did you mean 'python'?");
    checkOptionsKnown({ python: "x", justMyCode: true });
  });
});

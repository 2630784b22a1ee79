// Breakpoint, watchpoint and exception-filter commands.
import { DebuggerError } from "../common/errors.ts";
import { parseLocation } from "../common/location.ts";
import { call } from "../ipc/calls.ts";
import { bool, ids, str, type Definition } from "./spec.ts";

export const breakpointCommands: Definition[] = [
  {
    word: "breakpoint",
    aliases: ["bp", "breakpoints"],
    default: "list",
    commands: [
      {
        command: "breakpoint.add",
        name: "add",
        aliases: ["break", "b"],
        positionals: [{ name: "location", description: "main.c:42, main.c:42:5, parse_args, Foo::bar, 0x401000 (or --function NAME)" }],
        flags: {
          function: { type: "string", alias: "f", description: "break at this function (as gdb's break -function)", valueHint: "NAME" },
          condition: { type: "string", alias: "c", description: "stop only when this expression is true", valueHint: "EXPR" },
          "hit-count": { type: "string", description: "stop only on this hit: N, >=N, >N or %N (lldb-dap and gdb take only N)", valueHint: "N" },
          log: { type: "string", description: "log this message instead of stopping ({expr} is interpolated)", valueHint: "MSG" },
          temporary: { type: "boolean", alias: "t", description: "remove it after the first hit" },
        },
        examples: ["debugger break main.c:42", "debugger break parse --condition 'argc > 2'", "debugger break -f Parser::parse"],
        call: (a) =>
          call("breakpoint.add", {
            location: breakLocation(a.positionals[0], str(a, "function")),
            condition: str(a, "condition"),
            hitCount: hitCount(str(a, "hit-count")),
            log: str(a, "log"),
            temporary: bool(a, "temporary"),
          }),
      },
      {
        command: "breakpoint.list",
        name: "list",
        call: () => call("breakpoint.list", {}),
      },
      {
        command: "breakpoint.remove",
        name: "remove",
        aliases: ["delete"],
        positionals: [{ name: "ids", description: "breakpoint ids", variadic: true }],
        flags: { all: { type: "boolean", description: "remove every breakpoint" } },
        call: (a) => call("breakpoint.remove", { ids: ids(a.positionals, "breakpoint id"), all: bool(a, "all") }),
      },
      {
        command: "breakpoint.enable",
        name: "enable",
        positionals: [{ name: "ids", description: "breakpoint ids", variadic: true, required: true }],
        call: (a) => call("breakpoint.enable", { ids: ids(a.positionals, "breakpoint id") }),
      },
      {
        command: "breakpoint.disable",
        name: "disable",
        positionals: [{ name: "ids", description: "breakpoint ids", variadic: true, required: true }],
        call: (a) => call("breakpoint.disable", { ids: ids(a.positionals, "breakpoint id") }),
      },
    ],
  },
  {
    command: "catch",
    name: "catch",
    positionals: [
      { name: "filter", description: "list | remove FILTER… | FILTER… (e.g. raised, uncaught, throw, catch, panic) | throw TYPE…", variadic: true },
    ],
    examples: [
      "debugger catch list",
      "debugger catch raised",
      "debugger catch throw",
      "debugger catch throw std::out_of_range",
      "debugger catch panic",
      "debugger catch remove raised",
    ],
    call: (a) => {
      const [first, ...rest] = a.positionals;
      if (first === undefined || first === "list") return call("catch", {});
      if (first === "remove") {
        if (!rest.length) throw new DebuggerError("USAGE", "catch remove needs a filter name", "`debugger catch list` shows them");
        return call("catch", { remove: rest });
      }
      return call("catch", { add: a.positionals });
    },
  },
  {
    word: "watch",
    default: "add",
    // `watch total` is `watch add total`.
    open: true,
    commands: [
      {
        command: "watch.add",
        name: "add",
        positionals: [{ name: "expression", description: "a variable or lvalue in the selected frame", variadic: true, required: true }],
        flags: {
          read: { type: "boolean", description: "stop when it is read" },
          access: { type: "boolean", description: "stop when it is read or written" },
          condition: { type: "string", alias: "c", description: "stop only when this expression is true", valueHint: "EXPR" },
        },
        examples: ["debugger watch total", "debugger watch p->count --access"],
        call: (a) => {
          const access = bool(a, "access") ? "readWrite" : bool(a, "read") ? "read" : "write";
          return call("watch.add", { expression: a.positionals.join(" "), access, condition: str(a, "condition") });
        },
      },
      {
        command: "watch.list",
        name: "list",
        call: () => call("watch.list", {}),
      },
      {
        command: "breakpoint.remove",
        name: "remove",
        summary: "Remove watchpoints by id",
        positionals: [{ name: "ids", description: "watchpoint ids", variadic: true, required: true }],
        call: (a) => call("breakpoint.remove", { ids: ids(a.positionals, "watchpoint id") }),
      },
    ],
  },
];

/**
 * A hit count in the forms DAP adapters understand: debugpy and Delve take N, ==N, >N, >=N, <N,
 * <=N and %N; lldb-dap and gdb (cdt-gdb-adapter) parse a plain N as an ignore count and silently
 * drop anything else, so a typo would become a breakpoint that stops every time.
 */
export function hitCount(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const m = /^\s*(==|>=|<=|>|<|%)?\s*(\d{1,9})\s*$/.exec(text);
  if (!m || Number(m[2]) < 1) {
    throw new DebuggerError(
      "USAGE",
      `--hit-count takes N, ==N, >N, >=N, <N, <=N or %N with N a whole number from 1 (got '${text.length > 40 ? `${text.slice(0, 40)}…` : text}')`,
      "e.g. `--hit-count 3` (stop on the 3rd hit; the only form lldb-dap and gdb accept) or `--hit-count '>=3'` (debugpy, Delve)",
    );
  }
  return `${m[1] ?? ""}${m[2]}`;
}

/** LOCATION, or --function NAME: a function name and nothing else (not FILE:LINE, not an address). */
function breakLocation(location: string | undefined, fn: string | undefined): string {
  if (fn === undefined) {
    if (location === undefined)
      throw new DebuggerError("USAGE", "breakpoint add needs a location", "e.g. `debugger break main.c:42` or `debugger break --function parse`");
    return location;
  }
  if (location !== undefined) throw new DebuggerError("USAGE", `give the location once: '${location}' or --function ${fn}`, "`debugger break --function NAME`");
  if (parseLocation(fn).kind !== "function")
    throw new DebuggerError(
      "USAGE",
      `--function takes a function name, not '${fn}'`,
      "`debugger break main.c:42` for a line, `debugger break 0x401000` for an address",
    );
  return fn;
}

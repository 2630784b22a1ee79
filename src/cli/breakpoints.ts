// Breakpoint commands.
import { DebuggerError } from "../common/errors.ts";
import { breakpointLine, breakpointList } from "./render/text.ts";
import { bool, daemonCommand, ids, location, str, type CommandSpec } from "./spec.ts";

export const breakpointCommands: CommandSpec[] = [
  daemonCommand({
    command: "breakpoint.add",
    name: "breakpoint add",
    aliases: ["break", "b"],
    summary: "Set a breakpoint at FILE:LINE, FILE:LINE:COL, a function or an address",
    positionals: [{ name: "location", description: "main.c:42, main.c:42:5, parse_args, Foo::bar, 0x401000", required: true }],
    flags: {
      condition: { type: "string", alias: "c", description: "stop only when this expression is true", valueHint: "EXPR" },
      "hit-count": { type: "string", description: "stop only on this hit: N, >=N, >N or %N (lldb-dap and gdb take only N)", valueHint: "N" },
      log: { type: "string", description: "log this message instead of stopping ({expr} is interpolated)", valueHint: "MSG" },
      temporary: { type: "boolean", alias: "t", description: "remove it after the first hit" },
    },
    examples: ["debugger break main.c:42", "debugger break parse --condition 'argc > 2'"],
    call: (a) => ({
      command: "breakpoint.add",
      args: { location: location(a.positionals[0]!), condition: str(a, "condition"), hitCount: hitCount(str(a, "hit-count")), log: str(a, "log"), temporary: bool(a, "temporary") },
    }),
    render: (d, _a, ctx) => `Breakpoint ${breakpointLine(d.breakpoints[0], ctx.cwd)}`,
  }),
  daemonCommand({
    command: "breakpoint.list",
    name: "breakpoint list",
    summary: "List breakpoints with where they bound, conditions and hit counts",
    call: () => ({ command: "breakpoint.list", args: {} }),
    render: (d, _a, ctx) => breakpointList(d.breakpoints, ctx.cwd),
  }),
  daemonCommand({
    command: "breakpoint.remove",
    name: "breakpoint remove",
    aliases: ["delete"],
    summary: "Remove breakpoints by id (or --all)",
    positionals: [{ name: "ids", description: "breakpoint ids", variadic: true }],
    flags: { all: { type: "boolean", description: "remove every breakpoint" } },
    call: (a) => {
      if (!a.positionals.length && !bool(a, "all")) throw new DebuggerError("USAGE", "breakpoint remove needs ids or --all", "`debugger breakpoint list` shows the ids");
      return { command: "breakpoint.remove", args: { ids: ids(a.positionals, "breakpoint id"), all: bool(a, "all") } };
    },
    render: (d) => `Removed ${d.removed.length ? d.removed.map((i: number) => `#${i}`).join(", ") : "nothing"}. ${d.breakpoints.length} left.`,
  }),
  daemonCommand({
    command: "breakpoint.enable",
    name: "breakpoint enable",
    summary: "Enable breakpoints",
    positionals: [{ name: "ids", description: "breakpoint ids", variadic: true, required: true }],
    call: (a) => ({ command: "breakpoint.enable", args: { ids: ids(a.positionals, "breakpoint id") } }),
    render: (d, _a, ctx) => breakpointList(d.breakpoints, ctx.cwd),
  }),
  daemonCommand({
    command: "breakpoint.disable",
    name: "breakpoint disable",
    summary: "Disable breakpoints (kept, but not at the adapter)",
    positionals: [{ name: "ids", description: "breakpoint ids", variadic: true, required: true }],
    call: (a) => ({ command: "breakpoint.disable", args: { ids: ids(a.positionals, "breakpoint id") } }),
    render: (d, _a, ctx) => breakpointList(d.breakpoints, ctx.cwd),
  }),
  daemonCommand({
    command: "catch",
    name: "catch",
    summary: "Stop on exceptions and panics: `catch FILTER…` turns filters on, `catch throw TYPE…` only for those C++ types, `catch list` shows them, `catch remove FILTER…` turns them off",
    positionals: [{ name: "filter", description: "list | remove FILTER… | FILTER… (e.g. raised, uncaught, throw, catch, panic) | throw TYPE…", variadic: true }],
    examples: ["debugger catch list", "debugger catch raised", "debugger catch throw", "debugger catch throw std::out_of_range", "debugger catch panic", "debugger catch remove raised"],
    call: (a) => {
      const [first, ...rest] = a.positionals;
      if (first === undefined || first === "list") return { command: "catch", args: {} };
      if (first === "remove") {
        if (!rest.length) throw new DebuggerError("USAGE", "catch remove needs a filter name", "`debugger catch list` shows them");
        return { command: "catch", args: { remove: rest } };
      }
      return { command: "catch", args: { add: a.positionals } };
    },
    render: (d) =>
      d.filters.length
        ? d.filters.map((f: any) => `${f.enabled ? "on " : "off"}  ${f.filter}${f.alias ? ` (${f.alias})` : ""}  ${f.label}${f.description ? ` — ${f.description}` : ""}${f.types ? ` — only ${f.types.join(", ")}` : ""}`).join("\n")
        : "This adapter has no exception filters.",
  }),
  daemonCommand({
    command: "watch.add",
    name: "watch add",
    summary: "Stop when a variable or lvalue changes (`watch EXPR`), is read (--read) or either (--access)",
    positionals: [{ name: "expression", description: "a variable or lvalue in the selected frame", variadic: true, required: true }],
    flags: {
      read: { type: "boolean", description: "stop when it is read" },
      access: { type: "boolean", description: "stop when it is read or written" },
      condition: { type: "string", alias: "c", description: "stop only when this expression is true", valueHint: "EXPR" },
    },
    examples: ["debugger watch total", "debugger watch p->count --access"],
    call: (a) => {
      const access = bool(a, "access") ? "readWrite" : bool(a, "read") ? "read" : "write";
      return { command: "watch.add", args: { expression: a.positionals.join(" "), access, condition: str(a, "condition") } };
    },
    render: (d, _a, ctx) => [breakpointList(d.breakpoints, ctx.cwd), ...(d.warnings ?? []).map((w: string) => `Warning: ${w}.`)].join("\n"),
  }),
  daemonCommand({
    command: "watch.list",
    name: "watch list",
    summary: "List watchpoints",
    call: () => ({ command: "watch.list", args: {} }),
    render: (d, _a, ctx) => (d.breakpoints.length ? breakpointList(d.breakpoints, ctx.cwd) : "No watchpoints."),
  }),
  daemonCommand({
    command: "breakpoint.remove",
    name: "watch remove",
    summary: "Remove watchpoints by id",
    positionals: [{ name: "ids", description: "watchpoint ids", variadic: true, required: true }],
    call: (a) => ({ command: "breakpoint.remove", args: { ids: ids(a.positionals, "watchpoint id") } }),
    render: (d) => `Removed ${d.removed.map((i) => `#${i}`).join(", ")}.`,
  }),
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

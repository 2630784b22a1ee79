// Execution commands: each waits for the next stop and prints the stop report.
import { stopReport } from "./render/text.ts";
import type { StopData } from "../ipc/commands.ts";
import { DebuggerError } from "../common/errors.ts";
import type { Replies } from "../ipc/commands.ts";
import { daemonCommand, list, location, num, printFlag, str, type CliContext, type CommandSpec } from "./spec.ts";
import type { FlagDef, ParsedArgs } from "./args.ts";

const threadFlag: Record<string, FlagDef> = { thread: { type: "number", description: "thread to act on (default: the current one)", valueHint: "ID" } };
const countFlag: Record<string, FlagDef> = { count: { type: "number", description: "repeat N times (stops early at a breakpoint)", valueHint: "N" } };

export function renderStop(d: StopData, _a: ParsedArgs, ctx: CliContext): string {
  if (d.stop) return stopReport(d.stop, ctx.cwd);
  return `Running (session '${ctx.session}'). \`debugger await\` waits for the next stop.`;
}

function stepper(name: "continue" | "next" | "step" | "finish", aliases: string[], summary: string, withCount: boolean): CommandSpec {
  return daemonCommand({
    command: name,
    name,
    aliases,
    summary,
    execution: true,
    flags: { ...threadFlag, ...(withCount ? countFlag : {}), ...printFlag },
    call: (a, ctx) => ({ command: name, args: { thread: num(a, "thread"), count: num(a, "count"), wait: ctx.wait, timeout: ctx.timeout, print: list(a, "print") } }),
    render: renderStop,
  });
}

function renderTrace(d: Replies["trace"], _a: ParsedArgs, ctx: CliContext): string {
  // The thread only when the hits were on more than one.
  const threads = new Set(d.hits.map((h) => h.threadId));
  const lines = d.hits.map((h) => `#${h.hit}${threads.size > 1 && h.threadId !== undefined ? ` thread ${h.threadId}` : ""}  ${h.values.map((v) => `${v.expression} = ${v.error !== undefined ? `error: ${v.error}` : v.value}`).join("  ")}`);
  const head = `Trace of breakpoint ${d.breakpoint}: ${d.hits.length} hit${d.hits.length === 1 ? "" : "s"}`;
  const end =
    d.stoppedBy === "max"
      ? `Stopped at hit ${d.hits.length} (--max); the program waits there.`
      : d.stoppedBy === "timeout"
        ? "Timed out; the program is still running (`debugger await`, `debugger pause`)."
        : d.stop
          ? stopReport(d.stop, ctx.cwd)
          : "";
  return [head, ...lines, end].filter(Boolean).join("\n");
}

export const executionCommands: CommandSpec[] = [
  stepper("continue", ["c"], "Resume until the next breakpoint, exception or exit", false),
  stepper("next", ["n"], "Step over one line", true),
  stepper("step", ["s"], "Step into the call on this line", true),
  stepper("finish", ["out"], "Run until the current function returns", false),
  daemonCommand({
    command: "until",
    name: "until",
    summary: "Run to a location (a temporary breakpoint), or until something else stops it",
    positionals: [{ name: "location", description: "FILE:LINE or a function", required: true }],
    execution: true,
    flags: printFlag,
    call: (a, ctx) => ({ command: "until", args: { location: location(a.positionals[0]!), wait: ctx.wait, timeout: ctx.timeout, print: list(a, "print") } }),
    render: renderStop,
  }),
  daemonCommand({
    command: "pause",
    name: "pause",
    summary: "Interrupt the running program",
    execution: true,
    flags: { ...threadFlag, ...printFlag },
    call: (a, ctx) => ({ command: "pause", args: { thread: num(a, "thread"), wait: ctx.wait, timeout: ctx.timeout, print: list(a, "print") } }),
    render: renderStop,
  }),
  daemonCommand({
    command: "trace",
    name: "trace",
    summary: "Run and record values at each hit of a location, without stopping the agent: until --max hits, the end, or another stop",
    positionals: [{ name: "location", description: "FILE:LINE, a function, or 'LOC if COND'", required: true }],
    execution: true,
    flags: {
      ...printFlag,
      max: { type: "number", description: "stop after N hits (default 100)", valueHint: "N" },
      if: { type: "string", description: "record only hits where EXPR is true", valueHint: "EXPR" },
    },
    examples: ["debugger trace list.c:42 --print i --print 'node->value' --max 20", "debugger trace parse --if 'len > 100' --print len"],
    call: (a, ctx) => {
      const max = num(a, "max");
      if (max !== undefined && (!Number.isInteger(max) || max < 1)) throw new DebuggerError("USAGE", `--max takes a whole number of hits, not '${max}'`, "e.g. --max 20");
      return { command: "trace", args: { location: location(a.positionals[0]!), print: list(a, "print"), max, if: str(a, "if"), timeout: ctx.timeout } };
    },
    render: renderTrace,
  }),
  daemonCommand({
    command: "await",
    name: "await",
    summary: "Wait for the next stop or exit (the last one if already stopped)",
    execution: true,
    flags: printFlag,
    call: (a, ctx) => ({ command: "await", args: { timeout: ctx.timeout, print: list(a, "print") } }),
    render: renderStop,
  }),
];

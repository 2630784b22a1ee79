// Execution commands: each waits for the next stop and prints the stop report.
import { stopReport } from "./render/text.ts";
import type { StopData } from "../ipc/commands.ts";
import { daemonCommand, num, type CliContext, type CommandSpec } from "./spec.ts";
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
    flags: { ...threadFlag, ...(withCount ? countFlag : {}) },
    call: (a, ctx) => ({ command: name, args: { thread: num(a, "thread"), count: num(a, "count"), wait: ctx.wait, timeout: ctx.timeout } }),
    render: renderStop,
  });
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
    call: (a, ctx) => ({ command: "until", args: { location: a.positionals[0], wait: ctx.wait, timeout: ctx.timeout } }),
    render: renderStop,
  }),
  daemonCommand({
    command: "pause",
    name: "pause",
    summary: "Interrupt the running program",
    execution: true,
    flags: threadFlag,
    call: (a, ctx) => ({ command: "pause", args: { thread: num(a, "thread"), wait: ctx.wait, timeout: ctx.timeout } }),
    render: renderStop,
  }),
  daemonCommand({
    command: "await",
    name: "await",
    summary: "Wait for the next stop or exit (the last one if already stopped)",
    execution: true,
    call: (_a, ctx) => ({ command: "await", args: { timeout: ctx.timeout } }),
    render: renderStop,
  }),
];

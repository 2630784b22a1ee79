// Execution commands: each waits for the next stop (the reply is the stop report).
import { DebuggerError } from "../common/errors.ts";
import { call } from "../ipc/calls.ts";
import type { FlagDef } from "./args.ts";
import { list, num, localsFlag, printFlag, str, type CommandSpec } from "./spec.ts";

const threadFlag: Record<string, FlagDef> = { thread: { type: "number", description: "thread to act on (default: the current one)", valueHint: "ID" } };
const countFlag: Record<string, FlagDef> = { count: { type: "number", description: "repeat N times (stops early at a breakpoint)", valueHint: "N" } };

function stepper(name: "continue" | "next" | "step" | "finish", aliases: string[], withCount: boolean): CommandSpec {
  return {
    command: name,
    name,
    aliases,
    flags: { ...threadFlag, ...(withCount ? countFlag : {}), ...printFlag },
    call: (a, ctx) =>
      call(name, { thread: num(a, "thread"), count: num(a, "count"), wait: ctx.wait, timeout: ctx.timeout, print: list(a, "print"), locals: localsFlag(a) }),
  };
}

export const executionCommands: CommandSpec[] = [
  stepper("continue", ["c"], false),
  stepper("next", ["n"], true),
  stepper("step", ["s"], true),
  stepper("finish", ["out"], false),
  {
    command: "until",
    name: "until",
    positionals: [{ name: "location", description: "FILE:LINE or a function", required: true }],
    flags: printFlag,
    call: (a, ctx) => call("until", { location: a.positionals[0]!, wait: ctx.wait, timeout: ctx.timeout, print: list(a, "print"), locals: localsFlag(a) }),
  },
  {
    command: "pause",
    name: "pause",
    flags: { ...threadFlag, ...printFlag },
    call: (a, ctx) => call("pause", { thread: num(a, "thread"), wait: ctx.wait, timeout: ctx.timeout, print: list(a, "print"), locals: localsFlag(a) }),
  },
  {
    command: "trace",
    name: "trace",
    positionals: [{ name: "location", description: "FILE:LINE, a function, or 'LOC if COND'", required: true }],
    flags: {
      ...printFlag,
      max: { type: "number", description: "stop after N hits (default 100)", valueHint: "N" },
      if: { type: "string", description: "record only hits where EXPR is true", valueHint: "EXPR" },
    },
    examples: ["debugger trace list.c:42 --print i --print 'node->value' --max 20", "debugger trace parse --if 'len > 100' --print len"],
    call: (a, ctx) => {
      const max = num(a, "max");
      if (max !== undefined && (!Number.isInteger(max) || max < 1))
        throw new DebuggerError("USAGE", `--max takes a whole number of hits, not '${max}'`, "e.g. --max 20");
      return call("trace", { location: a.positionals[0]!, print: list(a, "print"), locals: localsFlag(a), max, if: str(a, "if"), timeout: ctx.timeout });
    },
  },
  {
    command: "await",
    name: "await",
    flags: printFlag,
    call: (a, ctx) => call("await", { timeout: ctx.timeout, print: list(a, "print"), locals: localsFlag(a) }),
  },
];

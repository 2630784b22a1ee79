// A VS Code launch configuration (../common/launchConfig.ts) as an ordinary call of start, attach
// or run, merged with what the sender gave itself: a value given on the command line (or in the
// tool call) wins over the configuration's, and the notes say so. The CLI and the MCP server both
// build their calls here, so `--config` means the same in both.
import { DebuggerError } from "../common/errors.ts";
import { launchPlan, readLaunchFile, type LaunchContext, type LaunchPlan } from "../common/launchConfig.ts";
import type { Spelling } from "./calls.ts";
import type { ArgsIn, CallOf } from "./commands.ts";

/** Fields of start's arguments a sender may give over a configuration's. */
const OVERRIDABLE = ["program", "module", "args", "cwd", "stopOnEntry", "adapter", "core"] as const;

export interface FromConfig<C extends "start" | "attach" | "run"> {
  call: CallOf<C>;
  /** Said beside the reply (stderr in the CLI, the text of the tool's result over MCP). */
  notes: string[];
}

/** Which of the overridable fields the sender gave (`args` only when given at all: `--` or a tool's `args`). */
function givenFields(given: Partial<ArgsIn<"start">>, argsGiven: boolean): { fields: Set<string>; named: string[] } {
  const named = OVERRIDABLE.filter((k) => (k === "args" ? argsGiven : given[k] !== undefined));
  const fields = new Set<string>(named);
  // A program and a module exclude each other: either given replaces both.
  if (fields.has("program") || fields.has("module")) fields.add("program").add("module");
  return { fields, named };
}

function readPlan(name: string, file: string | undefined, ctx: LaunchContext, given: Set<string>): LaunchPlan {
  return launchPlan(readLaunchFile(ctx.cwd, file), name, ctx, given);
}

function commonNotes(plan: LaunchPlan, over: string[], say: Spelling): string[] {
  const notes: string[] = [];
  if (over.length)
    notes.push(
      `given ${say.example("on the command line", "in the call")}, over the configuration's: ${over.map((k) => (k === "program" ? say.example("PROGRAM", "program") : k === "args" ? say.example("the arguments after --", "args") : say.arg(k))).join(", ")}`,
    );
  if (plan.preLaunchTask)
    notes.push(
      `preLaunchTask '${plan.preLaunchTask}' was not run (this tool runs no VS Code tasks): run it yourself first${plan.preLaunchCommand ? `: \`${plan.preLaunchCommand}\`` : " (its command is in .vscode/tasks.json)"}`,
    );
  if (plan.postDebugTask) notes.push(`postDebugTask '${plan.postDebugTask}' will not run: run it yourself after the session`);
  return [...notes, ...plan.notes];
}

function options(plan: LaunchPlan, given: Record<string, unknown> | undefined): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  if (plan.python !== undefined) o.python = plan.python;
  if (plan.justMyCode !== undefined) o.justMyCode = plan.justMyCode;
  return { ...o, ...given };
}

/**
 * `start --config NAME`: a launch configuration becomes a start call, an attach configuration an
 * attach call. GIVEN holds the sender's own arguments (absent ones undefined); ARGSGIVEN whether
 * it gave program arguments.
 */
export function startFromConfig(
  name: string,
  file: string | undefined,
  ctx: LaunchContext,
  given: ArgsIn<"start">,
  argsGiven: boolean,
  say: Spelling,
): FromConfig<"start" | "attach"> {
  const { fields, named } = givenFields(given, argsGiven);
  const plan = readPlan(name, file, ctx, fields);
  const notes = commonNotes(plan, named, say);
  const adapter = given.adapter ?? plan.adapter;
  const opts = options(plan, given.options);
  if (plan.request === "attach") {
    const args: ArgsIn<"attach"> = {
      pid: plan.pid,
      connect: plan.connect,
      program: plan.program,
      adapter,
      options: opts,
      break: given.break,
      print: given.print,
      locals: given.locals,
      wait: given.wait,
      timeout: given.timeout,
      clientPid: given.clientPid,
    };
    return { call: { command: "attach", args }, notes };
  }
  const args: ArgsIn<"start"> = {
    ...given,
    program: fields.has("program") ? given.program : plan.program,
    module: fields.has("module") ? given.module : plan.module,
    args: argsGiven ? given.args : (plan.args ?? []),
    cwd: given.cwd ?? plan.cwd,
    env: { ...plan.env, ...given.env },
    stopOnEntry: given.stopOnEntry ?? plan.stopOnEntry,
    core: given.core ?? plan.core,
    adapter,
    options: opts,
  };
  return { call: { command: "start", args }, notes };
}

/** `run --config NAME`: a launch configuration of a program or module, as start takes it (run attaches nothing and opens no core). */
export function runFromConfig(
  name: string,
  file: string | undefined,
  ctx: LaunchContext,
  given: Partial<ArgsIn<"run">>,
  argsGiven: boolean,
  say: Spelling,
): FromConfig<"run"> {
  const { fields, named } = givenFields(given, argsGiven);
  const plan = readPlan(name, file, ctx, fields);
  const retry = say.example(`\`debugger start --config '${name}'\``, `start {"config": "${name}"}`);
  if (plan.request === "attach") throw new DebuggerError("LAUNCH_CONFIG", `configuration '${name}' attaches to a process: run starts its own program`, retry);
  if (plan.core !== undefined) throw new DebuggerError("LAUNCH_CONFIG", `configuration '${name}' opens a core dump: run needs a program to run`, retry);
  if (plan.stopOnEntry) plan.notes.push("stopOnEntry is not used by run (it stops at breakpoints only)");
  const notes = commonNotes(plan, named, say);
  const program = fields.has("program") ? given.program : plan.program;
  const module = fields.has("module") ? given.module : plan.module;
  if (!program && module === undefined)
    throw new DebuggerError(
      "LAUNCH_CONFIG",
      `configuration '${name}' names no program`,
      say.example("give it on the command line: `debugger run --config NAME ./app`", 'give it: {"config": NAME, "program": "./app"}'),
    );
  const args: ArgsIn<"run"> = {
    ...given,
    program,
    module,
    args: argsGiven ? given.args : (plan.args ?? []),
    cwd: given.cwd ?? plan.cwd,
    env: { ...plan.env, ...given.env },
    adapter: given.adapter ?? plan.adapter,
    options: options(plan, given.options),
  };
  return { call: { command: "run", args }, notes };
}

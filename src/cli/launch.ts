// `--config NAME` of start and run, and `debugger configs`: VS Code launch configurations read in
// the CLI's own process, where the caller's cwd and environment are; the daemon gets an ordinary
// start, attach or run (docs/decisions.md). Loaded only when --config is given or configs runs.
import { homedir } from "node:os";
import { summarize, readLaunchFile, type ConfigSummary, type LaunchContext } from "../common/launchConfig.ts";
import { cliSpelling } from "../ipc/calls.ts";
import type { ArgsIn, CallOf } from "../ipc/commands.ts";
import { runFromConfig, startFromConfig } from "../ipc/launchCall.ts";
import type { ParsedArgs } from "./args.ts";
import { str, type CliContext, type LocalResult } from "./spec.ts";

function launchContext(cwd: string): LaunchContext {
  return { cwd, env: process.env, home: homedir() };
}

/** The notes go to stderr, before the reply (stdout keeps one document with --json). */
async function say(notes: string[], ctx: CliContext): Promise<void> {
  if (!notes.length || ctx.quiet) return;
  await Bun.write(Bun.stderr, notes.map((n) => `note: ${n}\n`).join(""));
}

export async function startCall(name: string, a: ParsedArgs, ctx: CliContext, given: ArgsIn<"start">): Promise<CallOf<"start" | "attach">> {
  const r = startFromConfig(name, str(a, "launch-file"), launchContext(ctx.cwd), { ...given, clientPid: process.pid }, a.sawDoubleDash, cliSpelling);
  await say(r.notes, ctx);
  return r.call;
}

export async function runCall(name: string, a: ParsedArgs, ctx: CliContext, given: Partial<ArgsIn<"run">>): Promise<CallOf<"run">> {
  const r = runFromConfig(name, str(a, "launch-file"), launchContext(ctx.cwd), given, a.sawDoubleDash, cliSpelling);
  await say(r.notes, ctx);
  return r.call;
}

export interface ConfigsData {
  file: string;
  workspaceFolder: string;
  configurations: ConfigSummary[];
}

/** `debugger configs`: the configurations of the project's launch.json, and what each would start. */
export async function configs(a: ParsedArgs, ctx: CliContext): Promise<LocalResult<ConfigsData>> {
  const lf = readLaunchFile(ctx.cwd, str(a, "launch-file"));
  const list = summarize(lf, launchContext(ctx.cwd));
  const data = { file: lf.file, workspaceFolder: lf.workspaceFolder, configurations: list };
  if (!list.length) return { data, text: `${lf.file}: no configurations` };
  const rel = (p: string | undefined) => (p?.startsWith(`${lf.workspaceFolder}/`) ? p.slice(lf.workspaceFolder.length + 1) : p);
  const lines = [`${lf.file}:`];
  const width = Math.min(32, Math.max(...list.map((c) => c.name.length)));
  const kind = (c: ConfigSummary) => (c.compound ? "compound" : `${c.type} → ${c.adapter ?? "(not supported)"}${c.request === "attach" ? " attach" : ""}`);
  const kindWidth = Math.min(28, Math.max(...list.map((c) => kind(c).length)));
  for (const c of list) {
    const what = c.compound
      ? c.compound.map((n) => `'${n}'`).join(", ")
      : c.module !== undefined
        ? `-m ${c.module}`
        : c.pid !== undefined
          ? `pid ${c.pid}`
          : c.connect
            ? `${c.connect.host}:${c.connect.port}`
            : (rel(c.program) ?? "");
    const head = `  ${c.name.padEnd(width)}  ${kind(c).padEnd(kindWidth)}  ${what}`.trimEnd();
    lines.push(head + (c.preLaunchTask ? `  (preLaunchTask '${c.preLaunchTask}': not run)` : ""));
    if (c.error) lines.push(`    cannot start: ${c.error}`);
  }
  lines.push("`debugger start --config NAME` starts one (flags given on the command line win).");
  return { data, text: lines.join("\n") };
}

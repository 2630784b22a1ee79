// Session commands: start, attach, stop, detach, restart, status, sessions. Their summaries and
// reply text are the contract's (../ipc/meta.ts, ../present/).
import { callerAdapterOption } from "../common/callerAdapter.ts";
import { sentCwd, sentEnv, type Env } from "../common/callerEnv.ts";
import { DebuggerError } from "../common/errors.ts";
import { call } from "../ipc/calls.ts";
import type { ArgsIn } from "../ipc/commands.ts";
import { namedTarget, splitCommand } from "../adapters/via.ts";
import type { FlagDef, ParsedArgs } from "./args.ts";
import { bool, list, localsFlag, printFlag, str, type CommandSpec } from "./spec.ts";
import { namesDirectory } from "../common/hostPath.ts";

export function parseEnv(pairs: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const p of pairs) {
    const eq = p.indexOf("=");
    if (eq <= 0) throw new DebuggerError("USAGE", `--env takes KEY=VALUE, not '${p}'`, "e.g. --env RUST_BACKTRACE=1");
    env[p.slice(0, eq)] = p.slice(eq + 1);
  }
  return env;
}

/** `--stdin FILE|-` of start, run and test. */
export const stdinFlag: Record<string, FlagDef> = {
  stdin: { type: "string", description: "file the program reads as its stdin, as `prog < FILE` (`-`: this command's own stdin)", valueHint: "FILE" },
};

/** `--clear-env` (start, run, test): the program's environment is only what --env gives. */
export const clearEnvFlag: Record<string, FlagDef> = {
  "clear-env": { type: "boolean", description: "start the program from an empty environment: only --env values (as `env -i`)", rare: true },
};

/** The program's environment as the request carries it: --env, --clear-env, and this shell's whole environment. */
export function envArgs(a: ParsedArgs): { env: Record<string, string>; clearEnv?: boolean; callerEnv: Env } {
  return { env: parseEnv(list(a, "env")), clearEnv: bool(a, "clear-env"), callerEnv: sentEnv() };
}

export const adapterFlags: Record<string, FlagDef> = {
  adapter: { type: "string", description: "debug adapter to use (default: chosen from the program)", valueHint: "NAME" },
  connect: {
    type: "string",
    description:
      "use a debug adapter already listening there (dlv dap --listen, debugpy --listen, lldb-dap --connection); node: a Node inspector (node --inspect=PORT)",
    valueHint: "HOST:PORT",
  },
  python: { type: "string", description: "Python interpreter for debugpy", valueHint: "PATH" },
  "just-my-code": { type: "boolean", description: "debugpy: stop only in your own code (--no-just-my-code to step into libraries)" },
};

/** `--via 'COMMAND…'` and `--map REMOTE=LOCAL` (start, run): the adapter runs inside a target reached through a command. */
export const viaFlags: Record<string, FlagDef> = {
  via: {
    type: "string",
    description:
      "start the adapter and program inside a target through this command, DAP over its stdin/stdout: 'docker exec -i NAME', 'ssh HOST', 'kubectl exec -i POD --' (one string, split as a shell splits words)",
    valueHint: "CMD",
    rare: true,
  },
  target: {
    type: "string",
    description: 'instead of --via: config.toml\'s [targets.NAME] (via = [argv], map = ["REMOTE=LOCAL"])',
    valueHint: "NAME",
    rare: true,
  },
  map: {
    type: "string",
    repeat: true,
    description: "with --via: the target's directory REMOTE is LOCAL here (docker's bind mounts are mapped without it)",
    valueHint: "REMOTE=LOCAL",
    rare: true,
  },
};

type ViaArgs = { via?: string[]; map?: string[] };

/** --via split into argv (the daemon runs it without a shell), and --map as given; with --target, nothing (withTarget gives them). */
export function viaArgs(a: ParsedArgs): ViaArgs {
  const text = str(a, "via");
  const map = list(a, "map");
  if (str(a, "target") !== undefined) return {};
  if (text === undefined) {
    if (map.length) throw new DebuggerError("USAGE", "--map maps paths of a --via target: give --via too", "e.g. --via 'ssh host' --map /srv/app=$PWD");
    return {};
  }
  const via = splitCommand(text);
  if (!via.length) throw new DebuggerError("USAGE", "--via needs a command", "e.g. --via 'docker exec -i NAME'");
  return { via, ...(map.length ? { map } : {}) };
}

/**
 * `--target NAME`: the call made with config.toml's [targets.NAME] (via, then --map before its
 * maps). Without it the call stays a plain value: only --target reads the file.
 */
export function withTarget<T>(a: ParsedArgs, make: (via: ViaArgs) => T | Promise<T>): T | Promise<T> {
  const name = str(a, "target");
  if (name === undefined) return make({});
  if (str(a, "via") !== undefined)
    throw new DebuggerError(
      "USAGE",
      "--via and --target both say where the program runs: give one",
      `--target ${name} runs through the command config.toml gives it`,
    );
  const map = list(a, "map");
  return namedTarget(name).then((t) => {
    const all = [...map, ...t.map];
    return make({ via: t.via, ...(all.length ? { map: all } : {}) });
  });
}

function parseConnect(a: ParsedArgs): { host: string; port: number } | undefined {
  const c = str(a, "connect");
  if (c === undefined) return undefined;
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(c) ?? /^()()(\d{1,5})$/.exec(c);
  const port = m ? Number(m[3]) : NaN;
  if (!m || port < 1 || port > 65535) throw new DebuggerError("USAGE", `--connect takes HOST:PORT, not '${c}'`, "e.g. --connect 127.0.0.1:5678");
  return { host: m[1] || m[2] || "127.0.0.1", port };
}

/** The adapter arguments of start and attach (--connect without --adapter is refused by the contract's check). */
export function adapterArgs(a: ParsedArgs): { adapter?: string; connect?: { host: string; port: number }; options: Record<string, unknown> } {
  const connect = parseConnect(a);
  const options: Record<string, unknown> = {};
  // Resolved here: the daemon's cwd and environment are not the caller's.
  if (str(a, "python") !== undefined)
    options.python = namesDirectory(str(a, "python")!)
      ? (require("node:path") as typeof import("node:path")).resolve(sentCwd(), str(a, "python")!)
      : str(a, "python");
  if (bool(a, "just-my-code") !== undefined) options.justMyCode = bool(a, "just-my-code");
  return { adapter: str(a, "adapter"), connect, options: { ...options, ...callerAdapterOption() } };
}

/** `--config NAME` (a VS Code launch configuration) and the file it is read from. */
export const launchFlags: Record<string, FlagDef> = {
  config: {
    type: "string",
    description: "start the configuration NAME of the project's .vscode/launch.json (found from here upward); flags given here win over its values",
    valueHint: "NAME",
    rare: true,
  },
  "launch-file": { type: "string", description: "the launch.json --config reads, instead of the nearest .vscode/launch.json", valueHint: "PATH", rare: true },
};

/** --config's NAME; --launch-file alone is a mistake. */
export function configName(a: ParsedArgs, command: string): string | undefined {
  const name = str(a, "config");
  if (name === undefined && str(a, "launch-file") !== undefined && command !== "configs")
    throw new DebuggerError(
      "USAGE",
      "--launch-file names the file --config reads: give --config NAME too",
      `\`debugger configs --launch-file ${str(a, "launch-file")}\` lists its configurations`,
    );
  return name;
}

/**
 * What start and run take for the program they launch: one definition (the contract's
 * `launchArgs`), so `run` takes what `start` takes. Most used first, as help lists them; the
 * rarely needed ones (`rare`) help names on one line, without their descriptions.
 */
export const programFlags: Record<string, FlagDef> = {
  module: { type: "string", alias: "m", description: "Python: run this module, as `python -m MODULE` does", valueHint: "MODULE" },
  adapter: adapterFlags.adapter!,
  python: adapterFlags.python!,
  "just-my-code": adapterFlags["just-my-code"]!,
  ...viaFlags,
  cwd: { type: "string", description: "working directory of the program", valueHint: "DIR" },
  env: { type: "string", repeat: true, description: "environment variable for the program, on top of this shell's environment", valueHint: "KEY=VALUE" },
  ...clearEnvFlag,
  ...launchFlags,
  ...stdinFlag,
};

/** The request's side of programFlags, with the program, its arguments and the breakpoints. */
export function programArgs(a: ParsedArgs): Partial<ArgsIn<"start"> & ArgsIn<"run">> {
  const { connect: _, ...adapter } = adapterArgs(a);
  return {
    program: a.positionals[0],
    module: str(a, "module"),
    // An interpreter's script (`run python3 app.py`) leads its arguments: the daemon takes it for the program.
    args: [...a.positionals.slice(1), ...a.rest],
    cwd: str(a, "cwd"),
    ...envArgs(a),
    stdin: str(a, "stdin"),
    ...adapter,
    ...viaArgs(a),
    break: list(a, "break"),
  };
}

export const sessionCommands: CommandSpec[] = [
  {
    command: "start",
    name: "start",
    positionals: [{ name: "program", description: "the executable to debug (or --module)" }],
    passThrough: true,
    flags: {
      break: {
        type: "string",
        alias: "b",
        repeat: true,
        description: "LOC or 'LOC if COND' (+ ' print EXPR, …'), set before the program runs",
        valueHint: "LOC",
      },
      ...printFlag,
      "stop-on-entry": { type: "boolean", description: "stop at the program's entry point" },
      core: { type: "string", description: "open a core dump of the program instead of running it (post-mortem: inspect, no execution)", valueHint: "FILE" },
      connect: { ...adapterFlags.connect!, rare: true },
      ...programFlags,
    },
    examples: [
      "debugger start ./app --break main.c:42 -- --verbose input.txt",
      "debugger start ./app --stop-on-entry",
      "debugger start ./app --core core.1234",
      "debugger start -m mypkg.cli --break mypkg/cli.py:12 -- --help",
    ],
    call: (a, ctx) =>
      withTarget(a, (via) => {
        const args: ArgsIn<"start"> = {
          ...programArgs(a),
          ...via,
          connect: adapterArgs(a).connect,
          stopOnEntry: bool(a, "stop-on-entry"),
          core: str(a, "core"),
          wait: ctx.wait,
          timeout: ctx.timeout,
          print: list(a, "print"),
          locals: localsFlag(a),
        };
        const config = configName(a, "start");
        // Sync without --config (or --target): a batch's and the tests' plain start stays a plain call.
        return config === undefined ? call("start", args) : import("./launch.ts").then((m) => m.startCall(config, a, ctx, args));
      }),
  },
  {
    group: "session",
    name: "configs",
    summary: "List the configurations of the project's .vscode/launch.json and what each starts (`start --config NAME`)",
    flags: { "launch-file": launchFlags["launch-file"]! },
    run: async (a, ctx) => (await import("./launch.ts")).configs(a, ctx),
  },
  {
    command: "attach",
    name: "attach",
    positionals: [{ name: "pid", description: "process id (not with --connect)" }],
    flags: {
      break: { type: "string", alias: "b", repeat: true, description: "LOC or 'LOC if COND', set while attaching", valueHint: "LOC" },
      // Overrides the execution flag `--[no-]wait`: LLDB's `process attach --waitfor NAME`.
      wait: {
        type: "string",
        negatable: true,
        description: "wait for a new process named NAME to start (at most --timeout), then attach it; --no-wait: do not wait for a stop",
        valueHint: "NAME",
      },
      ...printFlag,
      ...adapterFlags,
      program: { type: "string", description: "the process's executable, if the adapter needs it", valueHint: "PATH" },
      ...viaFlags,
    },
    examples: [
      "debugger attach 12345",
      "debugger attach --wait myserver --break server.c:88 --timeout 120",
      "debugger attach --connect 127.0.0.1:5678 --adapter debugpy",
    ],
    call: (a, ctx) => {
      const extra = adapterArgs(a);
      const waitFor = typeof a.flags.wait === "string" ? a.flags.wait : undefined;
      let pid: number | undefined;
      if (a.positionals[0] !== undefined) {
        pid = Number(a.positionals[0]);
        if (!Number.isInteger(pid) || pid < 1) throw new DebuggerError("USAGE", `'${a.positionals[0]}' is not a process id`, "`debugger attach 12345`");
      }
      return withTarget(a, (via) =>
        call("attach", {
          pid,
          waitFor,
          program: str(a, "program"),
          ...extra,
          ...viaArgs(a),
          ...via,
          break: list(a, "break"),
          wait: ctx.wait,
          timeout: ctx.timeout,
          print: list(a, "print"),
          locals: localsFlag(a),
          clientPid: process.pid,
          callerEnv: sentEnv(),
        }),
      );
    },
  },
  {
    command: "stop",
    name: "stop",
    aliases: ["kill"],
    textNote: "The daemon stays for the next session and exits when idle; `debugger daemon stop` ends it now.",
    call: () => call("stop", {}),
  },
  {
    command: "detach",
    name: "detach",
    call: () => call("detach", {}),
  },
  {
    command: "restart",
    name: "restart",
    flags: printFlag,
    call: (a, ctx) => call("restart", { wait: ctx.wait, timeout: ctx.timeout, print: list(a, "print"), locals: localsFlag(a), callerEnv: sentEnv() }),
  },
  {
    command: "status",
    name: "status",
    call: () => call("status", {}),
  },
  {
    command: "sessions",
    name: "sessions",
    call: () => call("sessions", {}),
  },
];

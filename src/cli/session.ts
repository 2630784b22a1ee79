// Session commands: start, attach, stop, detach, restart, status, sessions.
import { resolve } from "node:path";
import { DebuggerError } from "../common/errors.ts";
import { breakpointList, sessionsTable, shortPath, stopReport } from "./render/text.ts";
import type { FlagDef, ParsedArgs } from "./args.ts";
import { bool, daemonCommand, list, locations, printFlag, str, type CommandSpec } from "./spec.ts";

export function parseEnv(pairs: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const p of pairs) {
    const eq = p.indexOf("=");
    if (eq <= 0) throw new DebuggerError("USAGE", `--env takes KEY=VALUE, not '${p}'`, "e.g. --env RUST_BACKTRACE=1");
    env[p.slice(0, eq)] = p.slice(eq + 1);
  }
  return env;
}

function renderStart(d: any, _a: unknown, ctx: { cwd: string }): string {
  const parts: string[] = [];
  const s = d.session;
  if (s?.core) parts.push(`Session '${s.name}' opened core ${shortPath(s.core, ctx.cwd)} of ${shortPath(s.program, ctx.cwd)} with ${s.adapter}: it cannot run; inspect it.`);
  else if (s) parts.push(`Session '${s.name}' ${s.mode === "attach" ? "attached to" : "started"} ${s.program ? shortPath(s.program, ctx.cwd) : `pid ${s.pid}`} with ${s.adapter}${s.pid && s.mode !== "attach" ? ` (pid ${s.pid})` : ""}.`);
  const pending = (d.breakpoints ?? []).filter((b: any) => !b.verified);
  if (d.warnings?.length) parts.push(d.warnings.map((w: string) => `Warning: ${w}.`).join("\n"));
  else if (pending.length) parts.push(`Pending breakpoints:\n${breakpointList(pending, ctx.cwd)}`);
  const moved = (d.breakpoints ?? []).filter((b: any) => b.movedFrom !== undefined);
  if (moved.length) parts.push(moved.map((b: any) => `Breakpoint #${b.id} ${b.location} is at line ${b.line}: no code at line ${b.movedFrom}.`).join("\n"));
  if (d.stop) parts.push(stopReport(d.stop, ctx.cwd));
  else if (d.state === "running") parts.push("Running. `debugger await` waits for the next stop; `debugger pause` interrupts.");
  return parts.join("\n");
}

export const adapterFlags: Record<string, FlagDef> = {
  adapter: { type: "string", description: "debug adapter to use (default: chosen from the program)", valueHint: "NAME" },
  connect: { type: "string", description: "use a debug adapter already listening there (dlv dap --listen, debugpy --listen, lldb-dap --connection)", valueHint: "HOST:PORT" },
  python: { type: "string", description: "Python interpreter for debugpy", valueHint: "PATH" },
  "just-my-code": { type: "boolean", description: "debugpy: stop only in your own code (--no-just-my-code to step into libraries)" },
};

function parseConnect(a: ParsedArgs): { host: string; port: number } | undefined {
  const c = str(a, "connect");
  if (c === undefined) return undefined;
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(c) ?? /^()()(\d{1,5})$/.exec(c);
  const port = m ? Number(m[3]) : NaN;
  if (!m || port < 1 || port > 65535) throw new DebuggerError("USAGE", `--connect takes HOST:PORT, not '${c}'`, "e.g. --connect 127.0.0.1:5678");
  return { host: m[1] || m[2] || "127.0.0.1", port };
}

export function adapterArgs(a: ParsedArgs): Record<string, unknown> {
  const connect = parseConnect(a);
  if (connect && !str(a, "adapter")) {
    throw new DebuggerError("USAGE", "--connect needs --adapter to know how to talk to it", "e.g. --adapter debugpy, --adapter delve or --adapter lldb-dap");
  }
  const options: Record<string, unknown> = {};
  // Resolved here: the daemon's cwd and environment are not the caller's.
  if (str(a, "python") !== undefined) options.python = str(a, "python")!.includes("/") ? resolve(str(a, "python")!) : str(a, "python");
  if (process.env.VIRTUAL_ENV) options.virtualEnv = process.env.VIRTUAL_ENV;
  if (bool(a, "just-my-code") !== undefined) options.justMyCode = bool(a, "just-my-code");
  return { adapter: str(a, "adapter"), connect, options };
}

export const sessionCommands: CommandSpec[] = [
  daemonCommand({
    command: "start",
    name: "start",
    summary: "Launch a program under the debugger and wait for its first stop",
    positionals: [{ name: "program", description: "the executable to debug", required: true }],
    passThrough: true,
    execution: true,
    // Most used first: help names the last ones without their descriptions when it runs long.
    flags: {
      break: { type: "string", alias: "b", repeat: true, description: "LOC or 'LOC if COND', set before the program runs", valueHint: "LOC" },
      ...printFlag,
      "stop-on-entry": { type: "boolean", description: "stop at the program's entry point" },
      ...adapterFlags,
      core: { type: "string", description: "open a core dump of the program instead of running it (post-mortem: inspect, no execution)", valueHint: "FILE" },
      cwd: { type: "string", description: "working directory of the program", valueHint: "DIR" },
      env: { type: "string", repeat: true, description: "environment variable for the program", valueHint: "KEY=VALUE" },
    },
    examples: ["debugger start ./app --break main.c:42 -- --verbose input.txt", "debugger start ./app --stop-on-entry", "debugger start ./app --core core.1234"],
    call: (a, ctx) => ({
      command: "start",
      args: {
        program: a.positionals[0],
        args: a.rest,
        cwd: str(a, "cwd"),
        env: parseEnv(list(a, "env")),
        stopOnEntry: bool(a, "stop-on-entry"),
        core: str(a, "core"),
        ...adapterArgs(a),
        break: locations(list(a, "break")),
        wait: ctx.wait,
        timeout: ctx.timeout,
        print: list(a, "print"),
      },
    }),
    render: renderStart,
  }),
  daemonCommand({
    command: "attach",
    name: "attach",
    summary: "Attach to a running process by pid, or to a program served by a listening adapter (--connect)",
    positionals: [{ name: "pid", description: "process id (not with --connect)" }],
    flags: {
      break: { type: "string", alias: "b", repeat: true, description: "LOC or 'LOC if COND', set while attaching", valueHint: "LOC" },
      ...printFlag,
      ...adapterFlags,
      program: { type: "string", description: "the process's executable, if the adapter needs it", valueHint: "PATH" },
    },
    execution: true,
    examples: ["debugger attach 12345", "debugger attach --connect 127.0.0.1:5678 --adapter debugpy"],
    call: (a, ctx) => {
      const extra = adapterArgs(a);
      let pid: number | undefined;
      if (a.positionals[0] !== undefined) {
        pid = Number(a.positionals[0]);
        if (!Number.isInteger(pid) || pid < 1) throw new DebuggerError("USAGE", `'${a.positionals[0]}' is not a process id`, "`debugger attach 12345`");
      } else if (!extra.connect) {
        throw new DebuggerError("USAGE", "attach needs a PID or --connect HOST:PORT", "`debugger attach 12345` or `debugger attach --connect 127.0.0.1:5678 --adapter debugpy`");
      }
      return { command: "attach", args: { pid, program: str(a, "program"), ...extra, break: locations(list(a, "break")), wait: ctx.wait, timeout: ctx.timeout, print: list(a, "print"), clientPid: process.pid } };
    },
    render: renderStart,
  }),
  daemonCommand({
    command: "stop",
    name: "stop",
    aliases: ["kill"],
    summary: "End the session (a launched program is terminated; an attached one is detached)",
    call: () => ({ command: "stop", args: {} }),
    render: (d) => `Session '${d.stopped}' ended.${d.ended ? ` The adapter did not answer: it and the program (pid ${d.ended.join(", ")}) were killed.` : ""}`,
  }),
  daemonCommand({
    command: "detach",
    name: "detach",
    summary: "Detach from the program and leave it running",
    call: () => ({ command: "detach", args: {} }),
    render: (d) => `Detached from ${d.pid ? `pid ${d.pid}` : "the program"}; it keeps running. Session '${d.detached}' ended.`,
  }),
  daemonCommand({
    command: "restart",
    name: "restart",
    summary: "Start the program again with the same arguments and breakpoints",
    execution: true,
    flags: printFlag,
    call: (a, ctx) => ({ command: "restart", args: { wait: ctx.wait, timeout: ctx.timeout, print: list(a, "print") } }),
    render: (d, _a, ctx) => (d.stop ? stopReport(d.stop, ctx.cwd) : `Restarted; ${d.state}.`),
  }),
  daemonCommand({
    command: "status",
    name: "status",
    summary: "State of the session: running, stopped (and where), exited",
    call: () => ({ command: "status", args: {} }),
    render: (d, _a, ctx) => {
      if (d.state === "idle") return `No session '${d.session}'. \`debugger start PROGRAM\` starts one.`;
      if (d.state === "lost") return `Session '${d.session}' was lost when its daemon died. Start it again.`;
      const head = `Session '${d.session}': ${d.state}${d.program ? `, ${d.program}` : ""} (${d.adapter}${d.pid ? `, pid ${d.pid}` : ""})`;
      if (d.state === "stopped" || d.state === "exited" || d.state === "terminated") return `${head}\n${stopReport(d.stop, ctx.cwd)}`;
      return head;
    },
  }),
  daemonCommand({
    command: "sessions",
    name: "sessions",
    summary: "List the sessions the daemon holds",
    call: () => ({ command: "sessions", args: {} }),
    render: (d) => sessionsTable(d.sessions),
  }),
];

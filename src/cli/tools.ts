// Tools: the adapter console, the daemon, logs, the version.
import { logPath } from "../common/paths.ts";
import { versionInfo, versionLine } from "../common/version.ts";
import { daemonCommand, localCommand, type CommandSpec } from "./spec.ts";
import { DebuggerError } from "../common/errors.ts";
import { tailLines } from "../daemon/ringBuffer.ts";

export const toolCommands: CommandSpec[] = [
  daemonCommand({
    command: "raw",
    name: "raw",
    summary: "Send a command to the adapter's console (e.g. an LLDB command)",
    positionals: [{ name: "command", description: "console input, e.g. 'frame variable x'", variadic: true, required: true }],
    call: (a) => {
      const e = a.positionals.join(" ").trim();
      if (!e) throw new DebuggerError("USAGE", "raw needs a console command", "`debugger raw 'register read'`");
      return { command: "raw", args: { expression: e } };
    },
    render: (d) => d.result,
  }),
  daemonCommand({
    command: "shutdown",
    name: "daemon stop",
    summary: "Stop the background daemon and every session it holds",
    call: () => ({ command: "shutdown", args: {} }),
    render: (d) => `Daemon ${d.pid} stopped.`,
  }),
  daemonCommand({
    command: "ping",
    name: "daemon status",
    summary: "Version, pid and uptime of the daemon",
    call: () => ({ command: "ping", args: {} }),
    render: (d) => `Daemon ${d.pid}, version ${d.version}, up ${d.uptime} s.`,
  }),
  localCommand({
    group: "tools",
    name: "logs",
    summary: "The tail of the daemon log",
    flags: { tail: { type: "number", description: "last N lines (default 50)", valueHint: "N" } },
    local: async (a) => {
      const path = logPath();
      const file = Bun.file(path);
      const text = (await file.exists()) ? await file.text() : "";
      const n = typeof a.flags.tail === "number" ? a.flags.tail : 50;
      if (!Number.isSafeInteger(n) || n < 0) throw new DebuggerError("USAGE", `--tail takes a whole number of lines, not ${n}`, "e.g. `debugger logs --tail 200`");
      return { path, text: tailLines(text, n) };
    },
    render: (d) => (d.text ? d.text.replace(/\n$/, "") : `(the log ${d.path} is empty)`),
  }),
  localCommand({
    group: "tools",
    name: "version",
    summary: "Version, commit, build date, platform and Bun version (also -v, --version)",
    local: async () => versionInfo(),
    render: (d) => versionLine(d),
  }),
];

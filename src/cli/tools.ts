// Tools: the adapter console, the daemon, logs, the version.
import { DebuggerError } from "../common/errors.ts";
import { logPath } from "../common/paths.ts";
import { tailLines } from "../common/tail.ts";
import { versionInfo, versionLine } from "../common/version.ts";
import { call } from "../ipc/calls.ts";
import { answerSocketMs } from "./inspection.ts";
import { num, type Definition } from "./spec.ts";

export const toolCommands: Definition[] = [
  {
    command: "raw",
    name: "raw",
    positionals: [{ name: "command", description: "console input, e.g. 'frame variable x'", variadic: true, required: true }],
    flags: { timeout: { type: "number", description: "seconds the command may take (default 30; 0 waits forever)", valueHint: "SECONDS" } },
    socketTimeoutMs: answerSocketMs,
    call: (a) => {
      const e = a.positionals.join(" ").trim();
      if (!e) throw new DebuggerError("USAGE", "raw needs a console command", "`debugger raw 'register read'`");
      return call("raw", { expression: e, timeout: num(a, "timeout") });
    },
  },
  {
    word: "daemon",
    commands: [
      {
        command: "shutdown",
        name: "stop",
        call: () => call("shutdown", {}),
      },
      {
        command: "ping",
        name: "status",
        call: () => call("ping", {}),
      },
    ],
  },
  {
    group: "tools",
    name: "logs",
    summary: "The tail of the daemon log",
    flags: { tail: { type: "number", description: "last N lines (default 50)", valueHint: "N" } },
    run: async (a) => {
      const path = logPath();
      const file = Bun.file(path);
      const text = (await file.exists()) ? await file.text() : "";
      const n = typeof a.flags.tail === "number" ? a.flags.tail : 50;
      if (!Number.isSafeInteger(n) || n < 0)
        throw new DebuggerError("USAGE", `--tail takes a whole number of lines, not ${n}`, "e.g. `debugger logs --tail 200`");
      const tail = tailLines(text, n);
      return { data: { path, text: tail }, text: tail ? tail.replace(/\n$/, "") : `(the log ${path} is empty)` };
    },
  },
  {
    group: "tools",
    name: "version",
    summary: "Version, commit, build date, platform and Bun version (also -v, --version)",
    run: async () => {
      const info = versionInfo();
      return { data: info, text: versionLine(info) };
    },
  },
];

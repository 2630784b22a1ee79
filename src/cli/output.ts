// `output`: the program's stdout/stderr and adapter console text, kept by the daemon.
import { SOCKET_DEFAULT_MS, SOCKET_FOREVER_MS } from "../ipc/socketTimeout.ts";
import { call } from "../ipc/calls.ts";
import { bool, num, type CommandSpec } from "./spec.ts";

export const outputCommands: CommandSpec[] = [
  {
    command: "output",
    name: "output",
    flags: {
      tail: { type: "number", description: "only the last N lines", valueHint: "N" },
      since: { type: "number", description: "only output after this cursor (from a previous --json reply)", valueHint: "CURSOR" },
      clear: { type: "boolean", description: "empty the buffer after reading" },
      stdout: { type: "boolean", description: "only stdout" },
      stderr: { type: "boolean", description: "only stderr" },
      console: { type: "boolean", description: "only adapter console messages" },
      follow: { type: "boolean", alias: "f", description: "keep printing new output until the session ends (or --timeout)" },
      timeout: { type: "number", description: "with --follow: stop after N seconds (default: when the session ends)", valueHint: "SECONDS" },
    },
    socketTimeoutMs: (a) => (bool(a, "follow") ? SOCKET_FOREVER_MS : SOCKET_DEFAULT_MS),
    call: (a) =>
      call("output", {
        tail: num(a, "tail"),
        since: num(a, "since"),
        clear: bool(a, "clear"),
        stdout: bool(a, "stdout"),
        stderr: bool(a, "stderr"),
        console: bool(a, "console"),
        follow: bool(a, "follow"),
        timeout: num(a, "timeout"),
      }),
  },
];

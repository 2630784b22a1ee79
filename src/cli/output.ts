// `output`: the program's stdout/stderr and adapter console text, kept by the daemon.
import { bool, num, daemonCommand, type CommandSpec } from "./spec.ts";

export const outputCommands: CommandSpec[] = [
  daemonCommand({
    command: "output",
    name: "output",
    summary: "Program output captured so far (stdout, stderr, adapter console)",
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
    socketTimeoutMs: (a) => (bool(a, "follow") ? 2 ** 31 - 1 : 120_000),
    call: (a) => ({
      command: "output",
      args: {
        tail: num(a, "tail"),
        since: num(a, "since"),
        clear: bool(a, "clear"),
        stdout: bool(a, "stdout"),
        stderr: bool(a, "stderr"),
        console: bool(a, "console"),
        follow: bool(a, "follow"),
        timeout: num(a, "timeout"),
      },
    }),
    renderPartial: (d) => (d.dropped ? `(${d.dropped} chunks were dropped from the buffer)\n` : "") + d.text,
    render: (d) => {
      if (d.done) return ""; // the end of --follow: everything was printed as it came
      const note = d.dropped ? `(${d.dropped} older chunks were dropped from the buffer)\n` : "";
      return note + (d.text ? d.text.replace(/\n$/, "") : "(no output)");
    },
  }),
];

// `output`: the program's stdout/stderr and adapter console text, kept by the daemon.
import { bool, num, type CommandSpec } from "./spec.ts";

export const outputCommands: CommandSpec[] = [
  {
    name: "output",
    summary: "Program output captured so far (stdout, stderr, adapter console)",
    flags: {
      tail: { type: "number", description: "only the last N lines", valueHint: "N" },
      since: { type: "number", description: "only output after this cursor (from a previous --json reply)", valueHint: "CURSOR" },
      clear: { type: "boolean", description: "empty the buffer after reading" },
      stdout: { type: "boolean", description: "only stdout" },
      stderr: { type: "boolean", description: "only stderr" },
      console: { type: "boolean", description: "only adapter console messages" },
    },
    call: (a) => ({
      command: "output",
      args: { tail: num(a, "tail"), since: num(a, "since"), clear: bool(a, "clear"), stdout: bool(a, "stdout"), stderr: bool(a, "stderr"), console: bool(a, "console") },
    }),
    render: (d) => {
      const note = d.dropped ? `(${d.dropped} older chunks were dropped from the buffer)\n` : "";
      return note + (d.text ? d.text.replace(/\n$/, "") : "(no output)");
    },
  },
];

// Replies of the daemon's own commands, the adapter console and program output, as text.
import type { Replies } from "../ipc/commands.ts";
import type { Presenters } from "./view.ts";

/** One partial reply of `output --follow`: the new text as it comes. */
export function outputPartial(d: Replies["output"]): string {
  return (d.dropped ? `(${d.dropped} chunks were dropped from the buffer${d.file ? `; all of the program's output is in ${d.file}` : ""})\n` : "") + d.text;
}

export const toolPresenters: Presenters<"ping" | "shutdown" | "raw" | "output"> = {
  ping: (d) =>
    `Daemon ${d.pid}, version ${d.version}, up ${d.uptime} s.` +
    (d.launched?.length ? `\nLaunched ahead: ${d.launched.map((l) => `${l.program} (${l.adapter}, ${l.ageSeconds} s)`).join(", ")}.` : ""),
  shutdown: (d) => (d.stopped ? `Daemon ${d.pid} stopped.` : "No daemon was running."),
  raw: (d) => d.result,
  output: (d) => {
    if (d.done) return ""; // the end of --follow: everything was printed as it came
    const note = d.dropped ? `(${d.dropped} older chunks were dropped from the buffer${d.file ? `; all of the program's output is in ${d.file}` : ""})\n` : "";
    return note + (d.text ? d.text.replace(/\n$/, "") : "(no output)");
  },
};

// `debugger run`: a whole hunt in one call — start, one row of values per breakpoint stop, the end
// (or the crash, whole), and no session left behind. The shape of `gdb -batch -ex 'break …'
// -ex 'commands …' -ex run`.
import { DebuggerError } from "../common/errors.ts";
import type { RunData } from "../ipc/commands.ts";
import type { ParsedArgs } from "./args.ts";
import { neverStoppedLines, shortPath, stopReport } from "./render/text.ts";
import { adapterFlags } from "./session.ts";
import { bool, daemonCommand, list, locations, num, printFlag, str, type CliContext, type CommandSpec } from "./spec.ts";

export function renderRun(d: RunData, _a: ParsedArgs, ctx: CliContext): string {
  const parts: string[] = [];
  if (d.warnings?.length) parts.push(d.warnings.map((w) => `Warning: ${w}.`).join("\n"));
  const at = (h: RunData["hits"][number]) => (h.frame?.file ? `${shortPath(h.frame.file, ctx.cwd)}:${h.frame.line}` : (h.frame?.function ?? "?"));
  const places = new Set(d.hits.map(at));
  const threads = new Set(d.hits.map((h) => h.threadId));
  // One place: named once above the rows; several: each row names its own.
  if (places.size === 1) parts.push(`Stops at ${d.hits[0]!.frame?.function ?? "?"} (${at(d.hits[0]!)}):`);
  for (const h of d.hits) {
    const where = places.size > 1 ? ` ${at(h)}` : "";
    const thread = threads.size > 1 && h.threadId !== undefined ? ` thread ${h.threadId}` : "";
    const values = h.values.map((v) => `${v.expression} = ${v.error !== undefined ? `error: ${v.error}` : v.value}`).join("  ");
    parts.push(`#${h.hit}${where}${thread}  ${values}`);
  }
  const rows = `${d.hits.length} stop${d.hits.length === 1 ? "" : "s"}`;
  const end = d.kept ? `the session '${d.session.name}' waits there` : "the program was ended";
  if (d.stoppedBy === "max") parts.push(`Stopped after ${rows} (--max); ${end}.`);
  else if (d.stoppedBy === "timeout") parts.push(`Timed out after ${rows}; ${d.kept ? `the session '${d.session.name}' is still running` : "the program was ended"}.`);
  if (d.stop) {
    const report = stopReport(d.stop, ctx.cwd);
    // The exit report names the breakpoints that never stopped itself; a max/other end names them here.
    parts.push(d.stoppedBy === "max" && !d.stop.output ? "" : d.stoppedBy === "max" ? `Output:\n${d.stop.output.replace(/\n$/, "").replace(/^/gm, "  ")}` : report);
    if (d.stoppedBy === "other") parts.push(d.kept ? `The session '${d.session.name}' waits there.` : "The program was ended (`run --keep` leaves it there to inspect).");
  }
  if (d.stoppedBy !== "exit") {
    const never = d.breakpoints.filter((b) => b.hits === 0 && !b.logMessage && b.kind !== "data" && b.conditionFalse?.hits);
    if (never.length) parts.push(neverStoppedLines(never.map((b) => ({ id: b.id, location: `${b.location}${b.condition ? ` if ${b.condition}` : ""}`, why: `reached ${b.conditionFalse!.hits} times so far, the condition false each time` }))));
  }
  return parts.filter(Boolean).join("\n");
}

export const runCommands: CommandSpec[] = [
  daemonCommand({
    command: "run",
    name: "run",
    summary: "One call: start, print values at each breakpoint stop (a row each), end the session",
    positionals: [{ name: "program", description: "the executable to debug", required: true }],
    passThrough: true,
    execution: true,
    flags: {
      break: { type: "string", alias: "b", repeat: true, description: "LOC or 'LOC if COND'", valueHint: "LOC" },
      ...printFlag,
      max: { type: "number", description: "end after N stops (default 20)", valueHint: "N" },
      keep: { type: "boolean", description: "leave the session at its last stop to inspect" },
      adapter: adapterFlags.adapter!,
    },
    examples: ["debugger run ./app --break 'parse.c:42 if len > 100' --print len --print 'buf[0]' --max 5 -- input.txt"],
    call: (a, ctx) => {
      const max = num(a, "max");
      if (max !== undefined && (!Number.isInteger(max) || max < 1)) throw new DebuggerError("USAGE", `--max takes a whole number of stops, not '${max}'`, "e.g. --max 5");
      return {
        command: "run",
        args: { program: a.positionals[0]!, args: a.rest, adapter: str(a, "adapter"), break: locations(list(a, "break")), print: list(a, "print"), max, keep: bool(a, "keep"), timeout: ctx.timeout },
      };
    },
    exitCode: (d: RunData) => (d.stoppedBy === "timeout" ? 3 : 0),
    render: renderRun,
  }),
];

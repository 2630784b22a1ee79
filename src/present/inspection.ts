// Inspection replies as text: where the program is, its stack, values, threads, memory, source.
import type { ContextData, ListData, Replies, ValueData } from "../ipc/commands.ts";
import { backtrace, displayLines, shortPath, sourceBlock, stopReport, threadStacks, variableLines, where } from "./text.ts";
import type { Presenters, View } from "./view.ts";

function context(d: ContextData, view: View): string {
  const parts = [
    `Frame #${d.frameIndex} ${where(d.frame, view.cwd)}, thread ${d.threadId}${d.frameIndex === 0 && d.reason ? ` (stopped: ${d.reason}${d.breakpointIds?.length ? ` ${d.breakpointIds.join(", ")}` : ""})` : ""}`,
  ];
  const src = sourceBlock(d.source);
  if (src) parts.push(src);
  if (d.locals?.length) parts.push(`Locals:\n${variableLines(d.locals)}`);
  if (d.truncated?.length) parts.push(d.truncated.map((t) => `(${t})`).join("\n"));
  return parts.join("\n");
}

function value(d: ValueData): string {
  const head = `${d.result}${d.type ? ` (${d.type})` : ""}`;
  const kids = d.children?.length ? `\n${variableLines(d.children)}` : "";
  const cut = d.truncated?.length ? `\n${d.truncated.map((t) => `(${t})`).join("\n")}` : "";
  return head + kids + cut;
}

function print(d: Replies["print"]): string {
  if (!("results" in d)) return value(d);
  return d.results.map((r) => `${r.expression} = ${r.error !== undefined ? `error: ${r.error}` : `${r.result}${r.type ? ` (${r.type})` : ""}`}`).join("\n");
}

function list(d: ListData, view: View): string {
  const head = `${shortPath(d.file, view.cwd)}:${d.from}-${d.to} (of ${d.total})${d.function ? `: ${d.function} at line ${d.line}` : ""}${d.via ? " (from the adapter: no file on disk)" : ""}`;
  const others = d.others?.length ? `\n(also defined at ${d.others.map((o) => shortPath(o, view.cwd)).join(", ")})` : "";
  return `${head}\n${sourceBlock(d.lines) || "(no lines)"}${others}`;
}

function disassemble(d: Replies["disassemble"], view: View): string {
  if (!d.instructions.length) return "No instructions.";
  const withSource = d.instructions.some((x) => x.sourceText !== undefined);
  const head = d.function ? [`${d.function}: ${d.instructions.length} instructions${d.truncated ? " shown" : ""}`] : [];
  const tail = [...(d.truncated ? [`(${d.truncated})`] : []), ...(d.next ? [`(${d.next.note})`] : [])];
  const lines = d.instructions.flatMap((i) => [
    // lldb-dap already starts a function's first instruction with `name: `.
    ...(d.next && i.address === d.next.address && !i.instruction.startsWith(`${d.next.function}:`) ? [`${d.next.function}:`] : []),
    ...(i.sourceText !== undefined ? [`${shortPath(i.file, view.cwd)}:${i.line}  ${i.sourceText.trim()}`] : []),
    `${i.current ? "→" : " "} ${i.address}  ${i.instruction}${i.line && i.sourceText === undefined && !withSource ? `  ; line ${i.line}` : ""}`,
  ]);
  return [...head, ...lines, ...tail].join("\n");
}

/** `locals --scope`: each scope under its name and count. */
function scopeLines(d: Replies["locals"]): string {
  return d
    .scopes!.map((s) => {
      const vars = d.variables.filter((v) => (v.scope ?? d.scopes![0]!.name) === s.name).map(({ scope: _, ...v }) => v);
      return `${s.name} (${s.total}${s.shown < s.total ? `, ${s.shown} shown` : ""}):${vars.length ? `\n${variableLines(vars)}` : " none"}`;
    })
    .join("\n");
}

function threads(d: Replies["threads"], view: View): string {
  if (!d.threads.length) return "No threads.";
  const rows = d.threads.map((t) => {
    const state = t.state ? `  ${t.state}${t.reason ? ` (${t.reason})` : ""}` : "";
    // As `backtrace --all` says it: the user's frame with its number, and where the thread waits.
    const at = t.frame ? `  at ${t.frameIndex ? `#${t.frameIndex} ` : ""}${where(t.frame, view.cwd)}${t.top ? `, in ${t.top}` : ""}` : "";
    return `${t.current ? "→" : " "} ${t.id}  ${t.name}${state}${at}`;
  });
  return [...rows, ...(d.truncated ?? []).map((n) => `(${n})`)].join("\n");
}

export const inspectionPresenters: Presenters<
  | "context"
  | "backtrace"
  | "frame"
  | "up"
  | "down"
  | "locals"
  | "args"
  | "print"
  | "display"
  | "undisplay"
  | "eval"
  | "set"
  | "registers"
  | "memory.read"
  | "list"
  | "disassemble"
  | "threads"
  | "thread"
  | "events"
> = {
  context,
  frame: context,
  up: context,
  down: context,
  backtrace: (d, view) => (d.threads ? threadStacks(d.threads, view.cwd) : backtrace(d.frames, view.cwd)),
  locals: (d) =>
    (d.scopes ? scopeLines(d) : d.variables.length ? variableLines(d.variables, "") : "No locals.") +
    (d.truncated?.length ? `\n(${d.truncated.join("; ")})` : ""),
  args: (d) => (d.variables.length ? variableLines(d.variables, "") : "No arguments."),
  print,
  eval: value,
  display: (d) => {
    if (!d.displays.length) return "No displays. `debugger display EXPR` adds one.";
    return d.values?.length ? displayLines(d.values, "") : d.displays.map((x) => `${x.id}: ${x.expression}`).join("\n");
  },
  undisplay: (d) => `Removed ${d.removed.map((i) => `#${i}`).join(", ") || "nothing"}. ${d.displays.length} left.`,
  set: (d) => `${d.name} = ${d.value}${d.type ? ` (${d.type})` : ""}`,
  registers: (d) => (d.registers.length ? d.registers.map((r) => `${r.name.padEnd(8)} ${r.value}`).join("\n") : "No registers."),
  "memory.read": (d) =>
    (d.dump.length ? d.dump.join("\n") : "No bytes.") + (d.unreadable ? `\n(${d.unreadable} byte${d.unreadable === 1 ? "" : "s"} could not be read)` : ""),
  list,
  disassemble,
  threads,
  thread: (d, view) => (d.context ? context(d.context, view) : `Current thread: ${d.threadId ?? "none"}`),
  events: (d, view) =>
    d.events.length
      ? d.events
          .map(
            (e) =>
              `[${e.seq}] ${e.time.slice(11, 19)} ${stopReport({ ...e, source: [], locals: [], output: "", truncated: undefined }, view.cwd).split("\n")[0]}`,
          )
          .join("\n")
      : "No events yet.",
};

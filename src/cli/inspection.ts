// Inspection commands: where we are, the stack, variables, expressions, threads, history.
import type { ParsedArgs } from "./args.ts";
import { backtrace, displayLines, shortPath, sourceBlock, stopReport, threadStacks, variableLines, where } from "./render/text.ts";
import type { ListData, PrintResult, ThreadView, ValueData } from "../ipc/commands.ts";
import { bool, daemonCommand, ids, num, str, type CliContext, type CommandSpec } from "./spec.ts";
import { DebuggerError } from "../common/errors.ts";
import { MEMORY_FORMATS, type MemoryFormat } from "../daemon/session/memoryFormat.ts";

function renderContext(d: any, _a: ParsedArgs, ctx: CliContext): string {
  const parts = [`Frame #${d.frameIndex} ${where(d.frame, ctx.cwd)}, thread ${d.threadId}${d.frameIndex === 0 && d.reason ? ` (stopped: ${d.reason}${d.breakpointIds?.length ? ` ${d.breakpointIds.join(", ")}` : ""})` : ""}`];
  const src = sourceBlock(d.source);
  if (src) parts.push(src);
  if (d.locals?.length) parts.push(`Locals:\n${variableLines(d.locals)}`);
  if (d.truncated?.length) parts.push(d.truncated.map((t: string) => `(${t})`).join("\n"));
  return parts.join("\n");
}

function renderPrint(d: ValueData | { results: PrintResult[] }): string {
  if (!("results" in d)) return renderValue(d);
  return d.results.map((r) => `${r.expression} = ${r.error !== undefined ? `error: ${r.error}` : `${r.result}${r.type ? ` (${r.type})` : ""}`}`).join("\n");
}

function renderValue(d: ValueData): string {
  const head = `${d.result}${d.type ? ` (${d.type})` : ""}`;
  const kids = d.children?.length ? `\n${variableLines(d.children)}` : "";
  const cut = d.truncated?.length ? `\n${d.truncated.map((t: string) => `(${t})`).join("\n")}` : "";
  return head + kids + cut;
}

function expression(a: ParsedArgs, what: string): string {
  const e = a.positionals.join(" ").trim();
  if (!e) throw new DebuggerError("USAGE", `${what} needs an expression`, `\`debugger ${what} 'a + b'\``);
  return e;
}

const formatFlag = { format: { type: "string" as const, alias: "f", description: "show integers as hex, bin, oct, dec, char, or a pointer as its address", valueHint: "hex|bin|oct|dec|char|address" } };

const FORMATS = ["hex", "bin", "oct", "dec", "char", "address"] as const;

function checkFormat(a: ParsedArgs): (typeof FORMATS)[number] | undefined {
  const f = str(a, "format");
  if (f === undefined) return undefined;
  if (!(FORMATS as readonly string[]).includes(f)) throw new DebuggerError("USAGE", `--format is ${FORMATS.join(", ")}, not '${f}'`, "e.g. `debugger print x --format hex`");
  return f as (typeof FORMATS)[number];
}

export const inspectionCommands: CommandSpec[] = [
  daemonCommand({
    command: "context",
    name: "context",
    aliases: ["where"],
    summary: "Where the program is stopped: source around the line and the locals",
    flags: { lines: { type: "number", description: "source lines before and after (default 3)", valueHint: "N" } },
    call: (a) => ({ command: "context", args: { lines: num(a, "lines") } }),
    render: renderContext,
  }),
  daemonCommand({
    command: "backtrace",
    name: "backtrace",
    aliases: ["bt"],
    summary: "The call stack of the current thread (--all: every thread or goroutine, one line each)",
    flags: {
      limit: { type: "number", description: "at most N frames (default 50; with --all 1 per thread)", valueHint: "N" },
      locals: { type: "boolean", description: "show each frame's locals" },
      thread: { type: "number", description: "another thread's stack", valueHint: "ID" },
      all: { type: "boolean", alias: "a", description: "every thread: where it is, and its first frame in your code" },
    },
    call: (a) => {
      if (bool(a, "all") && (num(a, "thread") !== undefined || bool(a, "locals"))) throw new DebuggerError("USAGE", "--all shows every thread: it takes no --thread or --locals", "`debugger backtrace --all`, then `debugger backtrace --thread ID --locals`");
      return { command: "backtrace", args: { limit: num(a, "limit"), locals: bool(a, "locals"), thread: num(a, "thread"), all: bool(a, "all") } };
    },
    render: (d, _a, ctx) => (d.threads ? threadStacks(d.threads, ctx.cwd) : backtrace(d.frames, ctx.cwd)),
  }),
  daemonCommand({
    command: "frame",
    name: "frame",
    summary: "Select frame N (from backtrace) and show it (--thread ID: of another thread)",
    positionals: [{ name: "n", description: "frame index" }],
    flags: { thread: { type: "number", description: "select this thread first", valueHint: "ID" } },
    call: (a) => {
      const n = a.positionals[0] === undefined ? undefined : Number(a.positionals[0]);
      if (n !== undefined && (!Number.isInteger(n) || n < 0)) throw new DebuggerError("USAGE", `'${a.positionals[0]}' is not a frame index`, "`debugger backtrace` lists them");
      return { command: "frame", args: { index: n, thread: num(a, "thread") } };
    },
    render: renderContext,
  }),
  daemonCommand({
    command: "up",
    name: "up",
    summary: "Select the caller's frame",
    positionals: [{ name: "n", description: "how many frames (default 1)" }],
    call: (a) => ({ command: "up", args: { count: a.positionals[0] ? Number(a.positionals[0]) : undefined } }),
    render: renderContext,
  }),
  daemonCommand({
    command: "down",
    name: "down",
    summary: "Select the callee's frame",
    positionals: [{ name: "n", description: "how many frames (default 1)" }],
    call: (a) => ({ command: "down", args: { count: a.positionals[0] ? Number(a.positionals[0]) : undefined } }),
    render: renderContext,
  }),
  daemonCommand({
    command: "locals",
    name: "locals",
    summary: "Variables of the selected frame",
    flags: {
      depth: { type: "number", description: "expand structures N levels (default 0)", valueHint: "N" },
      all: { type: "boolean", description: "also the debugger's grouping rows (debugpy's special, function and class variables)" },
    },
    call: (a) => ({ command: "locals", args: { depth: num(a, "depth"), all: bool(a, "all") } }),
    render: (d) => (d.variables.length ? variableLines(d.variables, "") : "No locals.") + (d.truncated?.length ? `\n(${d.truncated.join("; ")})` : ""),
  }),
  daemonCommand({
    command: "args",
    name: "args",
    summary: "Arguments of the selected frame (adapters with an Arguments scope)",
    call: () => ({ command: "args", args: {} }),
    render: (d) => (d.variables.length ? variableLines(d.variables, "") : "No arguments."),
  }),
  daemonCommand({
    command: "print",
    name: "print",
    aliases: ["p"],
    summary: "Evaluate expressions in the selected frame, one line each (quote an expression with spaces)",
    positionals: [{ name: "expression", description: "e.g. x  p->next  'add(1, 2)'", variadic: true, required: true }],
    flags: { ...formatFlag, depth: { type: "number", description: "expand structures N levels (default 1; one expression)", valueHint: "N" } },
    examples: ["debugger print total", "debugger print i 'scores[i]' st.sum"],
    call: (a) => {
      const expressions = a.positionals.map((e) => e.trim()).filter(Boolean);
      if (!expressions.length) throw new DebuggerError("USAGE", "print needs an expression", "`debugger print 'a + b'`");
      return { command: "print", args: { expressions, format: checkFormat(a), depth: num(a, "depth") } };
    },
    render: renderPrint,
  }),
  daemonCommand({
    command: "display",
    name: "display",
    summary: "Show expressions at every stop from now on (no expression: list them)",
    positionals: [{ name: "expression", description: "e.g. total  'p->next'", variadic: true }],
    examples: ["debugger display total 'list->len'", "debugger display"],
    call: (a) => ({ command: "display", args: { expressions: a.positionals.map((e) => e.trim()).filter(Boolean) } }),
    render: (d) => {
      if (!d.displays.length) return "No displays. `debugger display EXPR` adds one.";
      return d.values?.length ? displayLines(d.values, "") : d.displays.map((x) => `${x.id}: ${x.expression}`).join("\n");
    },
  }),
  daemonCommand({
    command: "undisplay",
    name: "undisplay",
    summary: "Stop showing displays by id (or --all)",
    positionals: [{ name: "ids", description: "display ids", variadic: true }],
    flags: { all: { type: "boolean", description: "remove every display" } },
    call: (a) => {
      if (!a.positionals.length && !bool(a, "all")) throw new DebuggerError("USAGE", "undisplay needs ids or --all", "`debugger display` lists them");
      return { command: "undisplay", args: { ids: ids(a.positionals, "display id"), all: bool(a, "all") } };
    },
    render: (d) => `Removed ${d.removed.map((i) => `#${i}`).join(", ") || "nothing"}. ${d.displays.length} left.`,
  }),
  daemonCommand({
    command: "eval",
    name: "eval",
    summary: "Evaluate in the adapter's console context (side effects allowed)",
    positionals: [{ name: "expression", description: "expression or statement", variadic: true, required: true }],
    flags: formatFlag,
    call: (a) => ({ command: "eval", args: { expression: expression(a, "eval"), format: checkFormat(a), depth: 0 } }),
    render: renderValue,
  }),
  daemonCommand({
    command: "set",
    name: "set",
    summary: "Assign a new value to a variable in the selected frame",
    positionals: [
      { name: "variable", description: "name", required: true },
      { name: "value", description: "new value", required: true },
    ],
    call: (a) => ({ command: "set", args: { name: a.positionals[0], value: a.positionals.slice(1).join(" ") } }),
    render: (d) => `${d.name} = ${d.value}${d.type ? ` (${d.type})` : ""}`,
  }),
  daemonCommand({
    command: "registers",
    name: "registers",
    summary: "CPU registers of the selected frame (general purpose; --all for every set)",
    positionals: [{ name: "names", description: "only these registers (rip, rsp, …)", variadic: true }],
    flags: { all: { type: "boolean", description: "every register set, not only general purpose" } },
    call: (a) => ({ command: "registers", args: { names: a.positionals, all: bool(a, "all") } }),
    render: (d) => (d.registers.length ? d.registers.map((r: any) => `${r.name.padEnd(8)} ${r.value}`).join("\n") : "No registers."),
  }),
  daemonCommand({
    command: "memory.read",
    name: "memory read",
    summary: "Bytes at an address or pointer expression (&x, p->buf)",
    positionals: [{ name: "location", description: "0x7ffe… or an expression whose value is an address", required: true, variadic: true }],
    flags: {
      count: { type: "number", description: "how many bytes (default 64)", valueHint: "N" },
      format: { type: "string", alias: "f", description: "hex (with characters, default), bytes (decimal), words (32-bit), chars", valueHint: "hex|bytes|words|chars" },
    },
    examples: ["debugger memory read &total --count 4", "debugger memory read 0x7ffe1000", "debugger memory read buf --format chars --count 32"],
    call: (a) => {
      const format = str(a, "format");
      if (format !== undefined && !(MEMORY_FORMATS as readonly string[]).includes(format)) {
        throw new DebuggerError("USAGE", `--format is ${MEMORY_FORMATS.join(", ")}, not '${format}'`, "e.g. `debugger memory read &x --format words`");
      }
      return { command: "memory.read", args: { location: a.positionals.join(" "), count: num(a, "count"), format: format as MemoryFormat | undefined } };
    },
    render: (d) => (d.dump.length ? d.dump.join("\n") : "No bytes.") + (d.unreadable ? `\n(${d.unreadable} byte${d.unreadable === 1 ? "" : "s"} could not be read)` : ""),
  }),
  daemonCommand({
    command: "list",
    name: "list",
    aliases: ["source"],
    summary: "Source around the current line, a line, a range, a file or a function",
    positionals: [{ name: "location", description: "LINE, FROM-TO, FILE:LINE, FILE:FROM-TO, FILE or FUNCTION (default: the current line)", variadic: true }],
    flags: { lines: { type: "number", description: "lines before and after (default 5)", valueHint: "N" } },
    examples: ["debugger list", "debugger list parse_header", "debugger list src/main.c:40", "debugger list main.c:10-30", "debugger list 120 --lines 20"],
    call: (a) => ({ command: "list", args: { location: a.positionals.join(" ").trim() || undefined, lines: num(a, "lines") } }),
    render: (d: ListData, _a, ctx) => {
      const head = `${shortPath(d.file, ctx.cwd)}:${d.from}-${d.to} (of ${d.total})${d.function ? `: ${d.function} at line ${d.line}` : ""}${d.via ? " (from the adapter: no file on disk)" : ""}`;
      const others = d.others?.length ? `\n(also defined at ${d.others.map((o) => shortPath(o, ctx.cwd)).join(", ")})` : "";
      return `${head}\n${sourceBlock(d.lines) || "(no lines)"}${others}`;
    },
  }),
  daemonCommand({
    command: "disassemble",
    name: "disassemble",
    summary: "Instructions from the current one (or from ADDR)",
    positionals: [{ name: "address", description: "where to start (default: the selected frame's instruction)" }],
    flags: {
      count: { type: "number", description: "how many instructions (default 16)", valueHint: "N" },
      source: { type: "boolean", alias: "s", description: "each source line above its instructions" },
    },
    call: (a) => ({ command: "disassemble", args: { address: a.positionals[0], count: num(a, "count"), source: bool(a, "source") } }),
    render: (d, _a, ctx) =>
      d.instructions.length
        ? d.instructions
            .flatMap((i: any) => [
              ...(i.sourceText !== undefined ? [`${shortPath(i.file, ctx.cwd)}:${i.line}  ${i.sourceText.trim()}`] : []),
              `${i.current ? "→" : " "} ${i.address}  ${i.instruction}${i.line && i.sourceText === undefined && !d.instructions.some((x: any) => x.sourceText !== undefined) ? `  ; line ${i.line}` : ""}`,
            ])
            .join("\n")
        : "No instructions.",
  }),
  daemonCommand({
    command: "threads",
    name: "threads",
    summary: "List threads",
    call: () => ({ command: "threads", args: {} }),
    render: (d, _a, ctx) => {
      if (!d.threads.length) return "No threads.";
      const rows = d.threads.map((t: ThreadView) => {
        const state = t.state ? `  ${t.state}${t.reason ? ` (${t.reason})` : ""}` : "";
        return `${t.current ? "→" : " "} ${t.id}  ${t.name}${state}${t.frame ? `  in ${where(t.frame, ctx.cwd)}` : ""}`;
      });
      return [...rows, ...(d.truncated ?? []).map((n: string) => `(${n})`)].join("\n");
    },
  }),
  daemonCommand({
    command: "thread",
    name: "thread",
    summary: "Select a thread (or show the current one)",
    positionals: [{ name: "id", description: "thread id" }],
    call: (a) => {
      const id = a.positionals[0] === undefined ? undefined : Number(a.positionals[0]);
      if (id !== undefined && !Number.isInteger(id)) throw new DebuggerError("USAGE", `'${a.positionals[0]}' is not a thread id`, "`debugger threads` lists them");
      return { command: "thread", args: { id } };
    },
    render: (d) => `Current thread: ${d.threadId ?? "none"}`,
  }),
  daemonCommand({
    command: "events",
    name: "events",
    summary: "History of stops and exits in this session",
    flags: { limit: { type: "number", description: "the last N (default 20)", valueHint: "N" } },
    call: (a) => ({ command: "events", args: { limit: num(a, "limit") } }),
    render: (d, _a, ctx) =>
      d.events.length
        ? d.events.map((e: any) => `[${e.seq}] ${e.time.slice(11, 19)} ${stopReport({ ...e, source: [], locals: [], output: "", truncated: undefined }, ctx.cwd).split("\n")[0]}`).join("\n")
        : "No events yet.",
  }),
];

// The daemon's and the presenters' words are written for the shell (`debugger stop`); an MCP client
// calls tools. A command that is a tool is named as the tool instead, in a reply's text, in its
// error and in the message fields of its data; commands with no tool (doctor, setup, logs, daemon
// stop) are shell commands for the person and stay as they are. What the program printed, its
// source and its values are never rewritten.
import { isCommand, type CommandName } from "../ipc/meta.ts";
import { NOT_TOOLS, toolName } from "./tools.ts";

const CLI = /`debugger ([^`]*)`/g;

/** CLI words that are not a contract command's name. */
const CLI_WORDS: Record<string, string> = { break: "breakpoint_add", kill: "stop", watch: "watch_add" };

/** Commands with no tool of their own, and the tool that does what they do (./tools.ts NOT_TOOLS says why). */
const COVERED: Partial<Record<CommandName, string>> = {
  up: "frame",
  down: "frame",
  context: "frame",
  thread: "frame",
  args: "locals",
  threads: "backtrace",
  eval: "print",
  "watch.list": "breakpoint_list",
  events: "status",
};

/** Commands with no tool that a `batch` step runs (./tools.ts NOT_TOOLS). */
const BATCH_STEPS = new Set<CommandName>(["display", "undisplay", "breakpoint.enable", "breakpoint.disable"]);

export function toolHint(hint: string): string {
  if (!hint.includes("`debugger ")) return hint;
  return hint.replace(CLI, (whole, line: string) => {
    const words = line.trim().split(/\s+/);
    if (words[0] === "help") return "tools/list (each tool's inputSchema)";
    const two = `${words[0]}.${words[1]}`;
    if (!isCommand(two) && words[0]! in CLI_WORDS) return `the \`${CLI_WORDS[words[0]!]}\` tool`;
    const command = isCommand(two) ? two : (words[0] ?? "");
    if (!isCommand(command)) return whole;
    if (command in NOT_TOOLS)
      return command in COVERED ? `the \`${COVERED[command]}\` tool` : BATCH_STEPS.has(command) ? `a \`batch\` step {command: "${command}"}` : whole;
    // Arguments in CLI spelling (FILE:LINE, --flag) would mislead a tool call: the tool alone.
    return `the \`${toolName(command)}\` tool`;
  });
}

/** Fields of reply data that hold the daemon's own words (notes, warnings, what was cut and why). */
const MESSAGE_KEYS = new Set(["warnings", "notes", "truncated", "returnValueNote", "why", "done", "message", "hint"]);
/** Fields that hold the program's text (output, source, values, the runner's verdict): kept as they are. */
const PROGRAM_KEYS = new Set(["output", "console", "text", "sourceText", "value", "result", "description", "details", "summary", "lines", "source"]);

/** The data with its message fields naming tools (a copy where something changed). */
export function toolData<T>(data: T): T {
  return walk(data, false) as T;
}

function walk(value: unknown, message: boolean): unknown {
  if (typeof value === "string") return message ? toolHint(value) : value;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const w = walk(v, message);
      if (w !== v) changed = true;
      return w;
    });
    return changed ? out : value;
  }
  if (value && typeof value === "object") {
    let out: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(value)) {
      if (PROGRAM_KEYS.has(k)) continue;
      const w = walk(v, message || MESSAGE_KEYS.has(k));
      if (w !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = w;
    }
    return out ?? value;
  }
  return value;
}

/**
 * A reply's text with the presenters' and the daemon's words naming tools; a line that carries a
 * line of the program's own text (its output, its source) that says `debugger …` is left alone.
 */
export function toolText(text: string, data: unknown): string {
  if (!text.includes("`debugger ")) return text;
  const own = programLines(data).filter((l) => l.includes("`debugger "));
  return text
    .split("\n")
    .map((line) => (own.some((o) => line.includes(o)) ? line : toolHint(line)))
    .join("\n");
}

function programLines(value: unknown, program = false, out: string[] = []): string[] {
  if (typeof value === "string") {
    if (program) for (const l of value.split("\n")) if (l.trim()) out.push(l.trim());
  } else if (Array.isArray(value)) {
    for (const v of value) programLines(v, program, out);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) programLines(v, program || PROGRAM_KEYS.has(k), out);
  }
  return out;
}

// Inspection commands: where we are, the stack, variables, expressions, threads, history.
import { socketWaitMs } from "../ipc/socketTimeout.ts";
import { DebuggerError } from "../common/errors.ts";
import { MEMORY_FORMATS, type MemoryFormat } from "../common/memoryFormat.ts";
import { call } from "../ipc/calls.ts";
import type { ParsedArgs } from "./args.ts";
import { bool, ids, num, str, type Definition } from "./spec.ts";

function expression(a: ParsedArgs, what: string): string {
  const e = a.positionals.join(" ").trim();
  if (!e) throw new DebuggerError("USAGE", `${what} needs an expression`, `\`debugger ${what} 'a + b'\``);
  return e;
}

/** How long an evaluation may take; the CLI's socket waits a little longer. */
const answerTimeoutFlag = {
  timeout: { type: "number" as const, description: "seconds the evaluation may take (default 30; 0 waits forever)", valueHint: "SECONDS" },
};
export function answerSocketMs(a: ParsedArgs): number {
  return socketWaitMs(num(a, "timeout"), ANSWER_MARGIN_S);
}
/** Past an evaluation's --timeout: the reply's reads after it. */
const ANSWER_MARGIN_S = 30;
const formatFlag = {
  format: {
    type: "string" as const,
    alias: "f",
    description: "show integers as hex, bin, oct, dec, char, or a pointer as its address",
    valueHint: "hex|bin|oct|dec|char|address",
  },
};

const FORMATS = ["hex", "bin", "oct", "dec", "char", "address"] as const;

function checkFormat(a: ParsedArgs): (typeof FORMATS)[number] | undefined {
  const f = str(a, "format");
  if (f === undefined) return undefined;
  if (!(FORMATS as readonly string[]).includes(f))
    throw new DebuggerError("USAGE", `--format is ${FORMATS.join(", ")}, not '${f}'`, "e.g. `debugger print x --format hex`");
  return f as (typeof FORMATS)[number];
}

export const inspectionCommands: Definition[] = [
  {
    command: "context",
    name: "context",
    aliases: ["where"],
    flags: { lines: { type: "number", description: "source lines before and after (default 3)", valueHint: "N" } },
    call: (a) => call("context", { lines: num(a, "lines") }),
  },
  {
    command: "backtrace",
    name: "backtrace",
    aliases: ["bt"],
    flags: {
      limit: { type: "number", description: "at most N frames (default 50; with --all 1 per thread)", valueHint: "N" },
      locals: { type: "boolean", description: "show each frame's locals" },
      thread: { type: "number", description: "another thread's stack", valueHint: "ID" },
      all: { type: "boolean", alias: "a", description: "every thread: where it is, and its first frame in your code" },
    },
    call: (a) => {
      return call("backtrace", { limit: num(a, "limit"), locals: bool(a, "locals"), thread: num(a, "thread"), all: bool(a, "all") });
    },
  },
  {
    command: "frame",
    name: "frame",
    positionals: [{ name: "n", description: "frame index" }],
    flags: { thread: { type: "number", description: "select this thread first", valueHint: "ID" } },
    call: (a) => {
      const n = a.positionals[0] === undefined ? undefined : Number(a.positionals[0]);
      if (n !== undefined && (!Number.isInteger(n) || n < 0))
        throw new DebuggerError("USAGE", `'${a.positionals[0]}' is not a frame index`, "`debugger backtrace` lists them");
      return call("frame", { index: n, thread: num(a, "thread") });
    },
  },
  {
    command: "up",
    name: "up",
    positionals: [{ name: "n", description: "how many frames (default 1)" }],
    call: (a) => call("up", { count: a.positionals[0] ? Number(a.positionals[0]) : undefined }),
  },
  {
    command: "down",
    name: "down",
    positionals: [{ name: "n", description: "how many frames (default 1)" }],
    call: (a) => call("down", { count: a.positionals[0] ? Number(a.positionals[0]) : undefined }),
  },
  {
    command: "locals",
    name: "locals",
    flags: {
      depth: { type: "number", description: "expand structures N levels (default 0)", valueHint: "N" },
      all: { type: "boolean", description: "also the debugger's grouping rows (debugpy's special, function and class variables)" },
      scope: { type: "string", description: "another scope the adapter offers (globals, registers…), or all; each cut at 100", valueHint: "NAME" },
    },
    examples: ["debugger locals --scope globals", "debugger locals --scope all"],
    call: (a) => call("locals", { depth: num(a, "depth"), all: bool(a, "all"), scope: str(a, "scope") }),
  },
  {
    command: "args",
    name: "args",
    call: () => call("args", {}),
  },
  {
    command: "print",
    name: "print",
    aliases: ["p"],
    positionals: [{ name: "expression", description: "e.g. x  p->next  'add(1, 2)'", variadic: true, required: true }],
    flags: {
      ...formatFlag,
      depth: { type: "number", description: "expand structures N levels (default 1; one expression)", valueHint: "N" },
      frame: { type: "number", description: "evaluate in frame N of the stop (`backtrace` numbers them); the selected frame stays", valueHint: "N" },
      ...answerTimeoutFlag,
    },
    examples: [
      "debugger print total",
      "debugger print i 'scores[i]' st.sum",
      "debugger print --frame 1 len buf",
      "debugger print 'slow_check()' --timeout 120",
    ],
    socketTimeoutMs: answerSocketMs,
    call: (a) => {
      const expressions = a.positionals.map((e) => e.trim()).filter(Boolean);
      if (!expressions.length) throw new DebuggerError("USAGE", "print needs an expression", "`debugger print 'a + b'`");
      const frame = num(a, "frame");
      if (frame !== undefined && (!Number.isInteger(frame) || frame < 0))
        throw new DebuggerError("USAGE", `--frame takes a frame number (0, 1, …), not '${frame}'`, "`debugger backtrace` numbers the frames");
      return call("print", { expressions, format: checkFormat(a), depth: num(a, "depth"), timeout: num(a, "timeout"), frame });
    },
  },
  {
    command: "display",
    name: "display",
    positionals: [{ name: "expression", description: "e.g. total  'p->next'", variadic: true }],
    examples: ["debugger display total 'list->len'", "debugger display"],
    call: (a) => call("display", { expressions: a.positionals.map((e) => e.trim()).filter(Boolean) }),
  },
  {
    command: "undisplay",
    name: "undisplay",
    positionals: [{ name: "ids", description: "display ids", variadic: true }],
    flags: { all: { type: "boolean", description: "remove every display" } },
    call: (a) => call("undisplay", { ids: ids(a.positionals, "display id"), all: bool(a, "all") }),
  },
  {
    command: "eval",
    name: "eval",
    positionals: [{ name: "expression", description: "expression or statement", variadic: true, required: true }],
    flags: { ...formatFlag, ...answerTimeoutFlag },
    socketTimeoutMs: answerSocketMs,
    call: (a) => call("eval", { expression: expression(a, "eval"), format: checkFormat(a), depth: 0, timeout: num(a, "timeout") }),
  },
  {
    command: "set",
    name: "set",
    positionals: [
      { name: "variable", description: "name", required: true },
      { name: "value", description: "new value", required: true },
    ],
    call: (a) => call("set", { name: a.positionals[0], value: a.positionals.slice(1).join(" ") }),
  },
  {
    command: "registers",
    name: "registers",
    positionals: [{ name: "names", description: "only these registers (rip, rsp, …)", variadic: true }],
    flags: { all: { type: "boolean", description: "every register set, not only general purpose" } },
    call: (a) => call("registers", { names: a.positionals, all: bool(a, "all") }),
  },
  {
    word: "memory",
    default: "read",
    commands: [
      {
        command: "memory.read",
        name: "read",
        positionals: [{ name: "location", description: "0x7ffe… or an expression whose value is an address", required: true, variadic: true }],
        flags: {
          count: { type: "number", description: "how many bytes (default 64)", valueHint: "N" },
          format: {
            type: "string",
            alias: "f",
            description: "hex (with characters, default), bytes (decimal), words (32-bit), chars",
            valueHint: "hex|bytes|words|chars",
          },
        },
        examples: ["debugger memory read &total --count 4", "debugger memory read 0x7ffe1000", "debugger memory read buf --format chars --count 32"],
        call: (a) => {
          const format = str(a, "format");
          if (format !== undefined && !(MEMORY_FORMATS as readonly string[]).includes(format)) {
            throw new DebuggerError("USAGE", `--format is ${MEMORY_FORMATS.join(", ")}, not '${format}'`, "e.g. `debugger memory read &x --format words`");
          }
          return call("memory.read", { location: a.positionals.join(" "), count: num(a, "count"), format: format as MemoryFormat | undefined });
        },
      },
    ],
  },
  {
    command: "list",
    name: "list",
    aliases: ["source"],
    positionals: [{ name: "location", description: "LINE, FROM-TO, FILE:LINE, FILE:FROM-TO, FILE or FUNCTION (default: the current line)", variadic: true }],
    flags: { lines: { type: "number", description: "lines before and after (default 5)", valueHint: "N" } },
    examples: ["debugger list", "debugger list parse_header", "debugger list src/main.c:40", "debugger list main.c:10-30", "debugger list 120 --lines 20"],
    call: (a) => call("list", { location: a.positionals.join(" ").trim() || undefined, lines: num(a, "lines") }),
  },
  {
    command: "disassemble",
    name: "disassemble",
    positionals: [{ name: "address", description: "where to start (default: the selected frame's instruction); with --function, a function's name" }],
    flags: {
      count: { type: "number", description: "how many instructions (default 16; with --function, at most N, default 400)", valueHint: "N" },
      function: { type: "boolean", alias: "f", description: "the whole function: the selected frame's, or the one named" },
      source: { type: "boolean", alias: "s", description: "each source line above its instructions" },
    },
    examples: ["debugger disassemble --function", "debugger disassemble --function parse --source"],
    call: (a) => {
      if (!bool(a, "function")) return call("disassemble", { address: a.positionals[0], count: num(a, "count"), source: bool(a, "source") });
      const name = a.positionals[0];
      if (name !== undefined && /^(0x[0-9a-f]+|\d+)$/i.test(name))
        throw new DebuggerError(
          "USAGE",
          `--function takes a function's name, not the address '${name}'`,
          "`debugger disassemble ADDR --count N` disassembles from an address",
        );
      return call("disassemble", { function: name ?? true, count: num(a, "count"), source: bool(a, "source") });
    },
  },
  {
    command: "threads",
    name: "threads",
    call: () => call("threads", {}),
  },
  {
    command: "thread",
    name: "thread",
    positionals: [{ name: "id", description: "thread id" }],
    call: (a) => {
      const id = a.positionals[0] === undefined ? undefined : Number(a.positionals[0]);
      if (id !== undefined && !Number.isInteger(id))
        throw new DebuggerError("USAGE", `'${a.positionals[0]}' is not a thread id`, "`debugger threads` lists them");
      return call("thread", { id });
    },
  },
  {
    command: "events",
    name: "events",
    flags: { limit: { type: "number", description: "the last N (default 20)", valueHint: "N" } },
    call: (a) => call("events", { limit: num(a, "limit") }),
  },
];

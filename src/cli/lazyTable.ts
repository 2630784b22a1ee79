// The command path's table: a command's words name the one definition file that holds it, and
// only that file is loaded and laid flat (`threads` builds the inspection commands, not every
// command's spec: the full table cost a compiled `threads` ~2.6 M instructions at load,
// BENCHMARKS.md "Micro rows"). Help, completion, batch and local bodies still get the full table
// (registry.ts). Anything the index does not place, or that its file does not find, is asked of
// the full table, so an unknown word's error and its "did you mean" are the full table's;
// test/unit/lazyTable.test.ts holds the index equal to the definition files.
import type { CommandLineTable, CommandTable, Definition, Found } from "./spec.ts";
import { checkPositionals, findIn, flagsOf, flatten, splitWith } from "./tableCore.ts";

/** A definition file: the first words its commands take (names, aliases, group words) and its loader. */
export interface IndexedFile {
  words: readonly string[];
  load(): Promise<Definition[]>;
}

// Each loader is a dynamic import, so each file is a chunk of its own in the compiled program.
export const INDEX: readonly IndexedFile[] = [
  {
    // biome-ignore format: the words as two lines, not one a line
    words: [
      "context", "where", "backtrace", "bt", "frame", "up", "down", "locals", "args", "print", "p", "display", "undisplay", "eval", "set",
      "registers", "memory", "list", "source", "disassemble", "threads", "thread", "events",
    ],
    load: async () => (await import("./inspection.ts")).inspectionCommands,
  },
  {
    words: ["continue", "c", "next", "n", "step", "s", "finish", "out", "until", "pause", "trace", "await"],
    load: async () => (await import("./execution.ts")).executionCommands,
  },
  { words: ["breakpoint", "catch", "watch"], load: async () => (await import("./breakpoints.ts")).breakpointCommands },
  {
    words: ["start", "configs", "attach", "stop", "kill", "detach", "restart", "status", "sessions"],
    load: async () => (await import("./session.ts")).sessionCommands,
  },
  { words: ["run"], load: async () => (await import("./oneShot.ts")).runCommands },
  { words: ["diff"], load: async () => (await import("./diff.ts")).diffCommands },
  { words: ["test"], load: async () => (await import("./test.ts")).testCommands },
  { words: ["output"], load: async () => (await import("./output.ts")).outputCommands },
  { words: ["raw", "daemon", "logs", "version"], load: async () => (await import("./tools.ts")).toolCommands },
  { words: ["guide"], load: async () => (await import("./guide.ts")).guideCommands },
  { words: ["mcp"], load: async () => (await import("./mcp.ts")).mcpCommands },
  { words: ["batch"], load: async () => (await import("./batchCommand.ts")).batchCommands },
  { words: ["doctor", "setup", "uninstall", "completion"], load: async () => (await import("./admin.ts")).adminCommands },
];

/** The group words with their default sub-command, and their other spellings: what splits a line. */
export const GROUPS: Record<string, string | undefined> = { breakpoint: "list", daemon: undefined, memory: "read", watch: "add" };
export const GROUP_ALIASES: Record<string, string> = { bp: "breakpoint", breakpoints: "breakpoint" };

/** The full table, loaded when a command needs it (help, completion, batch, a local body). */
export async function fullTable(): Promise<CommandTable> {
  return (await import("./registry.ts")).table;
}

async function findCommand(words: string[]): Promise<Found> {
  const first = words[0]!;
  const word = GROUP_ALIASES[first] ?? first;
  // A loop, not Array.prototype.find: each array builtin's first call costs ~0.1 ms on this path.
  for (const file of INDEX) {
    if (!file.words.includes(word)) continue;
    try {
      return findIn(flatten(await file.load()), words);
    } catch {
      break;
    }
  }
  return (await fullTable()).findCommand(words);
}

export const lazyTable: CommandLineTable = {
  groups: GROUPS,
  groupAliases: GROUP_ALIASES,
  flagsOf,
  findCommand,
  splitCommandLine: (argv) => splitWith(argv, GROUPS, GROUP_ALIASES),
  checkPositionals,
};

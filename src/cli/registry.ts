// The command registry: every CLI command, the global flags, the groups with sub-commands, and
// how a command line is split into the command's words and everything else. run.ts, help.ts and
// completion.ts all read it, so what is parsed, what help shows and what completes are one list.
import { DebuggerError } from "../common/errors.ts";
import { completionCommands, doctorCommands, setupCommands } from "./admin.ts";
import { closest, isNegativeNumber, type FlagDef } from "./args.ts";
import { batchCommands } from "./batchCommand.ts";
import { breakpointCommands } from "./breakpoints.ts";
import { executionCommands } from "./execution.ts";
import { inspectionCommands } from "./inspection.ts";
import { outputCommands } from "./output.ts";
import { sessionCommands } from "./session.ts";
import type { CommandSpec } from "./spec.ts";
import { toolCommands } from "./tools.ts";
import { guideCommands } from "./guide.ts";
import { mcpCommands } from "./mcp.ts";
import { runCommands } from "./oneShot.ts";

export const commands: CommandSpec[] = [...sessionCommands, ...runCommands, ...breakpointCommands, ...executionCommands, ...inspectionCommands, ...outputCommands, ...toolCommands, ...guideCommands, ...mcpCommands, ...batchCommands, ...doctorCommands, ...setupCommands, ...completionCommands];

/** Flags every command takes, anywhere on the line (before `--`). */
export const globalFlags: Record<string, FlagDef> = {
  session: { type: "string", description: "session name (default $DEBUGGER_SESSION, [defaults] session in config.toml, or 'default')", valueHint: "NAME" },
  json: { type: "boolean", description: "print one JSON document" },
  quiet: { type: "boolean", description: "print nothing on success" },
  help: { type: "boolean", alias: "h", description: "show help" },
};

export const executionFlags: Record<string, FlagDef> = {
  timeout: { type: "number", description: "seconds to wait for the stop (default 60 or [timeouts] execution; 0 waits forever)", valueHint: "SECONDS" },
  wait: { type: "boolean", description: "wait for the stop (--no-wait returns at once)" },
};

/** Group words that need a second word (`breakpoint add`), with the default sub-command. */
export const groups: Record<string, string | undefined> = { breakpoint: "list", daemon: undefined, memory: "read", watch: "add" };
/** Groups whose default sub-command also takes the words that follow (`watch total` is `watch add total`). */
const openGroups = new Set(["watch"]);
export const groupAliases: Record<string, string> = { bp: "breakpoint", breakpoints: "breakpoint" };

export function flagsOf(spec: CommandSpec): Record<string, FlagDef> {
  return { ...globalFlags, ...(spec.execution ? executionFlags : {}), ...(spec.flags ?? {}) };
}

export function subCommands(group: string): CommandSpec[] {
  return commands.filter((c) => c.name.startsWith(`${group} `));
}

export interface Found {
  spec: CommandSpec;
  /** How many command words were used (1 or 2). */
  used: number;
  /** The group named, when the first word is one. */
  group?: string;
  /** The sub-command was written out (not the group's default). */
  explicitSub: boolean;
}

export function findCommand(words: string[]): Found {
  const first = words[0]!;
  const group = groupAliases[first] ?? first;
  if (group in groups) {
    const sub = words[1] && !words[1].startsWith("-") ? words[1] : undefined;
    const name = `${group} ${sub ?? groups[group] ?? ""}`.trim();
    const spec = commands.find((c) => c.name === name || (sub && c.name.startsWith(`${group} `) && c.aliases?.includes(sub)));
    if (spec) return { spec, used: sub ? 2 : 1, group, explicitSub: !!sub };
    const fallback = openGroups.has(group) ? commands.find((c) => c.name === `${group} ${groups[group]}`) : undefined;
    if (fallback) return { spec: fallback, used: 1, group, explicitSub: false };
    const subs = subCommands(group).map((c) => c.name.slice(group.length + 1));
    const guess = sub ? closest(sub, subs) : undefined;
    throw new DebuggerError("UNKNOWN_COMMAND", sub ? `unknown command '${group} ${sub}'` : `'${group}' needs a sub-command`, guess ? `did you mean \`debugger ${group} ${guess}\`?` : `sub-commands: ${subs.join(", ")}`);
  }
  // A loop, not Array.prototype.find: this runs on every command, where each array builtin's first call costs ~0.1 ms.
  for (const spec of commands) if (spec.name === first || spec.aliases?.includes(first)) return { spec, used: 1, explicitSub: false };
  const names = [...commands.flatMap((c) => [c.name.split(" ")[0]!, ...(c.aliases ?? [])]), ...Object.keys(groups)];
  const guess = closest(first, [...new Set(names)]);
  throw new DebuggerError("UNKNOWN_COMMAND", `unknown command '${first}'`, guess ? `did you mean \`debugger ${guess}\`? (\`debugger --help\` lists the commands)` : "`debugger --help` lists the commands");
}

/** A command line split into the command's words and the rest, which still holds every flag. */
export interface CommandLine {
  /** The command's words (`breakpoint`, `add`), global flags and their values taken out. */
  words: string[];
  /** Everything else in order: flags (global ones included), positionals, `--` and the program's words. */
  rest: string[];
  /** `-v` / `--version` before the command. */
  version: boolean;
}

const VERSION_FLAGS = new Set(["-v", "-V", "--version"]);

/** Is WORD a global flag? Returns whether it takes the next word as its value. */
function globalFlag(word: string): { takesNext: boolean } | undefined {
  if (word === "-h") return { takesNext: false };
  if (!word.startsWith("--")) return undefined;
  const eq = word.indexOf("=");
  let name = eq >= 0 ? word.slice(2, eq) : word.slice(2);
  if (name.startsWith("no-") && globalFlags[name.slice(3)]?.type === "boolean") name = name.slice(3);
  const def = globalFlags[name];
  if (!def) return undefined;
  return { takesNext: def.type !== "boolean" && eq < 0 };
}

/**
 * Finds the command's words wherever the global flags are: `debugger --session api --json start
 * ./app` and `debugger start ./app --session api --json` give the same words and flags. Before
 * the command only global flags are allowed; an unknown one is an error with a suggestion.
 */
export function splitCommandLine(argv: readonly string[]): CommandLine {
  const words: string[] = [];
  const rest: string[] = [];
  let version = false;
  let i = 0;
  // At most two words (group and sub-command); after the first, a non-global flag ends the search.
  while (i < argv.length && words.length < 2) {
    const word = argv[i]!;
    if (word === "--") break;
    if (word.startsWith("-") && word !== "-" && !isNegativeNumber(word)) {
      if (!words.length && VERSION_FLAGS.has(word)) {
        version = true;
        i++;
        continue;
      }
      const g = globalFlag(word);
      if (!g) {
        if (words.length) break;
        const guess = closest(word.replace(/=.*$/, ""), [...Object.keys(globalFlags).map((n) => `--${n}`), "--version"]);
        throw new DebuggerError("UNKNOWN_FLAG", `unknown flag '${word}' before the command`, guess ? `did you mean ${guess}? (\`debugger --help\` lists the commands and global flags)` : "only global flags (--session, --json, --quiet, --help, --version) may come before the command; `debugger --help`");
      }
      rest.push(word);
      if (g.takesNext && i + 1 < argv.length) rest.push(argv[++i]!);
      i++;
      continue;
    }
    if (words.length === 1 && !((groupAliases[words[0]!] ?? words[0]!) in groups)) break;
    if (words.length === 0 && word === "help") {
      // `help breakpoint add`: every following word names the command.
      words.push(word);
      i++;
      continue;
    }
    words.push(word);
    i++;
  }
  if (words[0] === "help") {
    while (i < argv.length && !argv[i]!.startsWith("-")) words.push(argv[i++]!);
  }
  rest.push(...argv.slice(i));
  return { words, rest, version };
}

/**
 * A session name is a file-name-like word: it names the session in the daemon and in messages,
 * and a path-like name (`../x`) must never reach anything that builds paths from it.
 */
export function checkSessionName(name: string, from: string): string {
  const hint = "names use letters, digits, '.', '_' and '-' (not first '.'), at most 64 characters, e.g. --session api";
  if (name === "") throw new DebuggerError("USAGE", `${from} is empty`, hint);
  if (name.length > 64) throw new DebuggerError("USAGE", `${from} is ${name.length} characters long (at most 64)`, hint);
  if (!isSessionName(name)) throw new DebuggerError("USAGE", `${from} '${name}' is not a valid session name`, hint);
  return name;
}

/** [A-Za-z0-9_-][A-Za-z0-9._-]*, checked without a regular expression (the first one a process uses costs ~0.4 ms). */
function isSessionName(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const ok = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 45 || (c === 46 && i > 0);
    if (!ok) return false;
  }
  return name.length > 0;
}

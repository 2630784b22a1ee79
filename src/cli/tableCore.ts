// What the command table does, apart from the table: the global flags, how a command line is
// split into the command's words, how words find a command in a list of definitions laid flat,
// and the positional rules. The full table (registry.ts: every definition file, for help,
// completion and batch) and the command path's lazy one (lazyTable.ts: only the invoked command's
// file) are both built from these, so a command is found, parsed and checked the same way by both.
import { DebuggerError } from "../common/errors.ts";
import { interpreterNamed } from "../common/launchMistakes.ts";
import { meta, metaOf, type Group } from "../ipc/meta.ts";
import { closest, isNegativeNumber, type FlagDef, type PositionalDef } from "./args.ts";
import { isDaemonSpec, isGroupSpec, type CommandLine, type CommandSpec, type Definition, type Found, type GroupSpec } from "./spec.ts";

/** Definitions laid flat: commands (a group's as `group sub`), the groups' words and spellings. */
export interface Flat {
  commands: CommandSpec[];
  /** Group words that need a second word (`breakpoint add`), with the default sub-command. */
  groups: Record<string, string | undefined>;
  /** Groups whose default sub-command also takes the words that follow (`watch total` is `watch add total`). */
  openGroups: Set<string>;
  groupAliases: Record<string, string>;
}

export function flatten(definitions: Definition[]): Flat {
  const flat: Flat = { commands: [], groups: {}, openGroups: new Set(), groupAliases: {} };
  const groupSpecs: GroupSpec[] = [];
  // Loops, not flatMap/filter: this runs on every command, where each array builtin's first call costs ~0.1 ms.
  for (const d of definitions) {
    if (!isGroupSpec(d)) {
      flat.commands.push(d);
      continue;
    }
    for (const c of d.commands) flat.commands.push({ ...c, name: `${d.word} ${c.name}` });
    groupSpecs.push(d);
  }
  // Groups in the order of their words (completion lists them so).
  for (const g of groupSpecs.sort((a, b) => (a.word < b.word ? -1 : 1))) {
    flat.groups[g.word] = g.default;
    if (g.open) flat.openGroups.add(g.word);
    for (const a of g.aliases ?? []) flat.groupAliases[a] = g.word;
  }
  return flat;
}

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

/** Waits for a stop: takes --timeout and --no-wait. */
export function isExecution(spec: CommandSpec): boolean {
  return isDaemonSpec(spec) && metaOf(spec.command).execution === true;
}

export function groupOf(spec: CommandSpec): Group {
  return isDaemonSpec(spec) ? meta[spec.command].group : spec.group;
}

export function summaryOf(spec: CommandSpec): string {
  return spec.summary ?? (isDaemonSpec(spec) ? meta[spec.command].summary : "");
}

export function flagsOf(spec: CommandSpec): Record<string, FlagDef> {
  return { ...globalFlags, ...(isExecution(spec) ? executionFlags : {}), ...(spec.flags ?? {}) };
}

export function subCommandsIn(commands: CommandSpec[], group: string): CommandSpec[] {
  return commands.filter((c) => c.name.startsWith(`${group} `));
}

/** The command the words name in `t`, or UNKNOWN_COMMAND with the nearest spelling in `t`. */
export function findIn(t: Flat, words: string[]): Found {
  const { commands, groups, groupAliases, openGroups } = t;
  const first = words[0]!;
  const group = groupAliases[first] ?? first;
  if (group in groups) {
    const sub = words[1] && !words[1].startsWith("-") ? words[1] : undefined;
    const name = `${group} ${sub ?? groups[group] ?? ""}`.trim();
    const spec = commands.find((c) => c.name === name || (sub && c.name.startsWith(`${group} `) && c.aliases?.includes(sub)));
    if (spec) return { spec, used: sub ? 2 : 1, group, explicitSub: !!sub };
    const fallback = openGroups.has(group) ? commands.find((c) => c.name === `${group} ${groups[group]}`) : undefined;
    if (fallback) return { spec: fallback, used: 1, group, explicitSub: false };
    const subs = subCommandsIn(commands, group).map((c) => c.name.slice(group.length + 1));
    const guess = sub ? closest(sub, subs) : undefined;
    throw new DebuggerError(
      "UNKNOWN_COMMAND",
      sub ? `unknown command '${group} ${sub}'` : `'${group}' needs a sub-command`,
      guess ? `did you mean \`debugger ${group} ${guess}\`?` : `sub-commands: ${subs.join(", ")}`,
    );
  }
  // A loop, not Array.prototype.find: this runs on every command, where each array builtin's first call costs ~0.1 ms.
  for (const spec of commands) if (spec.name === first || spec.aliases?.includes(first)) return { spec, used: 1, explicitSub: false };
  const names = [...commands.flatMap((c) => [c.name.split(" ")[0]!, ...(c.aliases ?? [])]), ...Object.keys(groups)];
  const guess = closest(first, [...new Set(names)]);
  throw new DebuggerError(
    "UNKNOWN_COMMAND",
    `unknown command '${first}'`,
    guess ? `did you mean \`debugger ${guess}\`? (\`debugger --help\` lists the commands)` : "`debugger --help` lists the commands",
  );
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
 * the command only global flags are allowed; an unknown one is an error with a suggestion. Only
 * the group words (and their other spellings) are needed to tell where the command's words end.
 */
export function splitWith(argv: readonly string[], groups: Record<string, unknown>, groupAliases: Record<string, string>): CommandLine {
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
        throw new DebuggerError(
          "UNKNOWN_FLAG",
          `unknown flag '${word}' before the command`,
          guess
            ? `did you mean ${guess}? (\`debugger --help\` lists the commands and global flags)`
            : "only global flags (--session, --json, --quiet, --help, --version) may come before the command; `debugger --help`",
        );
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

/** The positional-argument rules every command shares; used for each line of a batch too. */
export function checkPositionals(spec: CommandSpec, parsed: { positionals: string[]; sawDoubleDash: boolean }): void {
  if (parsed.sawDoubleDash && !spec.passThrough) {
    throw new DebuggerError("USAGE", `'${spec.name}' takes no program arguments after --`, `\`debugger ${spec.name} --help\``);
  }
  const positionals = spec.positionals ?? [];
  // Loops, not filter/some: this runs on every command, where each array builtin's first call costs ~0.1 ms.
  const required: PositionalDef[] = [];
  let variadic = false;
  for (const p of positionals) {
    if (p.required) required.push(p);
    if (p.variadic) variadic = true;
  }
  if (parsed.positionals.length < required.length) {
    const missing = required[parsed.positionals.length]!;
    throw new DebuggerError("USAGE", `'${spec.name}' needs ${missing.name.toUpperCase()} (${missing.description})`, `\`debugger ${spec.name} --help\``);
  }
  // `run python3 app.py`, `start node dist/main.js`: the interpreter and its script (the daemon runs the script).
  const script = spec.passThrough && positionals.length === 1 && parsed.positionals.length === 2 && interpreterNamed(parsed.positionals[0]);
  if (!variadic && !script && parsed.positionals.length > positionals.length) {
    const extra = parsed.positionals[positionals.length]!;
    // A command that takes nothing but what follows -- (`test -- pytest -x`).
    const hint =
      spec.passThrough && !positionals.length
        ? `the command goes after --: \`debugger ${spec.name} -- ${parsed.positionals.join(" ")}\``
        : spec.passThrough
          ? `program arguments go after --: \`debugger ${spec.name} ${parsed.positionals[0]} -- ${parsed.positionals.slice(1).join(" ")}\``
          : `\`debugger ${spec.name} --help\``;
    throw new DebuggerError("USAGE", `unexpected argument '${extra}' for '${spec.name}'`, hint);
  }
}

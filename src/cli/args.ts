// Strict argv parsing: unknown flags are errors with a suggestion, flags may repeat, values may
// follow `=` or the next word, and everything after `--` belongs to the program.
import { DebuggerError } from "../common/errors.ts";
import { closest } from "../common/similar.ts";

export interface FlagDef {
  type: "string" | "boolean" | "number";
  description: string;
  alias?: string;
  /** May be given several times; the value is an array. */
  repeat?: boolean;
  valueHint?: string;
  /** A flag with a value that `--no-NAME` also turns off (attach's `--wait NAME` and `--no-wait`). */
  negatable?: boolean;
  /** Rarely needed: `help COMMAND` names it without its description (`help COMMAND --all` gives it). */
  rare?: boolean;
}

export interface PositionalDef {
  name: string;
  description: string;
  required?: boolean;
  /** Takes every remaining word. */
  variadic?: boolean;
}

/**
 * `-5` (a dash and an ASCII digit): a value, not a flag. Written without a regular expression:
 * every command line goes through here, and a process's first regular expression costs ~0.4 ms.
 */
export function isNegativeNumber(word: string): boolean {
  const c = word.charCodeAt(1);
  return word.charCodeAt(0) === 45 && c >= 48 && c <= 57;
}

export interface ParsedArgs {
  positionals: string[];
  flags: Record<string, string | number | boolean | string[] | undefined>;
  /** Words after `--`. */
  rest: string[];
  sawDoubleDash: boolean;
}

export function parseArgv(argv: readonly string[], flags: Record<string, FlagDef>, command: string): ParsedArgs {
  const out: ParsedArgs = { positionals: [], flags: {}, rest: [], sawDoubleDash: false };
  const byAlias = new Map<string, string>();
  for (const [name, def] of Object.entries(flags)) if (def.alias) byAlias.set(def.alias, name);
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === "--") {
      out.rest = argv.slice(i + 1);
      out.sawDoubleDash = true;
      break;
    }
    // `-5` and `-` are values, not flags.
    if (!word.startsWith("-") || word === "-" || isNegativeNumber(word)) {
      out.positionals.push(word);
      continue;
    }
    let name: string;
    let inline: string | undefined;
    if (word.startsWith("--")) {
      const eq = word.indexOf("=");
      name = eq >= 0 ? word.slice(2, eq) : word.slice(2);
      inline = eq >= 0 ? word.slice(eq + 1) : undefined;
    } else {
      const short = word.slice(1);
      const long = byAlias.get(short);
      if (!long) throw unknownFlag(word, flags, command);
      name = long;
    }
    let def = flags[name];
    let negated = false;
    if (!def && name.startsWith("no-") && (flags[name.slice(3)]?.type === "boolean" || flags[name.slice(3)]?.negatable)) {
      def = flags[name.slice(3)];
      name = name.slice(3);
      negated = true;
    }
    if (!def) throw unknownFlag(word, flags, command);
    if (negated && def.type !== "boolean") {
      if (inline !== undefined) throw usage(`--no-${name} takes no value (got '${inline}')`, command);
      out.flags[name] = false;
      continue;
    }
    if (def.type === "boolean") {
      if (inline !== undefined) {
        if (!/^(true|false)$/.test(inline)) throw usage(`--${name} takes no value (got '${inline}')`, command);
        out.flags[name] = (inline === "true") !== negated;
      } else out.flags[name] = !negated;
      continue;
    }
    let value = inline;
    if (value === undefined) {
      const next = argv[i + 1];
      if (next === undefined || next === "--" || (next.startsWith("--") && next.length > 2))
        throw usage(`--${name} needs a value${def.valueHint ? ` (${def.valueHint})` : ""}`, command);
      value = argv[++i]!;
    }
    let typed: string | number = value;
    if (def.type === "number") {
      typed = Number(value);
      if (value.trim() === "" || !Number.isFinite(typed)) throw usage(`--${name} takes a number, not '${value}'`, command);
    }
    if (def.repeat) (out.flags[name] ??= [] as string[]) && (out.flags[name] as string[]).push(String(typed));
    else out.flags[name] = typed;
  }
  return out;
}

function usage(message: string, command: string): DebuggerError {
  return new DebuggerError("USAGE", message, `\`debugger ${command} --help\` shows the usage`);
}

/** Other debuggers' flags for what a command does another way: the pointer instead of "unknown". */
const CONTEXT_LINES = "`--lines N` sets how many source lines are shown around the stop";
const TYPE_SHOWN = "the type is always shown: after the value in text, as `type` with --json";
const POINTERS: Record<string, Record<string, string>> = {
  context: { "--context": CONTEXT_LINES, "-C": CONTEXT_LINES, "--source": CONTEXT_LINES, "--around": CONTEXT_LINES },
  list: { "--context": "`--lines N` sets how many lines are shown before and after", "-C": "`--lines N` sets how many lines are shown before and after" },
  print: { "--type": TYPE_SHOWN, "--types": TYPE_SHOWN, "--show-type": TYPE_SHOWN, "--ptype": TYPE_SHOWN, "--whatis": TYPE_SHOWN },
  eval: { "--type": TYPE_SHOWN, "--types": TYPE_SHOWN, "--show-type": TYPE_SHOWN },
  locals: {
    "--type": "each variable's type is always shown: after its value in text, as `type` with --json",
    "--types": "each variable's type is always shown: after its value in text, as `type` with --json",
  },
  backtrace: { "--full": "`--locals` shows each frame's locals (gdb's `bt full`)" },
  stop: {
    "--daemon": "stop ends the session only; `debugger daemon stop` ends the daemon and every session",
    "--all": "stop ends one session; `debugger daemon stop` ends the daemon and every session",
  },
};

function unknownFlag(word: string, flags: Record<string, FlagDef>, command: string): DebuggerError {
  const names = Object.keys(flags).map((n) => `--${n}`);
  const bare = word.replace(/=.*$/, "");
  const pointer = POINTERS[command]?.[bare];
  if (pointer) return new DebuggerError("UNKNOWN_FLAG", `unknown flag '${word}' for '${command}'`, `${pointer} (\`debugger ${command} --help\`)`);
  const guess = closest(bare, names);
  return new DebuggerError(
    "UNKNOWN_FLAG",
    `unknown flag '${word}' for '${command}'`,
    guess ? `did you mean ${guess}? (\`debugger ${command} --help\`)` : `\`debugger ${command} --help\` lists its flags`,
  );
}

// Shared with the config file's "did you mean".
export { closest, editDistance } from "../common/similar.ts";

// --help text: the command list by section, a group with its sub-commands, one command's usage.
// Sections come from each command's contract group (or a local command's own group), so a new
// command cannot land under the wrong heading. Text fits the terminal; colours only where
// useColor says so. Loaded only for help; the command table comes from the caller.
import type { Group } from "../ipc/meta.ts";
import type { FlagDef } from "./args.ts";
import { useColor } from "./messages.ts";
import type { CommandSpec, CommandTable } from "./spec.ts";

const SECTIONS: Record<Group, string> = {
  session: "Session",
  breakpoints: "Breakpoints",
  execution: "Execution (wait for the stop and print it)",
  inspection: "Inspection",
  output: "Output",
  tools: "Tools",
};

/** Section names on the one-line-a-section list. */
const SHORT_SECTIONS: Record<Group, string> = {
  session: "Session",
  breakpoints: "Breakpoints",
  execution: "Execution",
  inspection: "Inspection",
  output: "Output",
  tools: "Tools",
};

const GROUP_SUMMARIES: Record<string, string> = {
  breakpoint: "Line, function and address breakpoints",
  watch: "Watchpoints: stop when a variable or lvalue is written (or read)",
  memory: "The program's memory",
  daemon: "The background daemon that keeps the sessions",
};

interface Style {
  heading(s: string): string;
  name(s: string): string;
}

/** Help asked for with --json (or DEBUGGER_JSON) is plain text: no colours, whatever FORCE_COLOR says. */
let plain = false;
export function plainHelp(on: boolean): void {
  plain = on;
}

function style(): Style {
  const on = !plain && useColor(process.stdout);
  return {
    heading: (s) => (on ? `\x1b[1m${s}\x1b[22m` : s),
    name: (s) => (on ? `\x1b[36m${s}\x1b[39m` : s),
  };
}

export function terminalWidth(): number {
  const c = process.stdout.columns;
  return typeof c === "number" && c >= 40 ? Math.min(c, 120) : 80;
}

/** Words of TEXT in lines of at most WIDTH characters (a longer word gets a line of its own). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
}

/** Two columns: names on the left, wrapped descriptions on the right. */
export function table(rows: [string, string][], width: number, s: Style, maxLeft = 28, minLeft = 0): string[] {
  const left = Math.max(minLeft, Math.min(maxLeft, Math.max(...rows.map(([l]) => l.length))));
  const indent = 2;
  const rightWidth = Math.max(20, width - indent - left - 2);
  const out: string[] = [];
  for (const [l, r] of rows) {
    const desc = wrap(r, rightWidth);
    const pad = " ".repeat(indent + left + 2);
    if (l.length > left) {
      out.push(" ".repeat(indent) + s.name(l));
      for (const d of desc) out.push(pad + d);
    } else {
      out.push(" ".repeat(indent) + s.name(l) + " ".repeat(left - l.length + 2) + desc[0]);
      for (const d of desc.slice(1)) out.push(pad + d);
    }
  }
  return out;
}

function paragraph(text: string, width: number): string[] {
  return wrap(text, width);
}

/**
 * `debugger --help` (and `debugger help`): the one page a new agent reads before its first hunt,
 * so it teaches the hunt itself, by examples: `run` with a condition and per-breakpoint prints, a
 * script, `test` for each runner, a session one command a line, then every command by name and
 * where the rest is. Measured on blind hunts (issue 31): agents read `--help` and then 2–3 more
 * pages (3.7–4.4 KB, 3–4 calls) before the first step; a native gdb/pdb script costs none. At most
 * 3 KB (test/unit/guide.test.ts). Each example line is a real command: the unit test parses them
 * all, test/e2e/guideRecipes.test.ts runs them on test/fixtures/guide (their line numbers are its).
 *
 * The page's lines: two spaces lead a line kept as written (an example: `debugger …`, then two or
 * more spaces and what it does); other lines are prose, wrapped to the terminal, a line each
 * paragraph; one ending in `:` is a heading; `{commands}` is the command list.
 */
export const PAGE = [
  "debugger — a debugger for coding agents: one short command per step; a daemon keeps the sessions.",
  "Usage: debugger [--session NAME] [--json] <command> [args] [flags]",
  "",
  "Read the code, then ask in one call. run: a row of values per stop, then the exit, crash or exception with its values; nothing is left behind:",
  "  debugger run ./app --break 'app.c:9 if total > 9' --print i --print total -- 6",
  "  debugger run ./app --break 'app.c:9 print i' --break 'app.c:11 print total'",
  "  debugger run app.py --break 'app.py:9 if i == 3 print i, total' -- 6",
  "--print EXPR shows at every stop, 'LOC [if COND] print EXPR, …' at that breakpoint's only. LOC: FILE:LINE or a function. Conditions and prints are in the program's language (C &&, Python and); quote them. --max N ends after N stops (default 20). A script: run app.py, run python3 app.py, run node main.js, run -m MODULE; its arguments after --. A hang: --timeout 3 shows where each thread waits.",
  "",
  "Tests, stopped at the failing assertion (a --break with prints: rows, as run):",
  "  debugger test -- python3 -m pytest test_app.py",
  "  debugger test --break 'app.py:9 print i, total' -- pytest test_app.py",
  "  debugger test -- cargo test parse",
  "  debugger test -- go test ./pkg -run TestParse",
  "  debugger test -- node --test test/",
  "Also npx vitest run, npx jest, ctest.",
  "",
  "A session, to stop and look (each reply is the stop: source line, locals):",
  "  debugger start ./app --break app.c:9 -- 6      run to the first stop",
  "  debugger continue --print total                to the next stop, with values",
  "  debugger trace app.c:9 --print total --max 3   N passes of a line, a row each",
  "  debugger watch total                           a continue then stops where",
  "  debugger continue                              total is written",
  "  debugger print n --frame 1                     in frame 1 of backtrace",
  "  debugger stop                                  end the session",
  "Also next, step, finish, until (each takes --print); backtrace, locals, list.",
  "",
  "{commands}",
  "",
  "More: `debugger help COMMAND` (its flags), `debugger guide` (recipes), `debugger guide TOPIC` (crash, value, hang, exception, test, batch, expressions, service, json, commands). Global flags: --session NAME, --json, --quiet; execution: --timeout S, --no-wait.",
];

/** The command lines PAGE shows, as written after `debugger` (what the tests parse and run). */
export function pageExamples(): string[] {
  return PAGE.filter((l) => l.startsWith("  debugger ")).map((l) =>
    l
      .trim()
      .split(/\s{2,}/)[0]!
      .slice("debugger ".length),
  );
}

export async function mainHelp(t: CommandTable, all = false): Promise<string> {
  const width = terminalWidth();
  const s = style();
  if (!all) {
    const out: string[] = [];
    for (const line of PAGE) {
      if (line === "{commands}") out.push(...commandList(t, width, s));
      else if (line.startsWith("  ") || !line) out.push(line);
      else if (line.endsWith(":") && line.length < width) out.push(s.heading(line));
      else out.push(...paragraph(line, width));
    }
    return out.join("\n");
  }
  const out = [
    ...paragraph("debugger — a debugger for coding agents: one short command per step, sessions kept by a daemon.", width),
    "",
    `${s.heading("Usage:")} debugger [--session NAME] [--json] <command> [args] [flags]`,
    "",
  ];
  const names = (c: CommandSpec) => [c.name, ...(c.aliases ?? [])].join(", ");
  // On a wide terminal one column for every section lines the summaries up down the page; at 80
  // columns each section keeps its own, or most summaries would wrap.
  const column = width >= 100 ? Math.min(28, Math.max(...t.commands.map((c) => names(c).length))) : 0;
  for (const [group, title] of Object.entries(SECTIONS) as [Group, string][]) {
    const members = t.commands.filter((c) => t.groupOf(c) === group);
    if (!members.length) continue;
    out.push(s.heading(`${title}:`));
    out.push(
      ...table(
        members.map((c) => [names(c), t.summaryOf(c)]),
        width,
        s,
        28,
        column,
      ),
    );
    out.push("");
  }
  out.push(
    ...paragraph(
      "Global flags, anywhere on the line: --session NAME, --json, --quiet, --help; -v/--version before the command. Execution commands also take --timeout SECONDS and --no-wait.",
      width,
    ),
  );
  out.push(
    ...paragraph(
      "`debugger <command> --help` shows a command's flags; `debugger breakpoint --help` a group's sub-commands; `debugger guide` the usual loop; `debugger completion bash|zsh|fish|powershell` a shell completion script.",
      width,
    ),
  );
  return out.join("\n");
}

/** Every command by name: a line or two a section, a group's sub-commands joined (`watch add|list|remove`). */
function commandList(t: CommandTable, width: number, s: Style): string[] {
  const out = [s.heading("Commands (`help --all`: what each does):")];
  const label = Math.max(...Object.keys(SECTIONS).map((g) => SHORT_SECTIONS[g as Group].length)) + 2;
  for (const group of Object.keys(SECTIONS) as Group[]) {
    const words: string[] = [];
    const subs = new Map<string, string[]>();
    for (const c of t.commands.filter((c) => t.groupOf(c) === group)) {
      const [head, sub] = c.name.split(" ");
      if (!sub) words.push(head!);
      else if (subs.has(head!)) subs.get(head!)!.push(sub);
      else {
        subs.set(head!, [sub]);
        words.push(head!);
      }
    }
    if (!words.length) continue;
    // A group's sub-commands stay together on a line (held by a placeholder while wrapping).
    const text = words.map((w) => (subs.has(w) ? `${w} ${subs.get(w)!.join("|")}` : w).replaceAll(" ", "\x01")).join(", ");
    const lines = wrap(text, width - 2 - label).map((l) => l.replaceAll("\x01", " "));
    // The section name in the first line's margin, padded by its plain length (colour codes take no column).
    const name = `${SHORT_SECTIONS[group]}:`;
    lines.forEach((l, i) => {
      out.push(`  ${i ? " ".repeat(label) : s.heading(name) + " ".repeat(label - name.length)}${l}`);
    });
  }
  return out;
}

export async function groupHelp(t: CommandTable, group: string): Promise<string> {
  const width = terminalWidth();
  const s = style();
  const subs = t.subCommands(group);
  const aliases = Object.entries(t.groupAliases)
    .filter(([, g]) => g === group)
    .map(([a]) => a);
  // Short, like a command's help (HELP_BUDGET): no blank lines, the notes in one paragraph.
  const out = [...paragraph(`debugger ${group} — ${GROUP_SUMMARIES[group] ?? SECTIONS[t.groupOf(subs[0]!)]}`, width), s.heading("Sub-commands:")];
  out.push(
    ...table(
      subs.map((c) => [[c.name.slice(group.length + 1), ...(c.aliases ?? [])].join(", "), t.summaryOf(c)]),
      width,
      s,
    ),
  );
  const def = t.groups[group];
  const notes = [
    def ? (group === "watch" ? `\`debugger ${group} EXPR\` is \`${group} ${def} EXPR\`.` : `\`debugger ${group}\` alone runs \`${group} ${def}\`.`) : "",
    aliases.length ? `Also spelled: ${aliases.join(", ")}.` : "",
    `\`debugger ${group} SUB --help\`: its flags.`,
  ];
  out.push(...paragraph(notes.filter(Boolean).join(" "), width));
  return out.join("\n");
}

function flagLeft(name: string, f: FlagDef): string {
  const long = f.type === "boolean" && name === "wait" ? "--[no-]wait" : `--${name}`;
  const value = f.type === "boolean" ? "" : ` ${f.valueHint ?? (f.type === "number" ? "N" : "VALUE")}`;
  return `${f.alias ? `-${f.alias}, ` : ""}${long}${value}`;
}

/**
 * Bytes of one command's help at most: it is read before a new command is used, in one go. Every
 * flag with what it does (agents noted that a flag named without it is a flag they cannot use):
 * 675 bytes named run's flags only; now the largest, test, run and start, take 1.8–2 KB.
 */
export const HELP_BUDGET = 2100;

/** A flag's description, cut before its first parenthesis or clause when it runs past a line. */
export function briefDescription(text: string): string {
  if (text.length <= 90) return text;
  let out = text;
  for (const sep of [" (", "; ", ": "]) {
    const i = out.indexOf(sep);
    if (i >= 12) out = out.slice(0, i);
    if (out.length <= 90) break;
  }
  return out;
}

/**
 * One command's help: what it does, its usage, every flag with its description (cut to its first
 * clause past a line; `…` marks a repeatable flag), the rarely-used ones (FlagDef.rare) named on
 * one line, the shared flags named, up to three examples. `help COMMAND --all` is the whole
 * reference; `debugger guide` and README.md say the rest.
 */
export async function commandHelp(t: CommandTable, spec: CommandSpec, all = false): Promise<string> {
  if (all) return fullCommandHelp(t, spec);
  const flags = t.flagsOf(spec);
  const globalFlags = t.globalFlags;
  const width = terminalWidth();
  const s = style();
  const positionals = spec.positionals ?? [];
  const usage = [
    `debugger ${spec.name}`,
    "[flags]",
    ...positionals.map((p) => `${p.required ? "" : "["}${p.name.toUpperCase()}${p.variadic ? "…" : ""}${p.required ? "" : "]"}`),
    ...(spec.passThrough ? [spec.passThroughUsage ?? "[-- ARGS…]"] : []),
  ].join(" ");
  const aliases = spec.aliases?.length ? ` (also ${spec.aliases.join(", ")})` : "";
  const out = [...paragraph(`debugger ${spec.name}${aliases} — ${t.summaryOf(spec)}`, width), `${s.heading("Usage:")} ${usage}`];
  // --timeout and --[no-]wait are named under "Also"; attach's `--wait NAME` is its own.
  const own = Object.entries(flags).filter(([n, f]) => !(n in globalFlags) && n !== "timeout" && !(n === "wait" && f.type === "boolean"));
  const left = ([n, f]: [string, FlagDef]) => `${flagLeft(n, f)}${f.repeat ? "…" : ""}`;
  const shared = [...("timeout" in flags ? ["--timeout SECONDS", "--no-wait"] : []), "--session NAME", "--json", "--quiet"];
  out.push(
    ...table(
      own.filter(([, f]) => !f.rare).map((e) => [left(e), briefDescription(e[1].description)]),
      width,
      s,
      26,
    ),
  );
  const rare = own.filter(([, f]) => f.rare).map(left);
  if (rare.length) out.push(...paragraph(`Rarely needed: ${rare.join(", ")} (\`debugger help ${spec.name} --all\` describes each).`, width));
  out.push(...paragraph(`Also: ${shared.join(", ")}.${spec.passThrough && !spec.passThroughUsage ? " Program arguments go after --." : ""}`, width));
  // Examples are commands to copy: printed whole, never wrapped. `mcp`'s are the lines that register it.
  const examples = spec.name === "mcp" ? (spec.examples ?? []) : (spec.examples ?? []).slice(0, 3);
  if (examples.length) out.push(`${s.heading("e.g.")} ${examples[0]}`, ...examples.slice(1).map((e) => `     ${e}`));
  return out.join("\n");
}

/**
 * `help COMMAND --all`: the whole reference of one command — every flag it takes (the shared ones
 * too) with its full description, every positional, every example. No byte budget: asked for on purpose.
 */
function fullCommandHelp(t: CommandTable, spec: CommandSpec): string {
  const width = terminalWidth();
  const s = style();
  const flags = t.flagsOf(spec);
  const positionals = spec.positionals ?? [];
  const usage = [
    `debugger ${spec.name}`,
    "[flags]",
    ...positionals.map((p) => `${p.required ? "" : "["}${p.name.toUpperCase()}${p.variadic ? "…" : ""}${p.required ? "" : "]"}`),
    ...(spec.passThrough ? [spec.passThroughUsage ?? "[-- ARGS…]"] : []),
  ].join(" ");
  const aliases = spec.aliases?.length ? ` (also ${spec.aliases.join(", ")})` : "";
  const out = [...paragraph(`debugger ${spec.name}${aliases} — ${t.summaryOf(spec)}`, width), `${s.heading("Usage:")} ${usage}`];
  if (positionals.length)
    out.push(
      s.heading("Arguments:"),
      ...table(
        positionals.map((p) => [p.name.toUpperCase(), p.description]),
        width,
        s,
      ),
    );
  const row = ([n, f]: [string, FlagDef]): [string, string] => [
    `${flagLeft(n, f)}${f.repeat ? "…" : ""}`,
    `${f.description}${f.repeat ? " (repeatable)" : ""}`,
  ];
  const own = Object.entries(flags).filter(([n]) => !(n in t.globalFlags));
  if (own.length) out.push(s.heading("Flags:"), ...table(own.map(row), width, s));
  out.push(s.heading("Global flags:"), ...table(Object.entries(t.globalFlags).map(row), width, s));
  if (spec.passThrough && !spec.passThroughUsage) out.push(...paragraph("Program arguments go after --.", width));
  if (spec.examples?.length) out.push(s.heading("Examples:"), ...spec.examples.map((e) => `  ${e}`));
  return out.join("\n");
}

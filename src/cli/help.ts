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
 * `debugger --help`: what an agent reads first, so it carries the hunt itself — the two or three
 * command lines that solve most bugs, with what they print — and names every command once,
 * section by section (`help --all` gives each summary, `help COMMAND` its flags). Measured on
 * blind hunts: agents read `--help` and then `guide`, 4.8 KB before their first step.
 */
export const HUNT: [string, string][] = [
  [
    "debugger run ./app --break 'app.c:9 if total > 10' --print total -- ARGS",
    "A row of values at each stop (--print: every stop; 'LOC print EXPR, …': that one's), then the exit or the crash with its values; nothing is left behind.",
  ],
  ["debugger start ./app --break app.c:9 -- ARGS", "Stops there; then print, next, step, finish, continue, trace, watch, stop."],
  ["debugger test -- pytest tests/test_calc.py", "Stops at the failing assertion (go test, cargo test, ctest, vitest, jest too)."],
];

export async function mainHelp(t: CommandTable, all = false): Promise<string> {
  const width = terminalWidth();
  const s = style();
  const out = [
    ...paragraph("debugger — a debugger for coding agents: one short command per step, sessions kept by a daemon.", width),
    "",
    `${s.heading("Usage:")} debugger [--session NAME] [--json] <command> [args] [flags]`,
    "",
  ];
  if (!all) return [...out, ...briefHelp(t, width, s)].join("\n");
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

/** The hunt, then every command by name: one or two lines a section, a group's sub-commands joined (`watch add|list|remove`). */
function briefHelp(t: CommandTable, width: number, s: Style): string[] {
  const out = [s.heading("A hunt, after reading the code:")];
  for (const [line, what] of HUNT) out.push(`  ${line}`, ...wrap(what, width - 4).map((l) => `    ${l}`));
  out.push("", s.heading("Commands (`help COMMAND`: its flags; `help --all`: every summary):"));
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
  out.push("");
  out.push(
    ...paragraph(
      "Global: --session NAME, --json, --quiet, --help; execution: --timeout S, --no-wait. Recipes: `debugger guide`; topics: `debugger guide TOPIC` (crash, value, hang, exception, test, batch, expressions, service, json, commands).",
      width,
    ),
  );
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

/** Bytes of one command's help at most: it is read before a new command is used, at every try. */
// 620 since `--stdin`, `--config` and `--launch-file` joined start (issues 28, 29); 660 since
// `--via` and `--map`, 675 since `--target` (issue 37).
export const HELP_BUDGET = 675;

/** A flag's description cut to its first clause. */
export function briefDescription(text: string): string {
  let out = text;
  for (const sep of [" (", "; ", ": "]) {
    const i = out.indexOf(sep);
    if (i >= 12) out = out.slice(0, i);
  }
  return out;
}

/**
 * One command's help, short: what it does, its usage, one line per flag (the first clause of its
 * description; `…` marks a repeatable flag), the shared flags named on one line, one example. When
 * that is over HELP_BUDGET bytes, the last flags are named without their descriptions.
 * `debugger guide` and README.md say the rest.
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
  const head = [...paragraph(`debugger ${spec.name}${aliases} — ${t.summaryOf(spec)}`, width), `${s.heading("Usage:")} ${usage}`];
  // --timeout and --[no-]wait are named under "Also"; attach's `--wait NAME` is its own.
  const own = Object.entries(flags).filter(([n, f]) => !(n in globalFlags) && n !== "timeout" && !(n === "wait" && f.type === "boolean"));
  const left = ([n, f]: [string, FlagDef]) => `${flagLeft(n, f)}${f.repeat ? "…" : ""}`;
  const shared = [...("timeout" in flags ? ["--timeout SECONDS", "--no-wait"] : []), "--session NAME", "--json", "--quiet"];
  // Examples are commands to copy: printed whole, never wrapped. One is enough, but for commands
  // whose examples are what they are for (`mcp`: the lines that register it).
  const examples = spec.name === "mcp" ? (spec.examples ?? []) : (spec.examples ?? []).slice(0, 1);
  const render = (described: number) => {
    const out = [
      ...head,
      ...table(
        own.slice(0, described).map((e) => [left(e), briefDescription(e[1].description)]),
        width,
        s,
      ),
    ];
    const more = own.slice(described).map(left);
    if (more.length) out.push(...paragraph(`More flags: ${more.join(", ")} (\`debugger help ${spec.name} --all\` describes each).`, width));
    out.push(...paragraph(`Also: ${shared.join(", ")}.${spec.passThrough && !spec.passThroughUsage ? " Program arguments go after --." : ""}`, width));
    if (examples.length) out.push(`${s.heading("e.g.")} ${examples[0]}`, ...examples.slice(1).map((e) => `  ${e}`));
    return out.join("\n");
  };
  let described = own.length;
  let text = render(described);
  while (described > 0 && Buffer.byteLength(text) > HELP_BUDGET && spec.name !== "mcp") text = render(--described);
  return text;
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

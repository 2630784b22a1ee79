// --help text. The per-command usage block is rendered by citty from the command's definition.
import { defineCommand, renderUsage, type ArgsDef } from "citty";
import type { FlagDef } from "./args.ts";
import type { CommandSpec } from "./spec.ts";

const SECTIONS: [string, (name: string) => boolean][] = [
  ["Session", (n) => ["start", "attach", "stop", "detach", "restart", "status", "sessions"].includes(n)],
  ["Breakpoints", (n) => n.startsWith("breakpoint") || n === "catch" || n === "watch"],
  ["Execution (wait for the stop and print it)", (n) => ["continue", "next", "step", "finish", "until", "pause", "await"].includes(n)],
  ["Inspection", (n) => ["context", "backtrace", "frame", "up", "down", "locals", "args", "print", "eval", "set", "threads", "thread", "events", "registers", "disassemble", "memory read"].includes(n)],
  ["Output", (n) => n === "output"],
  ["Tools", () => true],
];

export function mainHelp(commands: CommandSpec[]): string {
  const out = ["debugger — a debugger for coding agents: one short command per step, sessions kept by a daemon.", "", "Usage: debugger <command> [args] [--session NAME] [--json]", ""];
  const seen = new Set<string>();
  for (const [title, match] of SECTIONS) {
    const members = commands.filter((c) => !seen.has(c.name) && match(c.name));
    if (!members.length) continue;
    out.push(`${title}:`);
    for (const c of members) {
      seen.add(c.name);
      const names = [c.name, ...(c.aliases ?? [])].join(", ");
      out.push(`  ${names.padEnd(30)} ${c.summary}`);
    }
    out.push("");
  }
  out.push("Global flags: --session NAME, --json, --quiet, --help; execution commands also --timeout SECONDS, --no-wait.");
  out.push("`debugger <command> --help` shows a command's flags; `debugger guide` the usual loop.");
  return out.join("\n");
}

export async function commandHelp(spec: CommandSpec, flags: Record<string, FlagDef>): Promise<string> {
  const args: ArgsDef = {};
  for (const p of spec.positionals ?? []) args[p.name] = { type: "positional", description: p.description, required: !!p.required };
  for (const [name, f] of Object.entries(flags)) {
    args[name] = { type: f.type === "boolean" ? "boolean" : "string", description: f.description, alias: f.alias, valueHint: f.valueHint };
  }
  const cmd = defineCommand({ meta: { name: `debugger ${spec.name}`, description: spec.summary }, args });
  let usage = await renderUsage(cmd);
  if (!process.stdout.isTTY || process.env.NO_COLOR) usage = usage.replace(/\x1b\[[0-9;]*m/g, "");
  return usage + (spec.aliases?.length ? `\nAliases: ${spec.aliases.join(", ")}` : "") + (spec.passThrough ? "\nProgram arguments go after --." : "") + (spec.examples?.length ? `\nExamples:\n${spec.examples.map((e) => `  ${e}`).join("\n")}` : "");
}


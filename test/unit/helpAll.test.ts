// `help COMMAND --all` is the binary's full reference: every flag of every command, with its
// description, and every positional. A flag added without a description fails here.
import { expect, test } from "bun:test";
import { commandHelp, plainHelp } from "../../src/cli/help.ts";
import { commands, table } from "../../src/cli/registry.ts";

plainHelp(true);

test("every flag and positional of every command has a description", () => {
  const bare: string[] = [];
  for (const spec of commands) {
    for (const [name, f] of Object.entries(table.flagsOf(spec))) if (f.description.trim().length < 8) bare.push(`${spec.name} --${name}`);
    for (const p of spec.positionals ?? []) if (p.description.trim().length < 4) bare.push(`${spec.name} ${p.name.toUpperCase()}`);
  }
  expect(bare).toEqual([]);
});

test("help COMMAND --all shows each of them with its whole description", async () => {
  const missing: string[] = [];
  // Wrapped text: compare with the lines joined back into words.
  const words = (s: string) => s.split(/\s+/).filter(Boolean).join(" ");
  for (const spec of commands) {
    const text = words(await commandHelp(table, spec, true));
    for (const [name, f] of Object.entries(table.flagsOf(spec))) {
      if (!text.includes(`--${name === "wait" && f.type === "boolean" ? "[no-]wait" : name}`) || !text.includes(words(f.description)))
        missing.push(`${spec.name} --${name}`);
    }
    for (const p of spec.positionals ?? []) if (!text.includes(words(p.description))) missing.push(`${spec.name} ${p.name}`);
  }
  expect(missing).toEqual([]);
});

test("the short help points at --all when it names the rare flags without their descriptions", async () => {
  const start = commands.find((c) => c.name === "start")!;
  const brief = await commandHelp(table, start);
  expect(brief).toContain("Rarely needed:");
  expect(brief.replace(/\s+/g, " ")).toContain("`debugger help start --all` describes each");
});

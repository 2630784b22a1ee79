// The command path's lazy table (src/cli/lazyTable.ts) finds a command by loading only the
// definition file its first word names. It must answer every command line as the full table
// (src/cli/registry.ts) does: the same command for each spelling, the same groups, and for a word
// it does not know the same error, "did you mean" included.
import { expect, test } from "bun:test";
import { GROUP_ALIASES, GROUPS, INDEX, lazyTable } from "../../src/cli/lazyTable.ts";
import { commands, findCommand, groupAliases, groups, splitCommandLine } from "../../src/cli/registry.ts";
import { isGroupSpec } from "../../src/cli/spec.ts";
import { DebuggerError } from "../../src/common/errors.ts";

/** Every word a file's definitions take first: command names, their aliases, group words. */
async function firstWords(load: () => Promise<Parameters<typeof isGroupSpec>[0][]>): Promise<string[]> {
  const words: string[] = [];
  for (const d of await load()) {
    if (isGroupSpec(d)) words.push(d.word);
    else words.push(d.name, ...(d.aliases ?? []));
  }
  return words;
}

test("the index names each definition file's first words, and each word once", async () => {
  const seen = new Set<string>();
  for (const file of INDEX) {
    expect([...file.words].sort()).toEqual((await firstWords(file.load)).sort());
    for (const w of file.words) {
      expect(seen.has(w)).toBe(false);
      seen.add(w);
    }
  }
  // Every first word of the full table is in the index.
  const all = new Set<string>(Object.keys(groups));
  for (const c of commands) if (!c.name.includes(" ")) for (const w of [c.name, ...(c.aliases ?? [])]) all.add(w);
  expect([...seen].sort()).toEqual([...all].sort());
});

test("the index's groups are the full table's", () => {
  expect(GROUPS).toEqual(groups);
  expect(GROUP_ALIASES).toEqual(groupAliases);
});

/** Every spelling of every command: names, aliases, a group's default, its aliases, with a flag after. */
function spellings(): string[][] {
  const lines: string[][] = [];
  for (const c of commands) {
    const [group, sub] = c.name.split(" ");
    const firsts = sub ? [group!, ...Object.keys(groupAliases).filter((a) => groupAliases[a] === group)] : [c.name, ...(c.aliases ?? [])];
    const seconds = sub ? [sub, ...(c.aliases ?? [])] : [undefined];
    for (const f of firsts) for (const s of seconds) lines.push(s ? [f, s] : [f], s ? [f, s, "--json"] : [f, "--json"]);
  }
  for (const g of Object.keys(groups)) lines.push([g], [g, "--help"], [g, "total"]);
  return lines;
}

async function outcome(find: () => unknown): Promise<unknown> {
  try {
    const f = (await find()) as ReturnType<typeof findCommand>;
    return { name: f.spec.name, spec: f.spec, used: f.used, group: f.group, explicitSub: f.explicitSub };
  } catch (e) {
    if (!(e instanceof DebuggerError)) throw e;
    return { code: e.code, message: e.message, hint: e.hint };
  }
}

test("every spelling finds what the full table finds", async () => {
  const lines = spellings();
  expect(lines.length).toBeGreaterThan(150);
  for (const words of lines) {
    const split = lazyTable.splitCommandLine(words).words;
    expect(split).toEqual(splitCommandLine(words).words);
    expect(await outcome(() => lazyTable.findCommand(split))).toEqual(await outcome(() => findCommand(split)));
  }
});

test("unknown words get the full table's error and suggestion", async () => {
  const wrong = [["thraeds"], ["nxt"], ["breakpoint", "ad"], ["breakpoint", "frobnicate"], ["daemon"], ["memory", "wrte"], ["bp", "lst"], ["xyzzy"]];
  for (const words of wrong) {
    const lazy = await outcome(() => lazyTable.findCommand(words));
    expect(lazy).toEqual(await outcome(() => findCommand(words)));
    expect((lazy as { code?: string }).code).toBe("UNKNOWN_COMMAND");
  }
  expect(((await outcome(() => lazyTable.findCommand(["thraeds"]))) as { hint: string }).hint).toContain("did you mean `debugger threads`");
});

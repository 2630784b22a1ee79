// The test harness types each command line's reply by the command its words name
// (test/harness/replies.ts); its word table must be the CLI's own, or a test would be typed by
// the wrong reply. Every word and `group sub` pair the registry takes, and nothing more.
import { expect, test } from "bun:test";
import { commands, findCommand, groupAliases, groups } from "../../src/cli/registry.ts";
import { isDaemonSpec } from "../../src/cli/spec.ts";
import { cliGroupAliases, cliWords } from "../harness/replies.ts";

const target = (spec: (typeof commands)[number]) => (isDaemonSpec(spec) ? spec.command : `cli:${spec.name}`);

test("the harness's word table is the command table's", () => {
  const words: Record<string, string> = {};
  for (const spec of commands) {
    words[spec.name] = target(spec);
    const [group, sub] = spec.name.split(" ");
    for (const alias of spec.aliases ?? []) {
      words[alias] = target(spec);
      if (sub) words[`${group} ${alias}`] = target(spec);
    }
  }
  for (const [group, dflt] of Object.entries(groups)) if (dflt) words[group] = words[`${group} ${dflt}`]!;
  expect(cliWords as Record<string, string>).toEqual(words);
  expect(cliGroupAliases as Record<string, string>).toEqual(groupAliases);
});

test("each entry is what the CLI runs for those words", () => {
  for (const [words, named] of Object.entries(cliWords)) expect(target(findCommand(words.split(" ")).spec)).toBe(named);
});

// The thin client (src/cli/thinClient.ts) sends a line whole only where its first word names a
// command on a session that exists: a daemon command that starts no adapter (anything else would
// come back to be run by the CLI, a round trip for nothing). Ctrl-C is heard for exactly the ones
// that wait for the program.
import { expect, test } from "bun:test";
import { LAUNCH_WORDS, THIN_WORDS, WAITING_WORDS } from "../../src/cli/thinClient.ts";
import { commands, findCommand, groupAliases, groups } from "../../src/cli/registry.ts";
import { isDaemonSpec, type CommandSpec } from "../../src/cli/spec.ts";
import { metaOf } from "../../src/ipc/meta.ts";

/** The commands a first word can name: itself, or each command of its group. */
function commandsOf(word: string): CommandSpec[] {
  const group = groupAliases[word] ?? word;
  if (group in groups) return commands.filter((c) => c.name.startsWith(`${group} `));
  return [findCommand([word]).spec];
}

test("each thin word names daemon commands that start nothing, but the launches that send the caller's environment", () => {
  for (const word of LAUNCH_WORDS) expect(THIN_WORDS.has(word)).toBe(true);
  expect([...LAUNCH_WORDS].sort()).toEqual(["run", "start"]);
  for (const word of THIN_WORDS) {
    if (LAUNCH_WORDS.has(word)) continue;
    const specs = commandsOf(word);
    expect(specs.length).toBeGreaterThan(0);
    for (const spec of specs) {
      expect({ word, daemon: isDaemonSpec(spec) }).toEqual({ word, daemon: true });
      if (isDaemonSpec(spec)) expect({ word, startsAdapter: !!metaOf(spec.command).startsAdapter }).toEqual({ word, startsAdapter: false });
    }
  }
});

test("Ctrl-C is heard for the thin words whose command waits for the program, and only those", () => {
  for (const word of THIN_WORDS) {
    const waits = commandsOf(word).some((s) => isDaemonSpec(s) && metaOf(s.command).execution);
    expect({ word, waits: WAITING_WORDS.has(word) }).toEqual({ word, waits });
  }
  for (const word of WAITING_WORDS) expect(THIN_WORDS.has(word)).toBe(true);
});

test("the commands agents use most after a start go thin", () => {
  for (const w of ["threads", "next", "step", "continue", "print", "backtrace", "locals", "breakpoint", "status", "stop", "output", "start", "run"])
    expect(THIN_WORDS.has(w)).toBe(true);
  for (const w of ["test", "attach", "restart", "diff", "batch", "help", "doctor", "daemon", "logs", "mcp"]) expect(THIN_WORDS.has(w)).toBe(false);
});

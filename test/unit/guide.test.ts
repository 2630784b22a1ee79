// The guide and the skill: every `debugger …` they show is a real command with real flags, the
// skill's front matter parses, and skills/debugger/SKILL.md is what `debugger guide --skill` prints.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgv } from "../../src/cli/args.ts";
import { splitWords } from "../../src/cli/batch.ts";
import { guideText, skillText, topicText, TOPIC_ALIASES, TOPICS } from "../../src/cli/guideText.ts";
import { commandHelp, groupHelp, HELP_BUDGET, HUNT, mainHelp } from "../../src/cli/help.ts";
import { commands, findCommand, flagsOf, groups, table } from "../../src/cli/registry.ts";
import { DebuggerError } from "../../src/common/errors.ts";

const SKILL_FILE = join(import.meta.dir, "..", "..", "skills", "debugger", "SKILL.md");

/** Every command line the guide shows: in `code spans` and indented code lines, after the word `debugger`. */
function commandLines(text: string): string[] {
  const code = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  code.push(...text.split("\n").filter((l) => l.startsWith("    ")));
  const lines: string[] = [];
  for (const c of code) for (const m of c.matchAll(/(?:^|[\s|;(])debugger\s+([^|;]+)/g)) lines.push(m[1]!.trim());
  return lines;
}

describe("debugger guide", () => {
  // The short guide and every topic: together they name every task's commands.
  const lines = [guideText(), ...Object.keys(TOPICS).map((t) => topicText(t)!)].flatMap(commandLines);

  test("names the commands of every task", () => {
    const named = new Set(lines.filter((l) => !l.startsWith("help")).map((l) => findCommand(splitWords(l.replace(/[[\]…]/g, " "))).spec.name));
    for (const c of [
      "start",
      "attach",
      "breakpoint add",
      "watch add",
      "catch",
      "continue",
      "next",
      "step",
      "finish",
      "pause",
      "await",
      "trace",
      "print",
      "display",
      "backtrace",
      "locals",
      "batch",
      "stop",
      "mcp",
    ])
      expect(named).toContain(c);
  });

  test("every `debugger WORD…` it shows is a command, with flags that command takes", () => {
    expect(lines.length).toBeGreaterThan(40);
    for (const line of lines) {
      // Placeholders: [optional] parts and … repeats are the guide's notation, not the command's.
      const words = splitWords(line.replace(/[[\]…]/g, " "));
      if (words[0] === "help") continue; // `debugger help COMMAND` is read by run.ts itself
      const { spec, used } = findCommand(words);
      try {
        parseArgv(words.slice(used), flagsOf(spec), spec.name);
      } catch (e) {
        // A placeholder such as N for a number is fine; a flag the command does not take is not.
        if (!(e instanceof DebuggerError) || e.code === "UNKNOWN_FLAG") throw new Error(`guide: \`debugger ${line}\`: ${(e as Error).message}`);
      }
    }
  });
});

test("the hunt `--help` shows: each line a command with flags it takes", () => {
  expect(HUNT.length).toBeGreaterThanOrEqual(3);
  for (const [line] of HUNT) {
    const words = splitWords(line.replace(/[[\]…]/g, " ")).slice(1);
    const { spec, used } = findCommand(words);
    const parsed = parseArgv(words.slice(used), flagsOf(spec), spec.name);
    expect(parsed).toBeDefined();
  }
});

describe("what learning costs", () => {
  // Issue 31 item 8: `--help` and one page teach what hunts need, in at most 3 KB together.
  test("--help and the guide together are at most 3 KB and teach run, start, trace, test, watch, conditions, per-breakpoint prints and diff", async () => {
    const text = guideText();
    const help = await mainHelp(table);
    expect(Buffer.byteLength(help) + Buffer.byteLength(text)).toBeLessThanOrEqual(3072);
    for (const c of ["run", "start", "trace", "test", "watch", "diff", "print", "next"]) expect(text).toContain(`debugger ${c}`);
    expect(text).toMatch(/--break '[^']+ if [^']+'/);
    expect(text).toMatch(/--break '[^']+ print [^']+'/);
    for (const t of Object.keys(TOPICS)) expect(help).toContain(t);
    expect(text).toContain("debugger guide TOPIC");
  });

  test("each topic is at most 1.5 KB; aliases name topics", () => {
    for (const t of Object.keys(TOPICS)) expect(Buffer.byteLength(topicText(t)!)).toBeLessThanOrEqual(1536);
    for (const [alias, topic] of Object.entries(TOPIC_ALIASES)) expect(topicText(alias)).toBe(topicText(topic)!);
    expect(topicText("nosuch")).toBeUndefined();
  });

  test(`help of every command and group is at most ${HELP_BUDGET} bytes (mcp's registration lines aside)`, async () => {
    for (const spec of commands) {
      if (spec.name === "mcp") continue;
      const text = await commandHelp(table, spec);
      if (Buffer.byteLength(text) > HELP_BUDGET) throw new Error(`help ${spec.name}: ${Buffer.byteLength(text)} bytes\n${text}`);
    }
    for (const group of Object.keys(groups)) expect(Buffer.byteLength(await groupHelp(table, group))).toBeLessThanOrEqual(HELP_BUDGET);
  });
});

describe("debugger guide --skill", () => {
  test("is the guide after YAML front matter with a name and a description", () => {
    const text = skillText();
    const m = /^---\n([\s\S]*?)\n---\n\n/.exec(text);
    expect(m).not.toBeNull();
    const front = Bun.YAML.parse(m![1]!) as { name: string; description: string };
    expect(front.name).toBe("debugger");
    expect(front.name).toMatch(/^[a-z0-9-]{1,64}$/);
    expect(front.description.length).toBeGreaterThan(50);
    expect(front.description.length).toBeLessThanOrEqual(1024);
    expect(text.slice(m![0].length)).toBe(guideText());
  });

  test("skills/debugger/SKILL.md is up to date (regenerate: debugger guide --skill > skills/debugger/SKILL.md)", () => {
    expect(readFileSync(SKILL_FILE, "utf8")).toBe(skillText());
  });
});

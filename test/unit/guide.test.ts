// The guide and the skill: every `debugger …` they show is a real command with real flags, the
// skill's front matter parses, and skills/debugger/SKILL.md is what `debugger guide --skill` prints.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgv } from "../../src/cli/args.ts";
import { splitWords } from "../../src/cli/batch.ts";
import { guideText, skillText, topicText, TOPIC_ALIASES, TOPICS } from "../../src/cli/guideText.ts";
import { parseCommandLine } from "../../src/cli/commandLine.ts";
import { briefDescription, commandHelp, groupHelp, HELP_BUDGET, mainHelp, pageExamples, plainHelp } from "../../src/cli/help.ts";
import { commands, findCommand, flagsOf, groups, table } from "../../src/cli/registry.ts";
import { DebuggerError } from "../../src/common/errors.ts";

plainHelp(true);

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

describe("debugger --help", () => {
  // Issue 31 item 8: the one page a new agent reads; each of its examples is a command line the
  // CLI takes as written, read by the CLI's own parser down to the request it sends (an unknown
  // flag, a bad value, a misplaced argument or a request the contract refuses fails here).
  test("every example it shows is read by the CLI's parser, request and all", async () => {
    const lines = pageExamples();
    expect(lines.length).toBeGreaterThanOrEqual(12);
    for (const line of lines) {
      const argv = splitWords(line);
      try {
        const asked = await parseCommandLine(argv, table, () => ({ session: () => "default", cwd: "/work", json: false, quiet: false, timeout: 60 }));
        expect("help" in asked).toBe(false);
      } catch (e) {
        throw new Error(`--help: \`debugger ${line}\`: ${(e as Error).message}`);
      }
    }
  });

  test("the parser check fails on a flag no command takes", async () => {
    await expect(
      parseCommandLine(["run", "./app", "--brake", "app.c:9"], table, () => ({ session: () => "default", cwd: "/", json: false, quiet: false, timeout: 60 })),
    ).rejects.toMatchObject({
      code: "UNKNOWN_FLAG",
    });
  });

  test("is at most 3 KB and teaches what hunts need, by example", async () => {
    const help = await mainHelp(table);
    expect(Buffer.byteLength(help)).toBeLessThanOrEqual(3072);
    const lines = pageExamples();
    const has = (re: RegExp) => expect(lines.some((l) => re.test(l))).toBe(true);
    has(/^run \S+ .*--break '[^']+ if [^']+'/); // a condition
    has(/^run \S+ .*--break '[^']+ print [^']+'/); // prints of one breakpoint
    has(/^run \S+\.py /); // a script
    has(/^test --break '[^']+ print [^']+' -- /); // a test walked as run walks (a breakpoint with prints)
    for (const runner of ["python3 -m pytest", "cargo test", "go test", "node --test"]) has(new RegExp(`^test .*-- ${runner}`));
    for (const c of ["start", "continue", "trace", "watch", "print", "stop"]) has(new RegExp(`^${c}\\b`));
    has(/--frame \d/);
    for (const w of ["--max N", "--timeout", "help COMMAND", "guide TOPIC", "node", "-m MODULE"]) expect(help).toContain(w);
    // Every command by name and every guide topic, so nothing else needs reading to find them.
    for (const spec of commands) expect(help).toContain(spec.name.split(" ").at(-1)!);
    for (const t of Object.keys(TOPICS)) expect(help).toContain(t);
    expect(await mainHelp(table)).toBe(help);
  });
});

describe("what learning costs", () => {
  test("the guide teaches run, start, trace, test, watch, conditions, per-breakpoint prints and diff in 1.5 KB", () => {
    const text = guideText();
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1536);
    for (const c of ["run", "start", "trace", "test", "watch", "diff", "print", "next"]) expect(text).toContain(`debugger ${c}`);
    expect(text).toMatch(/--break '[^']+ if [^']+'/);
    expect(text).toMatch(/--break '[^']+ print [^']+'/);
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

  test("help COMMAND describes every flag but the rare ones, which it names", async () => {
    const words = (s: string) => s.split(/\s+/).filter(Boolean).join(" ");
    const bare: string[] = [];
    for (const spec of commands) {
      const text = words(await commandHelp(table, spec));
      for (const [name, f] of Object.entries(flagsOf(spec))) {
        if (name in table.globalFlags || name === "timeout" || (name === "wait" && f.type === "boolean")) continue;
        if (!text.includes(`--${name}`)) bare.push(`${spec.name} --${name}: not named`);
        else if (!f.rare && !text.includes(words(briefDescription(f.description)))) bare.push(`${spec.name} --${name}: no description`);
      }
    }
    expect(bare).toEqual([]);
    const run = words(await commandHelp(table, findCommand(["run"]).spec));
    expect(run).toContain("--max N end after N stops");
    expect(run).toContain("Rarely needed: --via CMD");
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

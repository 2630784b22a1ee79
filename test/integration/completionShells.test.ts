// Completion per command (issue 29): a flag's arity comes from its command, not from one global
// "takes a value" list. With that list, `continue --no-wait --ti<Tab>` completed nothing in bash
// and zsh (attach's `--wait NAME` made every --wait and --no-wait "take a value"), and `-f` took a
// value everywhere (print's --format) though it is disassemble's boolean --function. Through the
// real shells: bash and zsh typed into in tmux, bash's function called as readline does, fish's
// `complete -C`; PowerShell is not installed here, so its table is checked (completionPowershell).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { completionData, powershellData, valueWords } from "../../src/cli/completion.ts";
import { table } from "../../src/cli/registry.ts";
import { BIN, waitFor } from "./harness.ts";

const CI = process.env.CI === "true";
function have(name: string): boolean {
  if (Bun.which(name)) return true;
  if (CI) throw new Error(`${name} is not installed (CI installs it in .ci/run)`);
  console.warn(`SKIP test/integration/completionShells.test.ts with ${name}: ${name} is not installed`);
  return false;
}

let dir: string;
const script = (shell: string) => join(dir, `completion.${shell}`);
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "dbg-compl-"));
  for (const sh of ["bash", "zsh", "fish"]) {
    const r = Bun.spawnSync([BIN, "completion", sh]);
    expect(r.exitCode).toBe(0);
    writeFileSync(script(sh), r.stdout);
  }
});
const SOCKET = `dbg-compl-${process.pid}`;
afterAll(() => {
  Bun.spawnSync(["tmux", "-L", SOCKET, "kill-server"], { stderr: "ignore" });
  rmSync(dir, { recursive: true, force: true });
});

test("the table: each command's own value-taking words", () => {
  const words = valueWords(completionData(table));
  expect(words.continue).not.toContain("--wait");
  expect(words.continue).not.toContain("--no-wait");
  expect(words.continue).toContain("--timeout");
  expect(words.attach).toContain("--wait"); // attach --wait NAME
  expect(words.attach).not.toContain("--no-wait");
  expect(words.print).toContain("-f"); // --format
  expect(words.disassemble).not.toContain("-f"); // --function
  expect(words[""]).toEqual(["--session"]);
  // PowerShell reads the same table, per command ("_": before one).
  const ps = powershellData(completionData(table)).takesValue as Record<string, string[]>;
  expect(ps.disassemble).toEqual(words.disassemble!);
  expect(ps._).toEqual(["--session"]);
});

/** bash's completion function, called with the words as readline splits them. */
function bashComplete(line: string): string[] {
  const words = line.split(" ");
  const quoted = words.map((w) => `'${w}'`).join(" ");
  const r = Bun.spawnSync([
    "bash",
    "-c",
    `source '${script("bash")}'; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _debugger; printf '%s\\n' "\${COMPREPLY[@]}"`,
  ]);
  expect(r.exitCode).toBe(0);
  return r.stdout.toString().split("\n").filter(Boolean).sort();
}

/** fish's own completion of LINE, first column only. */
function fishComplete(line: string): string[] {
  const r = Bun.spawnSync(["fish", "--no-config", "-c", `source '${script("fish")}'; complete -C '${line}'`]);
  expect(r.stderr.toString()).toBe("");
  return r.stdout
    .toString()
    .split("\n")
    .filter(Boolean)
    .map((l) => l.split("\t")[0]!)
    .sort();
}

// [line, what completes]: the flag after a boolean one, and a boolean -f that takes no value.
const CASES: [string, string[]][] = [
  ["debugger continue --no-wait --ti", ["--timeout"]],
  ["debugger continue --wait --ti", ["--timeout"]],
  ["debugger step --no-wait --cou", ["--count"]],
  ["debugger attach --no-wait --ti", ["--timeout"]],
  ["debugger disassemble -f --sou", ["--source"]],
  ["debugger print x -f he", ["hex"]],
];

describe.skipIf(!have("bash"))("bash", () => {
  test.each(CASES)("%s → %p", (line, want) => {
    expect(bashComplete(line)).toEqual(want);
  });

  test("a flag that takes a value still takes it: nothing offered after attach --wait, print --depth", () => {
    expect(bashComplete("debugger attach --wait ")).toEqual([]);
    expect(bashComplete("debugger print x --depth ")).toEqual([]);
    expect(bashComplete("debugger continue --no-wait ").length).toBe(0); // no positionals, no values: the shell's own
  });
});

describe.skipIf(!have("fish"))("fish", () => {
  test.each(CASES)("%s → %p", (line, want) => {
    expect(fishComplete(line)).toEqual(want);
  });
});

function tmux(...args: string[]): string {
  const r = Bun.spawnSync(["tmux", "-L", SOCKET, ...args], { stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`tmux ${args.join(" ")}: ${r.stderr.toString()}`);
  return r.stdout.toString();
}

/** Types LINE and Tab into an interactive SHELL in tmux; returns the line as the shell completed it (its trailing space cut by the capture). */
async function typed(pane: string, line: string): Promise<string> {
  tmux("send-keys", "-t", pane, "C-u", "clear", "Enter");
  await waitFor(() => tmux("capture-pane", "-p", "-t", pane).trim() === ">", 10_000, "a cleared screen");
  tmux("send-keys", "-t", pane, "-l", line);
  tmux("send-keys", "-t", pane, "Tab");
  let seen = "";
  // The line grows when the shell completes; wait for it to settle (a completion writes once).
  await waitFor(
    () => {
      const now = tmux("capture-pane", "-p", "-t", pane).split("\n")[0]!.trimEnd();
      const done = now.length > `> ${line}`.length && now === seen;
      seen = now;
      return done;
    },
    10_000,
    `completion of '${line}'`,
  );
  return seen.replace(/^> /, "");
}

const started = new Set<string>();
async function interactive(pane: string, argv: string[], setup: string[]): Promise<void> {
  if (started.has(pane)) return;
  started.add(pane);
  const env = { PATH: `${dirname(BIN)}:${process.env.PATH}`, HOME: dir, TERM: "xterm", PS1: "> ", PROMPT: "> " };
  tmux("new-session", "-d", "-s", pane, "-x", "200", "-y", "20", "env", ...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...argv);
  for (const l of setup) tmux("send-keys", "-t", pane, l, "Enter");
  await ready(pane);
}

/** Waits for the shell's prompt after its setup lines. */
async function ready(pane: string): Promise<void> {
  await waitFor(
    () =>
      /^> $/m.test(
        `${tmux("capture-pane", "-p", "-t", pane)
          .split("\n")
          .filter((l) => l.trim())
          .at(-1)} `,
      ),
    20_000,
    `${pane}'s prompt`,
  );
}

const haveTmux = have("tmux");
describe.skipIf(!haveTmux || !have("zsh"))("zsh, typed into (tmux)", () => {
  test.each(CASES)("%s<Tab>", async (line, want) => {
    await interactive("zsh", ["zsh", "-f"], [`autoload -Uz compinit && compinit -u -D && source '${script("zsh")}'`]);
    expect(await typed("zsh", line)).toBe(`${line.replace(/\S*$/, "")}${want[0]}`);
  });
});

describe.skipIf(!haveTmux || !have("bash"))("bash, typed into (tmux)", () => {
  test.each(CASES)("%s<Tab>", async (line, want) => {
    await interactive("bash", ["bash", "--norc", "--noprofile"], [`source '${script("bash")}'`]);
    expect(await typed("bash", line)).toBe(`${line.replace(/\S*$/, "")}${want[0]}`);
  });
});

// Nothing the program printed is lost (issue 33 item 1): a reply shows the last whole lines and
// names the file (0600 in a 0700 directory) that keeps every byte, which stays after the session
// ends; the files are bounded. Built binary, fake adapter.
import { afterAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { BIN, Env, STANDARD_PROGRAM } from "./harness.ts";

const env = new Env();
afterAll(() => env.close());
const outputDir = () => join(env.dir, "state", "debugger-cli", "output");

/** A program that prints COUNT lines of 100 bytes (`flood N xxx…`) before it runs, then exits 3. */
function chatty(count: number): string {
  return env.program({ functions: STANDARD_PROGRAM.functions, calls: STANDARD_PROGRAM.calls, adapter: { floodOutput: { count, bytes: 100 } }, exitCode: 3 });
}

describe("run keeps the whole output", () => {
  test("3,000 lines: the reply ends with the last lines, each whole, and names the file that holds all 3,000", async () => {
    const r = await env.ok(["run", chatty(3000)]);
    expect(r.stop).toMatchObject({ reason: "exited", exitCode: 3 });
    const lines = r.stop.output.split("\n").filter(Boolean);
    // Whole lines only: the first one shown is not cut in the middle.
    expect(lines.every((l: string) => /^flood \d+ x+$/.test(l) && l.length === 99)).toBe(true);
    expect(lines.at(-1)).toStartWith("flood 2999 ");
    expect(lines.length).toBeGreaterThan(50);
    const file = r.stop.outputFile!;
    expect(r.stop.truncated).toEqual([`output: the last ${lines.length} of 3000 lines shown; all of it (300000 bytes) is in ${file}`]);
    // The session is gone, the file stays: every line, in order, private.
    const all = readFileSync(file, "utf8").split("\n").filter(Boolean);
    expect(all).toHaveLength(3000);
    expect(all.every((l, i) => l.startsWith(`flood ${i} `))).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(file)).mode & 0o777).toBe(0o700);
    expect(dirname(file)).toBe(outputDir());
  });

  test("text mode says what was cut and where the rest is, in one line after the output", async () => {
    const r = await env.run(["run", chatty(3000)], { json: false });
    expect(r.exitCode).toBe(0);
    const out = r.stdout.split("\n");
    const note = out.findIndex((l) => l.startsWith("(output: the last "));
    expect(note).toBeGreaterThan(0);
    expect(out[note]).toMatch(/^\(output: the last \d+ of 3000 lines shown; all of it \(300000 bytes\) is in \/.*\.log\)$/);
    expect(out[note - 1]).toStartWith("  flood 2999 ");
    const file = /is in (\/\S+\.log)\)$/.exec(out[note]!)![1]!;
    expect(readFileSync(file, "utf8").split("\n").filter(Boolean)).toHaveLength(3000);
  });

  test("MCP run: the text ends with the last lines and the one line naming the file", async () => {
    const client = new Client({ name: "whole-output-test", version: "1" });
    const transport = new StdioClientTransport({ command: BIN, args: ["mcp"], env: env.env, cwd: env.dir, stderr: "pipe" });
    await client.connect(transport);
    try {
      const r = (await client.callTool({ name: "run", arguments: { program: chatty(3000) } }, undefined, { timeout: 60_000 })) as {
        content: { text: string }[];
      };
      const text = r.content.map((c) => c.text).join("\n");
      expect(text).toContain("  flood 2999 ");
      const file = /of 3000 lines shown; all of it \(300000 bytes\) is in (\/\S+\.log)\)/.exec(text)![1]!;
      expect(readFileSync(file, "utf8").split("\n").filter(Boolean)).toHaveLength(3000);
    } finally {
      await client.close();
    }
  });

  test("a run with rows: its reply ends with the output's last 5 lines and the note naming the file (the same in JSON, text and MCP)", async () => {
    const prog = chatty(40);
    const line8 = `${basename(prog, ".json")}.c:8`;
    const r = await env.ok(["run", prog, "--break", line8]);
    expect(r.hits).toHaveLength(1);
    expect(r.stop).toMatchObject({ reason: "exited", exitCode: 3 });
    expect(r.stop.output).toBe([35, 36, 37, 38, 39].map((i) => `${`flood ${i} `.padEnd(99, "x")}\n`).join(""));
    const file = r.stop.outputFile!;
    expect(r.stop.truncated).toEqual([`output: the last 5 of 40 lines shown; all of it (4000 bytes) is in ${file}`]);
    expect(readFileSync(file, "utf8").split("\n").filter(Boolean)).toHaveLength(40);
    const text = await env.run(["run", prog, "--break", line8], { json: false });
    const lines = text.stdout.trimEnd().split("\n");
    expect(lines.filter((l) => l.startsWith("  flood "))).toHaveLength(5);
    expect(lines.at(-2)).toMatch(/^\(output: the last 5 of 40 lines shown; all of it \(4000 bytes\) is in \/\S+\.log\)$/);
    expect(text.stdout.length).toBeLessThan(1000);
    const client = new Client({ name: "whole-output-test", version: "1" });
    await client.connect(new StdioClientTransport({ command: BIN, args: ["mcp"], env: env.env, cwd: env.dir, stderr: "pipe" }));
    try {
      const m = (await client.callTool({ name: "run", arguments: { program: prog, break: [line8] } }, undefined, { timeout: 60_000 })) as {
        content: { text: string }[];
      };
      const said = m.content.map((c) => c.text).join("\n");
      expect(said.match(/^ {2}flood /gm)).toHaveLength(5);
      expect(said).toMatch(/\(output: the last 5 of 40 lines shown; all of it \(4000 bytes\) is in \/\S+\.log\)/);
    } finally {
      await client.close();
    }
  });

  test("a run with rows and a short output (10 lines, under 1 KB) shows it whole", async () => {
    const prog = chatty(8);
    const r = await env.ok(["run", prog, "--break", `${basename(prog, ".json")}.c:8`]);
    expect(r.hits).toHaveLength(1);
    expect(r.stop.output.split("\n").filter(Boolean)).toHaveLength(8);
    expect(r.stop.truncated).toBeUndefined();
  });

  test("a short output is whole, with no note", async () => {
    const r = await env.ok(["run", chatty(10)]);
    expect(r.stop.output.split("\n").filter(Boolean)).toHaveLength(10);
    expect(r.stop.truncated).toBeUndefined();
    expect(r.stop.outputFile).toBeUndefined();
  });
});

test("past the buffer's bound, `output` names the file that still has every chunk", async () => {
  const s = env.session("flood");
  await s.ok(["start", chatty(12_000), "--break", "prog.c:8", "--timeout", "120"]);
  const out = await s.ok(["output", "--stdout"]);
  expect(out.dropped).toBe(2000);
  const all = readFileSync(out.file!, "utf8").split("\n").filter(Boolean);
  expect(all).toHaveLength(12_000);
  expect(all[0]).toStartWith("flood 0 ");
  const text = await s.run(["output", "--tail", "1"], { json: false });
  expect(text.stdout).toContain(`(2000 older chunks were dropped from the buffer; all of the program's output is in ${out.file})`);
  await s.ok(["stop"]);
  expect(readFileSync(out.file!, "utf8").split("\n").filter(Boolean)).toHaveLength(12_000);
}, 120_000);

test("the files are bounded: old ones and the oldest past the total go when a new one starts", async () => {
  const small = new Env({ config: "[output]\nfiles_max_bytes = 400000\nfiles_days = 1\n" });
  try {
    const dir = join(small.dir, "state", "debugger-cli", "output");
    const first = (await small.ok(["run", chatty(3000)])).stop.outputFile!;
    // A file of another day (two days old) goes at the next start, whatever the total.
    const stale = join(dir, "20000101T000000-old-1-abcd.log");
    writeFileSync(stale, "old\n", { mode: 0o600 });
    const twoDaysAgo = Date.now() / 1000 - 2 * 86_400;
    utimesSync(stale, twoDaysAgo, twoDaysAgo);
    const second = (await small.ok(["run", chatty(3000)])).stop.outputFile!;
    expect(readdirSync(dir).sort()).toEqual([first, second].map((f) => f.split("/").pop()!).sort());
    // 300 KB each: the third start leaves room by removing the oldest.
    const third = (await small.ok(["run", chatty(3000)])).stop.outputFile!;
    expect(readdirSync(dir).sort()).toEqual([second, third].map((f) => f.split("/").pop()!).sort());
  } finally {
    await small.close();
  }
});

test("one file stops at its bound, at a line's end, and says so in its last line", async () => {
  const small = new Env({ config: "[output]\nfile_max_bytes = 50000\n" });
  try {
    const r = await small.ok(["run", chatty(3000)]);
    const text = readFileSync(r.stop.outputFile!, "utf8");
    const lines = text.split("\n").filter(Boolean);
    expect(lines.at(-1)).toStartWith("[debugger: this file stops at 50000 bytes");
    expect(lines.slice(0, -1).every((l) => l.length === 99)).toBe(true);
    expect(lines).toHaveLength(501);
    expect(r.stop.truncated![0]).toContain("up to the file's bound");
    // The reply still ends with the program's last lines (from the buffer).
    expect(r.stop.output.trimEnd().split("\n").at(-1)).toStartWith("flood 2999 ");
  } finally {
    await small.close();
  }
});

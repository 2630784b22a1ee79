// Upgrades between two real builds (issue 29 item 6, issue 33 item 10): the binary is compiled
// twice from this source with different build stamps (SOURCE_DATE_EPOCH: the "old" and the "new"
// build), as a package manager's upgrade leaves one running build beside another. lldb-dap drives
// the C fixture. Nothing here uses the test hooks (DEBUGGER_TEST_VERSION): each build is itself.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { COMPILE_FLAGS } from "../../scripts/build.ts";
import { adapterAvailable, E2eEnv, useEnv, waitFor } from "./harness.ts";

const haveLldb = adapterAvailable("lldb-dap", "test/e2e/upgrade.test.ts");
const env = useEnv(() => new E2eEnv({ prefix: "dbg-upgrade-" }));
const ROOT = resolve(import.meta.dir, "../..");
const basic = sourcePath("c/basic.c");
let dir: string;
let oldBin: string;
let newBin: string;
let bins: Record<string, string>;

/** The binary as scripts/build.ts makes it, stamped as built at `epoch`. */
function build(out: string, epoch: number): void {
  const date = new Date(epoch * 1000).toISOString();
  const defines = ["--define", `BUILD_DATE=${JSON.stringify(date)}`, "--define", "TEST_HOOKS=true", "--define", `BUILD_COMMIT=${JSON.stringify("upgrade")}`];
  const r = Bun.spawnSync([process.execPath, "build", "--compile", ...COMPILE_FLAGS, ...defines, join(ROOT, "src/main.ts"), "--outfile", out], {
    cwd: ROOT,
    stdout: "pipe",
    stderr: "pipe",
  });
  if (r.exitCode !== 0) throw new Error(`build of ${out} failed: ${r.stderr.toString()}`);
}

beforeAll(async () => {
  if (!haveLldb) return;
  dir = mkdtempSync(join(tmpdir(), "dbg-two-builds-"));
  mkdirSync(join(dir, "old"));
  mkdirSync(join(dir, "new"));
  oldBin = join(dir, "old", "debugger");
  newBin = join(dir, "new", "debugger");
  build(oldBin, 1_700_000_000);
  build(newBin, 1_800_000_000);
  bins = await buildFixtures();
}, 240_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** `BIN ARGS --json` in the test's isolated environment. */
async function cli(bin: string, args: string[]): Promise<{ exitCode: number; json: any; stderr: string }> {
  const proc = Bun.spawn([bin, ...args, "--json"], { cwd: env().dir, env: env().env, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  let json: any;
  try {
    json = JSON.parse(stdout);
  } catch {}
  return { exitCode, json, stderr };
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function mcp(bin: string): Promise<Client> {
  const client = new Client({ name: "upgrade-test", version: "1" });
  await client.connect(new StdioClientTransport({ command: bin, args: ["mcp"], env: env().env, cwd: env().dir, stderr: "inherit" }));
  return client;
}

type ToolResult = { isError?: boolean; content: { text: string }[]; structuredContent: any };
const callTool = (c: Client, name: string, args: Record<string, unknown>) => c.callTool({ name, arguments: args }) as Promise<ToolResult>;

describe.if(haveLldb)("upgrading the binary while sessions live (two builds)", () => {
  test("the new build's CLI lists, inspects, steps and stops the old daemon's session, told so each time; a new session waits for its own daemon", async () => {
    const line = markerLine(basic, "add_body");
    const started = await cli(oldBin, ["start", bins["c-basic"]!, "--break", `${basic}:${line}`, "--session", "up"]);
    expect(started.exitCode).toBe(0);
    const oldDaemon = (await cli(oldBin, ["daemon", "status"])).json.data.pid;

    const status = await cli(newBin, ["status", "--session", "up"]);
    expect(status.exitCode).toBe(0);
    expect(status.json.data).toMatchObject({ session: "up", state: "stopped", daemon: { pid: oldDaemon } });
    expect(status.json.notice).toMatch(
      /^the daemon is version \S+ \(build upgrade\.2023-11-14T22:13:20\.000Z\), kept for its 1 live session \('up'\); this debugger is version \S+ \(build upgrade\.2027-01-15T08:00:00\.000Z\)\. Once none is live, the next command starts a version/,
    );
    const printed = await cli(newBin, ["print", "a", "--session", "up"]);
    expect(printed.exitCode).toBe(0);
    expect(printed.json.data.result).toBe("0");
    const next = await cli(newBin, ["next", "--session", "up"]);
    expect(next.exitCode).toBe(0);
    expect(next.json.data.stop.frame.line).toBe(line + 1);
    // Text mode says it once on stderr, the reply itself unchanged.
    const human = Bun.spawnSync([newBin, "status", "--session", "up"], { cwd: env().dir, env: env().env, stdout: "pipe", stderr: "pipe" });
    expect(human.stderr.toString()).toContain("note: the daemon is version");

    const refused = await cli(newBin, ["start", bins["c-basic"]!, "--session", "other"]);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.json.error.code).toBe("DAEMON_VERSION_MISMATCH");
    expect(refused.json.error.message).toContain("'start' on session 'other' needs a version");
    expect(running(oldDaemon)).toBe(true);

    expect((await cli(newBin, ["stop", "--session", "up"])).exitCode).toBe(0);
    // No live session left: the new build's next command replaces the old daemon.
    const after = await cli(newBin, ["status"]);
    expect(after.exitCode).toBe(0);
    expect(after.json.data.daemon.pid).not.toBe(oldDaemon);
    await waitFor(() => !running(oldDaemon), 5000, "the old daemon to exit");
    await cli(newBin, ["daemon", "stop"]);
  }, 120_000);

  test("an old build's MCP server whose daemon a new build's `daemon stop` ended is told who ended its session, then starts again", async () => {
    const line = markerLine(basic, "add_body");
    const client = await mcp(oldBin);
    try {
      const start = await callTool(client, "start", { session: "m", program: bins["c-basic"], break: [`${basic}:${line}`] });
      expect(start.isError).not.toBe(true);
      // The new CLI sees the old daemon's session, and stops the daemon as the user would.
      expect((await cli(newBin, ["status", "--session", "m"])).json.data.state).toBe("stopped");
      expect((await cli(newBin, ["daemon", "stop"])).exitCode).toBe(0);

      // The old MCP server's next calls: a daemon of its own build answers, saying what happened.
      const status = await callTool(client, "status", { session: "m" });
      expect(status.isError).not.toBe(true);
      expect(status.structuredContent.state).toBe("idle");
      expect(status.structuredContent.notice).toMatch(
        /^session 'm' was ended at \d\d:\d\d:\d\d UTC by `debugger daemon stop` from a version \S+ \(build upgrade\.2027-01-15T08:00:00\.000Z\) client, which stopped the daemon \(pid \d+\) that held it$/,
      );
      const print = await callTool(client, "print", { session: "m", expressions: ["a"] });
      expect(print.isError).toBe(true);
      expect(print.structuredContent.error.code).toBe("SESSION_ENDED");
      expect(print.structuredContent.error.hint).toContain("start");
      // And goes on: a new session under the same name.
      const again = await callTool(client, "start", { session: "m", program: bins["c-basic"], break: [`${basic}:${line}`] });
      expect(again.isError).not.toBe(true);
      expect((await callTool(client, "stop", { session: "m" })).isError).not.toBe(true);
    } finally {
      await client.close();
      await cli(oldBin, ["daemon", "stop"]);
    }
  }, 120_000);

  test("an MCP server whose executable was replaced in place says so (restart it) instead of replacing daemons back and forth", async () => {
    const place = join(dir, "installed");
    mkdirSync(place, { recursive: true });
    const installed = join(place, "debugger");
    copyFileSync(oldBin, installed);
    Bun.spawnSync(["chmod", "755", installed]);
    const client = await mcp(installed);
    try {
      const line = markerLine(basic, "add_body");
      expect((await callTool(client, "start", { session: "p", program: bins["c-basic"], break: [`${basic}:${line}`] })).isError).not.toBe(true);
      // The package manager's upgrade: a new file at the same path (the running one keeps its inode).
      rmSync(installed);
      copyFileSync(newBin, installed);
      Bun.spawnSync(["chmod", "755", installed]);
      expect((await cli(installed, ["daemon", "stop"])).exitCode).toBe(0);
      const r = await callTool(client, "status", { session: "p" });
      expect(r.isError).toBe(true);
      expect(r.structuredContent.error.code).toBe("DAEMON_VERSION_MISMATCH");
      expect(r.structuredContent.error.message).toContain(`its executable ${installed} is now`);
      expect(r.structuredContent.error.message).toContain("the binary was replaced (an upgrade) while this process ran");
      expect(r.structuredContent.error.hint).toContain("restart this process");
    } finally {
      await client.close();
      await cli(installed, ["daemon", "stop"]);
    }
  }, 120_000);
});

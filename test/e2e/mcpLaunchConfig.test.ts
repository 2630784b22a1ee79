// The MCP start and run tools' `config`: the server reads .vscode/launch.json from its own working
// directory up (as the CLI does from the caller's), through the SDK's client and a real lldb-dap.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { adapterAvailable, BIN, E2eEnv } from "./harness.ts";

const env = new E2eEnv({ prefix: "dbg-mcp-launch-" });
const basic = sourcePath("c/basic.c");
const project = join(env.dir, "proj");
let client: Client;

beforeAll(async () => {
  const bins = await buildFixtures();
  mkdirSync(join(project, ".vscode"), { recursive: true });
  mkdirSync(join(project, "sub"));
  writeFileSync(
    join(project, ".vscode", "launch.json"),
    `{ "configurations": [
      { "name": "C app", "type": "cppdbg", "MIMode": "lldb", "request": "launch", "program": ${JSON.stringify(bins["c-basic"])}, "preLaunchTask": "make" }, // trailing comma next
      { "name": "Current", "type": "debugpy", "request": "launch", "program": "\${file}" },
    ] }`,
  );
  client = new Client({ name: "mcp-launch-test", version: "1" });
  await client.connect(new StdioClientTransport({ command: BIN, args: ["mcp"], env: env.env, cwd: join(project, "sub"), stderr: "inherit" }));
}, 240_000);

afterAll(async () => {
  await client?.close();
  await env.stopSessions();
  await env.close();
});

type Result = {
  content: { type: string; text: string }[];
  structuredContent: { [k: string]: any; error?: { code: string; message: string } };
  isError?: boolean;
};
const callTool = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as unknown as Result;

test("start and run list config (launchFile is taken but not listed: bytes every turn pays for)", async () => {
  const { tools } = await client.listTools();
  for (const name of ["start", "run"]) expect(Object.keys(tools.find((t) => t.name === name)!.inputSchema.properties!)).toContain("config");
  expect(tools.find((t) => t.name === "run")!.inputSchema.required ?? []).not.toContain("program");
});

describe.skipIf(!adapterAvailable("lldb-dap", "test/e2e/mcpLaunchConfig.test.ts"))("lldb-dap", () => {
  const line = markerLine(basic, "loop_body");
  test("start {config}: the configuration's program stops at the call's breakpoint; the task is named, not run", async () => {
    const r = await callTool("start", { config: "C app", break: [`${basic}:${line}`], session: "cfg" });
    expect(r.isError).not.toBe(true);
    expect(r.structuredContent).toMatchObject({ stop: { reason: "breakpoint", frame: { line } } });
    expect(r.content[0]!.text).toStartWith("note: preLaunchTask 'make' was not run");
    expect((await callTool("stop", { session: "cfg" })).isError).not.toBe(true);
  });
  test("run {config}: one call, a row per stop", async () => {
    const r = await callTool("run", { config: "C app", break: [`${basic}:${line}`], print: ["i"], max: 2 });
    expect(r.isError).not.toBe(true);
    expect(r.structuredContent).toMatchObject({ stoppedBy: "max" });
    expect(r.structuredContent.hits.map((h: any) => h.values[0].value)).toEqual(["0", "1"]);
  });
});

test("an editor variable is a LAUNCH_CONFIG tool error naming it", async () => {
  const r = await callTool("start", { config: "Current" });
  expect(r.isError).toBe(true);
  expect(r.structuredContent.error).toMatchObject({
    code: "LAUNCH_CONFIG",
    message: "configuration 'Current', program uses ${file}, the file open in VS Code's editor; there is none here",
  });
});

// `debugger mcp` under size, through the SDK's own client: a message past the read limit gets a
// JSON-RPC error and the server stays up; a batch of 1000 steps (the schema's maximum) is
// answered; a step that is not an object is INVALID_ARGUMENT, not INTERNAL. Issue 24, items 1, 7
// and 11.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { BIN, Env } from "./harness.ts";

let env: Env;
let client: Client;
let transport: StdioClientTransport;
let stderr = "";

beforeAll(async () => {
  env = new Env();
  client = new Client({ name: "mcp-transport-test", version: "1" });
  transport = new StdioClientTransport({ command: BIN, args: ["mcp"], env: env.env, cwd: env.dir, stderr: "pipe" });
  transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
  await env?.close();
});

async function call(name: string, args: Record<string, unknown>) {
  const r = (await client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 })) as {
    content: { text: string }[];
    structuredContent: any;
    isError?: boolean;
  };
  // Structured content is the reply's data, or {error} when the call failed.
  return { ok: r.isError !== true, data: r.structuredContent, error: r.structuredContent.error, text: r.content.map((c) => c.text).join("\n") };
}

test("a 20 MiB message gets a JSON-RPC error for its id; the server goes on answering", async () => {
  const big = "x".repeat(20 * 1024 * 1024);
  await expect(client.callTool({ name: "print", arguments: { expressions: [big] } }, undefined, { timeout: 60_000 })).rejects.toThrow(
    /message longer than 16777216 bytes \(16 MiB\), the limit of one message/,
  );
  expect(stderr).toContain("refusing a message longer than 16777216 bytes");
  // Still up, and the same connection works.
  const status = await call("status", {});
  expect(status.ok).toBe(true);
  expect(status.data.state).toBe("idle");
}, 60_000);

test("a 12 MiB message (past the SDK's 10 MiB buffer) is read and answered", async () => {
  const r = await call("print", { expressions: ["y".repeat(12 * 1024 * 1024)] });
  expect(r.ok).toBe(false);
  expect(r.error.code).toBe("NO_SESSION");
}, 60_000);

test("a batch of 1000 steps, about 2 MB, is answered step by step", async () => {
  const commands = Array.from({ length: 1000 }, (_, i) => ({ command: "print", args: { expressions: [`v${i}_${"z".repeat(2000)}`] } }));
  const r = await call("batch", { commands, keepGoing: true });
  expect(r.ok).toBe(true);
  expect(r.data).toMatchObject({ ran: 1000, total: 1000 });
  expect(r.data.replies.every((x: any) => x.error?.code === "NO_SESSION")).toBe(true);
}, 60_000);

test("a batch of 1001 steps is INVALID_ARGUMENT naming the limit", async () => {
  const r = await call("batch", { commands: Array.from({ length: 1001 }, () => ({ command: "status" })) });
  expect(r.ok).toBe(false);
  expect(r.error.code).toBe("INVALID_ARGUMENT");
  expect(r.error.message).toBe("commands has 1001 steps; a batch runs at most 1000");
});

test.each([[[null]], [[1]], [["status"]], [[[]]], [[{ command: "status", args: null }]]])(
  "batch with commands %j is INVALID_ARGUMENT, not INTERNAL",
  async (commands) => {
    const r = await call("batch", { commands });
    expect(r.ok).toBe(false);
    expect(r.error.code).toBe("INVALID_ARGUMENT");
    expect(r.error.message).toMatch(/^commands\[0\](\.args)? (is|must be)/);
  },
);

test("MCP test with a cwd that is no directory: INVALID_ARGUMENT naming it (issue 33 item 8; was ADAPTER_NOT_FOUND blaming python3)", async () => {
  const r = await call("test", { command: ["pytest", "-q"], cwd: "/nonexistent" });
  expect(r.ok).toBe(false);
  expect(r.error).toMatchObject({ code: "INVALID_ARGUMENT", message: "--cwd /nonexistent: no such directory" });
});

test("MCP run with a command line as args, or an interpreter as program: USAGE with the call meant", async () => {
  const words = await call("run", { args: ["python3", "-m", "pytest", "-q"], break: ["calc.py:4"] });
  expect(words.ok).toBe(false);
  expect(words.error.code).toBe("USAGE");
  expect(words.error.message).toContain("args (python3 -m pytest -q) are its arguments, not the program");
  // (The MCP server names its tools where the CLI's hint names commands.)
  expect(words.error.hint).toBe("a test run is the `test` tool");
  const interpreter = await call("run", { program: "python3", args: ["-m", "pytest"] });
  expect(interpreter.error).toMatchObject({ code: "USAGE", message: "'python3' is the interpreter, not the program: the debugger starts it itself" });
  expect(interpreter.error.hint).toContain("a test run is the `test` tool");
});

// `debugger mcp` end to end: the SDK's client speaks JSON-RPC over stdio to the built binary, which
// talks to a daemon of its own (an isolated DEBUGGER_RUNTIME_DIR) that the CLI shares; a real
// lldb-dap drives the C fixtures.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import Ajv, { type ValidateFunction } from "ajv";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import type { ErrorData } from "../../src/common/errors.ts";
import type { ArgsIn, Replies } from "../../src/ipc/commands.ts";
import { meta, type CommandName } from "../../src/ipc/meta.ts";
import { replySchemas } from "../../src/mcp/replySchemas.ts";
import { NOT_TOOLS, toolName } from "../../src/mcp/tools.ts";
import { adapterAvailable, BIN, E2eEnv, missing, type Reading, useEnv, waitFor } from "./harness.ts";

const env = useEnv(() => new E2eEnv({ prefix: "dbg-mcp-" }));
const haveLldb = adapterAvailable("lldb-dap", "test/e2e/mcp.test.ts");
let client: Client;
let bins: Record<string, string>;
const basic = sourcePath("c/basic.c");
const sleeper = sourcePath("c/sleeper.c");

/** Each tool's reply schema (src/mcp/replySchemas.ts), compiled: every structured result of these tests is checked against it. */
const outputChecks = new Map<string, ValidateFunction>();
/** Every result's text and structured content, for the scan for CLI spellings. */
const seen: { tool: string; text: string; json: string }[] = [];

beforeAll(async () => {
  bins = await buildFixtures();
  client = new Client({ name: "mcp-test", version: "1" });
  await client.connect(new StdioClientTransport({ command: BIN, args: ["mcp"], env: env().env, cwd: env().dir, stderr: "inherit" }));
  // tools/list carries no outputSchema (issue 29's 12 KB): each structured result is checked here
  // against its reply's schema, generated from the contract's reply types.
  const ajv = new Ajv({ strict: true, allowUnionTypes: true });
  for (const [command, schema] of Object.entries(replySchemas)) outputChecks.set(toolName(command), ajv.compile(schema));
});

afterAll(async () => {
  await client?.close();
});

/** The tool a contract command is (`breakpoint.add` is `breakpoint_add`), and back. */
type ToolOf<C extends string> = C extends `${infer G}.${infer S}` ? `${G}_${S}` : C;
type CommandOfTool<T extends string> = { [C in CommandName]: ToolOf<C> extends T ? C : never }[CommandName];

/** A tool call's document, typed by the command's contract reply (as test/harness/replies.ts types the CLI's). */
interface ToolResult<C extends CommandName> {
  ok: boolean;
  data: Reading<Replies[C]>;
  error: ErrorData;
  text: string;
  isError: boolean;
}

/** A tool call's structured document; the text must be the CLI's human rendering beside it. Arguments are the contract's (plus the session). */
async function call<const T extends ToolOf<CommandName>>(
  name: T,
  args: ArgsIn<CommandOfTool<T>> & { session?: string } = {} as never,
): Promise<ToolResult<CommandOfTool<T>>> {
  const r = (await client.callTool({ name, arguments: args })) as {
    content: { type: string; text: string }[];
    structuredContent: Record<string, any>;
    isError?: boolean;
  };
  const check = outputChecks.get(name)!;
  expect({ tool: name, valid: check(r.structuredContent), errors: check.errors ?? null }).toEqual({ tool: name, valid: true, errors: null });
  const text = r.content.map((c) => c.text).join("\n");
  seen.push({ tool: name, text, json: JSON.stringify(r.structuredContent) });
  // Structured content is the reply's data, or {error} when the call failed.
  return { ok: r.isError !== true, data: r.structuredContent as never, error: r.structuredContent.error, text, isError: r.isError === true };
}

async function ok<const T extends ToolOf<CommandName>>(
  name: T,
  args: ArgsIn<CommandOfTool<T>> & { session?: string } = {} as never,
): Promise<ToolResult<CommandOfTool<T>>> {
  const r = await call(name, args);
  if (!r.ok) throw new Error(`${name} failed: ${r.text}`);
  return r;
}

describe("tools/list", () => {
  test("one tool per contract command but the excluded ones, each with a valid JSON Schema; the list stays small", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    const expected = Object.keys(meta)
      .filter((c) => !(c in NOT_TOOLS))
      .map(toolName)
      .sort();
    expect(names).toEqual(expected);
    // The excluded ones are the daemon's internals and commands another tool covers.
    expect(Object.keys(NOT_TOOLS)).toContain("ping");
    expect(Object.keys(NOT_TOOLS)).toContain("shutdown");
    const ajv = new Ajv({ strict: true });
    for (const t of tools) {
      expect(t.inputSchema.type).toBe("object");
      expect(() => ajv.compile(t.inputSchema)).not.toThrow();
      // session is said once, in the instructions (issue 29's 12 KB); every call below passes it.
      expect(t.inputSchema.properties).not.toHaveProperty("session");
    }
    // Every tool has its hints for auto-approval; none lists an outputSchema (each result is checked
    // against its generated reply schema by call() below).
    for (const t of tools) {
      expect(t.annotations).toBeObject();
      expect(t.outputSchema).toBeUndefined();
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    // Reading state is read-only; evaluating what the caller wrote (print, display, a condition) or
    // running the program is not, whatever the tool is called (issue 33, item 6).
    for (const name of ["backtrace", "locals", "status", "breakpoint_list", "list"]) expect(byName[name]!.annotations).toEqual({ readOnlyHint: true });
    for (const name of ["print", "memory_read", "continue", "start", "breakpoint_add", "set", "raw", "batch"])
      expect(byName[name]!.annotations).toEqual({ destructiveHint: true });
    for (const name of ["stop", "breakpoint_remove"]) expect(byName[name]!.annotations).toEqual({ destructiveHint: true, openWorldHint: false });
    // start's "a program or a module" is in words, not a root anyOf (Anthropic's API refuses those):
    // no combinator at the root of any tool (test/unit/mcpSchema.test.ts checks each API's rules).
    for (const t of tools) for (const k of ["anyOf", "oneOf", "allOf"]) expect(t.inputSchema).not.toHaveProperty(k);
    const bytes = Buffer.byteLength(JSON.stringify({ tools }));
    console.log(`tools/list: ${tools.length} tools, ${bytes} bytes`);
    // docs/decisions.md (MCP, issue 29): the 12 KB, as the SDK client receives the list.
    expect(bytes).toBeLessThanOrEqual(12_000);
  });
});

describe("registration", () => {
  test("`debugger mcp --help` prints the lines that register it with common clients", () => {
    const r = Bun.spawnSync([BIN, "mcp", "--help"], { env: env().env, stdout: "pipe", stderr: "pipe" });
    const out = r.stdout.toString();
    expect(r.exitCode).toBe(0);
    expect(out).toContain("claude mcp add debugger -- debugger mcp");
    const blocks = out
      .split("\n")
      .filter((l) => l.trim().startsWith("{"))
      .map((l) => JSON.parse(l));
    expect(blocks).toContainEqual({ mcpServers: { debugger: { command: "debugger", args: ["mcp"] } } });
    expect(blocks).toContainEqual({ servers: { debugger: { type: "stdio", command: "debugger", args: ["mcp"] } } });
    expect(out).toContain(".vscode/mcp.json");
  });
});

describe("defaults", () => {
  test("the default session comes from config.toml like the CLI's, and the server's instructions say it", async () => {
    const other = new E2eEnv({ prefix: "dbg-mcp-cfg-", config: '[defaults]\nsession = "cfg"\n' });
    const c = new Client({ name: "mcp-test-cfg", version: "1" });
    try {
      await c.connect(new StdioClientTransport({ command: BIN, args: ["mcp"], env: other.env, cwd: other.dir, stderr: "inherit" }));
      // Said once, in the server's instructions, not in each schema.
      expect(c.getInstructions()).toContain("takes session: NAME (default 'cfg')");
      const r = (await c.callTool({ name: "status", arguments: {} })) as any;
      expect(r.structuredContent.session).toBe("cfg");
    } finally {
      await c.close();
      await other.close();
    }
  });
});

describe("errors", () => {
  test("an invalid argument is a tool error with the daemon's code; a bad location gets the CLI's code", async () => {
    const bad = await call("continue", { session: "nobody", timeout: -1 });
    expect(bad.isError).toBe(true);
    expect(bad.error.code).toBe("INVALID_ARGUMENT");
    expect(bad.text).toContain("[INVALID_ARGUMENT]");
    expect(bad.error.hint).toBeTruthy();

    const cli = await env().run(["break", "basic.c:zero"]);
    const mcp = await call("breakpoint_add", { location: "basic.c:zero" });
    expect(cli.exitCode).toBe(2);
    expect(mcp.isError).toBe(true);
    expect(mcp.error.code).toBe(cli.json.error.code);

    const inBatch = await call("batch", { commands: [{ command: "status" }, { command: "breakpoint.add", args: { location: "basic.c:zero" } }] });
    expect(inBatch.error.code).toBe(cli.json.error.code);

    const noProgram = await call("start", {});
    expect(noProgram.error.code).toBe("USAGE");
    expect(noProgram.error.message).toBe("start needs program (the executable to debug) or module (a Python module)");
    // A missing argument is named as missing, not as valibot's "Invalid key …" text; the hint
    // names tools/list, not a CLI command.
    const noExpr = await call("print", { session: "nobody" } as never); // expressions left out on purpose
    expect(noExpr.error.code).toBe("INVALID_ARGUMENT");
    expect(noExpr.error.message).toBe("print: missing argument 'expressions'");
    expect(noExpr.error.hint).not.toContain("debugger ");
    expect(noExpr.error.hint).toContain("tools/list");
    // A daemon hint naming a command names its tool.
    const noSession = await call("locals", { session: "nobody" });
    expect(noSession.isError).toBe(true);
    expect(noSession.error.hint).toMatch(/`start` tool/);
    expect(noSession.error.hint).not.toMatch(/`debugger (start|sessions)/);
    const badSession = await call("status", { session: "../x" });
    expect(badSession.error.code).toBe("USAGE");
  });
});

describe("stdin", () => {
  // MCP has no stdin of its own to give: a file path, relative to the server's directory.
  test.skipIf(!haveLldb)(
    "run takes `stdin`, a file the program reads as its stdin; `-` is refused",
    async () => {
      await Bun.write(`${env().dir}/mcp-in.txt`, "from a file\n");
      const r = await ok("run", { session: "mcp-stdin", program: "/bin/cat", stdin: "mcp-in.txt" });
      expect(r.data.stop?.output).toBe("from a file\n");
      const dash = await call("run", { session: "mcp-stdin", program: "/bin/cat", stdin: "-" });
      expect(dash.isError).toBe(true);
      expect(dash.error.code).toBe("USAGE");
      expect(dash.error.message).toContain("the CLI's own stdin");
    },
    60_000,
  );
});

describe("diff", () => {
  test.skipIf(!haveLldb)(
    "diff takes each side as {args, stdin, env}: the first stop whose values part, both values, in one call",
    async () => {
      const src = `${env().dir}/argsum.c`;
      await Bun.write(
        src,
        "#include <stdlib.h>\nint main(int argc, char **argv) {\n  long total = 0;\n  for (int i = 1; i < argc; i++) {\n    long x = strtol(argv[i], NULL, 0);\n    total += x;\n  }\n  return (int)total;\n}\n",
      );
      expect(Bun.spawnSync(["cc", "-g", "-O0", "-o", `${env().dir}/argsum`, src]).exitCode).toBe(0);
      const r = await ok("diff", {
        session: "mcp-diff",
        program: "argsum",
        a: { args: ["1", "8"] },
        b: { args: ["1", "08"] },
        break: ["argsum.c:6"],
        print: ["x"],
      });
      expect(r.data.agree).toBe(1);
      expect(r.data.differs).toEqual({ stop: 2, at: "argsum.c:6", values: [{ expression: "x", a: "8", b: "0" }] });
      expect(r.data.a).toMatchObject({ stops: 2, exitCode: 9 });
      expect(r.data.b).toMatchObject({ stops: 2, exitCode: 1 });
      expect(r.text).toContain("The first stop agrees; stop #2 (argsum.c:6) differs:");
      const missing = await call("diff", { session: "mcp-diff", program: "argsum", b: { stdin: "no-such.txt" }, break: ["argsum.c:6"] });
      expect(missing.isError).toBe(true);
      expect(missing.error.message).toStartWith("run b: ");
    },
    90_000,
  );
});

describe("unknown tool", () => {
  test("is JSON-RPC error -32602 (InvalidParams), with a did-you-mean", async () => {
    let err: any;
    await client.callTool({ name: "brekpoint_add", arguments: {} }).catch((e) => (err = e));
    expect(err?.code).toBe(-32602);
    expect(String(err?.message)).toContain("did you mean 'breakpoint_add'");
  });
});

describe.if(haveLldb)("lldb-dap over MCP", () => {
  test("start with a breakpoint, locals, step, print, stop", async () => {
    const addBody = markerLine(basic, "add_body");
    const start = await ok("start", { session: "m1", program: bins["c-basic"], break: [`${basic}:${addBody}`] });
    expect(start.data.stop.reason).toBe("breakpoint");
    expect(start.data.stop.frame.function).toBe("add");
    expect(start.data.stop.frame.line).toBe(addBody);
    expect(start.text).toContain("Stopped: breakpoint");
    expect(start.text).toContain(`basic.c:${addBody}`);

    const locals = await ok("locals", { session: "m1" });
    expect(locals.data.variables.map((v: { name: string }) => v.name)).toEqual(expect.arrayContaining(["a", "b"]));
    expect(locals.text).toMatch(/\ba \(int\) = 0/);

    const next = await ok("next", { session: "m1", print: ["sum"] });
    expect(next.data.stop.reason).toBe("step");
    expect(next.data.stop.frame.line).toBe(addBody + 1);
    expect(next.data.stop.displays[0].expression).toBe("sum");
    // Sized as the CLI's: the same function, so its current line only; with print, the changed locals.
    expect(next.data.stop.seen).toEqual({ sameFrame: true, unchanged: expect.arrayContaining(["a", "b"]) });
    expect(next.text).toEndWith("Locals: 2 unchanged: the `locals` tool");
    expect(next.text.split("\n").filter((l: string) => /^[→ ] +\d+  /.test(l))).toHaveLength(1);
    // The tool's `locals` argument: none.
    const none = await ok("next", { session: "m1", locals: "none" });
    expect(none.text).not.toContain("Locals");
    expect(none.data.stop.locals.length).toBeGreaterThan(0);

    const print = await ok("print", { session: "m1", expressions: ["a + b", "sum"] });
    expect(print.data.results).toHaveLength(2);
    expect(print.data.results[1].result).toBe(print.data.results[0].result);

    const stop = await ok("stop", { session: "m1" });
    expect(stop.data.stopped).toBe("m1");
    expect(stop.text).toBe("Session 'm1' ended.");
  });

  test("the tools take issue 23's arguments: locals scope, disassemble function, attach waitFor", async () => {
    await ok("start", { session: "m23", program: bins["c-basic"], break: [`${basic}:${markerLine(basic, "add_body")}`] });
    const scopes = await ok("locals", { session: "m23", scope: "all" });
    expect(scopes.data.scopes.map((x: { name: string }) => x.name)).toEqual(["Locals", "Globals", "Registers"]);
    expect(scopes.text).toStartWith("Locals (3):\n");
    const whole = await ok("disassemble", { session: "m23", function: true });
    expect(whole.data.function).toBe("add");
    expect(whole.data.instructions.at(-1)!.instruction).toMatch(/^ret/);
    const named = await ok("disassemble", { session: "m23", function: "factorial", count: 3 });
    expect(named.data.instructions).toHaveLength(3);
    expect(named.data.truncated).toStartWith("cut at 3 instructions");
    await ok("stop", { session: "m23" });
    const wait = await call("attach", { session: "m23w", waitFor: "no-such-prog-23", timeout: 0.3 });
    expect(wait.isError).toBe(true);
    expect(wait.error).toMatchObject({ code: "TIMEOUT", message: "no new process named 'no-such-prog-23' started within 0.3 s" });
  });

  test("a session started by the CLI is inspected over MCP, and one started over MCP is listed by the CLI", async () => {
    const line = markerLine(basic, "factorial_base");
    await env()
      .session("cli")
      .ok(["start", bins["c-basic"]!, "--break", `${basic}:${line}`]);
    const status = await ok("status", { session: "cli" });
    expect(status.data.state).toBe("stopped");
    const bt = await ok("backtrace", { session: "cli" });
    expect(bt.data.frames[0].function).toBe("factorial");
    expect(bt.text).toContain("factorial");

    await ok("start", { session: "over-mcp", program: bins["c-basic"], break: [`${basic}:${line}`] });
    const listed = await env().ok(["sessions"]);
    expect(listed.sessions.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(["cli", "over-mcp"]));
    const printed = await env().session("over-mcp").ok(["print", "n"]);
    expect(printed.result).toBe("1");
  });

  test("calls sent together on a session run in order; a pause cuts in while a continue waits", async () => {
    const body = markerLine(basic, "add_body");
    const [started, first, stepped, second] = await Promise.all([
      ok("start", { session: "ordered", program: bins["c-basic"], break: [`${basic}:${body}`] }),
      ok("print", { session: "ordered", expressions: ["a", "b"] }),
      ok("next", { session: "ordered" }),
      ok("print", { session: "ordered", expressions: ["sum"] }),
    ]);
    expect(started.data.stop.frame.line).toBe(body);
    expect(first.data.results.map((r) => r.result)).toEqual(["0", "0"]);
    expect(stepped.data.stop.frame.line).toBe(body + 1);
    expect(second.data.result).toBe("0");
    await ok("stop", { session: "ordered" });

    const tick = markerLine(sleeper, "tick_body");
    await ok("start", { session: "cut", program: bins["c-sleeper"], break: [`${sleeper}:${tick}`] });
    await ok("breakpoint_remove", { session: "cut", all: true });
    const running = ok("continue", { session: "cut", timeout: 0 });
    // status answers at once (it does not queue): the continue, sent first, is waiting once it says running.
    await waitFor(async () => (await ok("status", { session: "cut" })).data.state === "running", 10_000, "the continue to be running");
    const [paused, continued] = await Promise.all([ok("pause", { session: "cut" }), running]);
    expect(paused.data.stop.reason).toBe("pause");
    expect(continued.data.stop.reason).toBe("pause");
    await ok("stop", { session: "cut" });
  });

  test("a cancelled wait leaves the session running; a later await sees the stop a pause makes", async () => {
    const tick = markerLine(sleeper, "tick_body");
    await ok("start", { session: "hang", program: bins["c-sleeper"], break: [`${sleeper}:${tick}`] });
    await ok("breakpoint_remove", { session: "hang", all: true });
    const abort = new AbortController();
    let progress = 0;
    const waiting = client.callTool({ name: "continue", arguments: { session: "hang", timeout: 0 } }, undefined, {
      signal: abort.signal,
      onprogress: () => {
        progress++;
        abort.abort();
      },
    });
    await expect(waiting).rejects.toThrow();
    expect(progress).toBeGreaterThan(0);
    const status = await ok("status", { session: "hang" });
    expect(status.data.state).toBe("running");
    const paused = await ok("pause", { session: "hang", wait: false });
    expect(paused.data.waiting).toBe(true);
    const stopped = await ok("await", { session: "hang" });
    expect(stopped.data.stop.reason, stopped.text).toBe("pause");
    expect((await env().session("hang").ok(["status"])).state).toBe("stopped");
  });

  test("a stop racing a start: the start says a stop request ended the session (SESSION_ENDED), not how the adapter died", async () => {
    // Nothing stops the sleeper: the start waits, first for the adapter (starting), then for a stop (running).
    for (const when of ["starting", "running"] as const) {
      const name = `race-${when}`;
      const starting = call("start", { session: name, program: bins["c-sleeper"], timeout: 30 });
      await waitFor(async () => (await call("status", { session: name })).data?.state === when, 20_000, `the session to be ${when}`);
      const stopped = await ok("stop", { session: name });
      expect(stopped.data.stopped).toBe(name);
      const r = await starting;
      expect(r.isError).toBe(true);
      expect(r.error.code).toBe("SESSION_ENDED");
      expect(r.error.message).toBe(`session '${name}' was stopped by a \`stop\` request before its first stop`);
      expect(r.text).not.toMatch(/adapter|SIGABRT|SIGKILL|killed/);
      // Nothing left behind: the name starts again.
      expect((await call("status", { session: name })).data.state).toBe("idle");
      const again = await ok("start", { session: name, program: bins["c-basic"] });
      expect(again.data.stop.reason).toBe("exited");
    }
  });
});

describe("arguments the tools refuse (issue 33)", () => {
  test("a session that is not a string, unknown or mistyped adapter options: INVALID_ARGUMENT naming what is expected", async () => {
    for (const session of [5, null]) {
      const r = await call("status", { session } as never);
      expect(r.isError).toBe(true);
      expect(r.error.code).toBe("INVALID_ARGUMENT");
      expect(r.error.message).toBe(`session must be a string (a session name), not ${session === null ? "null" : "number"}`);
    }
    // Nothing was started under "5" or "null".
    expect((await ok("sessions")).data.sessions.map((s: { name: string }) => s.name)).not.toEqual(expect.arrayContaining(["5", "null"]));
    // The daemon's check for the adapter chosen, the same for the CLI, a batch step and every tool (issue 31 item 6).
    const unknown = await call("start", { session: "opts", program: bins["c-basic"], options: { pythn: "/usr/bin/python3" } });
    expect(unknown.error).toMatchObject({ code: "UNKNOWN_OPTION", message: "unknown option 'pythn' for lldb-dap; lldb-dap takes no adapter options" });
    const misspelt = await call("run", { session: "opts", program: sourcePath("python/basic.py"), options: { justMyCod: false } });
    expect(misspelt.error).toMatchObject({
      code: "UNKNOWN_OPTION",
      message: "unknown option 'justMyCod' for debugpy; debugpy's options are 'python' (--python), 'justMyCode' (--just-my-code)",
      hint: "did you mean 'justMyCode'?",
    });
    const inTest = await call("test", { session: "opts", command: ["pytest"], options: { justMyCod: false } });
    expect(inTest.error).toMatchObject({ code: "UNKNOWN_OPTION", hint: "did you mean 'justMyCode'?" });
    const mistyped = await call("start", { session: "opts", program: sourcePath("python/basic.py"), options: { justMyCode: "no" } });
    expect(mistyped.error).toMatchObject({ code: "INVALID_ARGUMENT", message: "adapter option 'justMyCode' must be a boolean, not string" });
    const inBatch = await call("batch", { commands: [{ command: "start", args: { program: bins["c-basic"], options: { nope: 1 } } }] });
    // A batch step fails as any step does, in its own reply, before anything starts.
    expect(inBatch.data.replies[0]).toMatchObject({ ok: false, error: { code: "UNKNOWN_OPTION" } });
    expect((await ok("status", { session: "opts" })).data.state).toBe("idle");
  });

  test("tools/call whose arguments are not an object is JSON-RPC invalid params (-32602), not an internal error", async () => {
    for (const args of [[1], "x", 5]) {
      let err: any;
      await client.request({ method: "tools/call", params: { name: "status", arguments: args as never } }, CallToolResultSchema).catch((e) => (err = e));
      expect(err?.code).toBe(-32602);
      expect(String(err?.message)).toContain("the arguments of 'status' must be an object");
    }
    // The connection goes on.
    expect((await ok("status", { session: "after" })).data.state).toBe("idle");
  });
});

describe.if(haveLldb)("a cancelled call (issue 29)", () => {
  test("a cancelled start frees its session at once: status and the next call answer without waiting for the abandoned start", async () => {
    const abort = new AbortController();
    // Nothing stops the sleeper: the start waits for a first stop that does not come.
    const starting = client.callTool({ name: "start", arguments: { session: "cancelled", program: bins["c-sleeper"], timeout: 60 } }, undefined, {
      signal: abort.signal,
    });
    starting.catch(() => {});
    await waitFor(async () => (await call("status", { session: "cancelled" })).data?.state === "running", 20_000, "the start to wait for its first stop");
    abort.abort();
    await expect(starting).rejects.toThrow();
    // Before: every request on the session waited up to 10 s for the abandoned start.
    let t = performance.now();
    const status = await ok("status", { session: "cancelled" });
    expect(performance.now() - t).toBeLessThan(3000);
    expect(status.data.state).toBe("running");
    t = performance.now();
    const listed = await ok("breakpoint_list", { session: "cancelled" });
    expect(performance.now() - t).toBeLessThan(3000);
    expect(listed.data.breakpoints).toEqual([]);
    await ok("stop", { session: "cancelled" });
  }, 60_000);
});

describe.if(haveLldb)("replies name tools (issue 29)", () => {
  test("no reply of a session's tools, text or structured, spells a CLI command; shell-only ones (doctor, setup, logs, daemon) may be named", async () => {
    const body = markerLine(basic, "add_body");
    // Hints and notes the daemon and the presenters write: idle status, no displays, a running
    // program, unchanged locals, a cut disassembly, a breakpoint that binds nowhere, errors.
    await call("status", { session: "words" });
    await call("locals", { session: "words" });
    await ok("start", { session: "words", program: bins["c-basic"], break: [`${basic}:${body}`] });
    await ok("batch", { session: "words", commands: [{ command: "display" }] });
    await ok("next", { session: "words", print: ["sum"] });
    await ok("next", { session: "words" });
    await ok("disassemble", { session: "words", function: "factorial", count: 2 });
    await call("print", { session: "words", expressions: ["no_such_name"] });
    await call("frame", { session: "words", index: 99 });
    await ok("batch", { session: "words", commands: [{ command: "backtrace" }, { command: "print", args: { expressions: ["nope_nope"] } }], keepGoing: true });
    await ok("stop", { session: "words" });
    await ok("start", { session: "words2", program: bins["c-sleeper"], break: ["no_such_function_xyz"] });
    await call("status", { session: "words2" });
    await call("await", { session: "words2", timeout: 0.5 });
    await call("continue", { session: "words2", wait: false });
    await ok("stop", { session: "words2" });
    const cli = /`debugger (?!doctor|setup|logs|daemon)[^`]*`/;
    const found = seen.flatMap(({ tool, text, json }) => [text, json].flatMap((s) => (cli.test(s) ? [`${tool}: ${cli.exec(s)![0]}`] : [])));
    expect(found).toEqual([]);
    expect(seen.length).toBeGreaterThan(40);
  }, 90_000);
});

// Issue 33's round over MCP `run`/`test` with a real adapter (debugpy): what the CLI tests show for
// the commands, through the SDK's client.
describe("MCP run and test on debugpy (issue 33)", () => {
  const haveDebugpy =
    Bun.spawnSync(["/usr/bin/python3", "-c", "import debugpy, pytest"], { stderr: "ignore" }).exitCode === 0 ||
    missing("/usr/bin/python3 cannot import debugpy and pytest", "test/e2e/mcp.test.ts");
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "dbg-mcp-py-"));
    writeFileSync(
      join(dir, "test_calc.py"),
      "def add(a, b):\n    return a - b\n\n\ndef test_add():\n    got = add(2, 3)\n    assert got == 5\n\n\ndef test_ok():\n    assert add(3, 0) == 3\n",
    );
    writeFileSync(join(dir, "chatty.py"), "for i in range(1, 3001):\n    print(f'line {i} of the run')\nraise ValueError('at the end')\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test.skipIf(!haveDebugpy)(
    "test: stops at the failing assert with its locals; continue ends with the runner's verdict",
    async () => {
      const t = await ok("test", {
        session: "mcp-test",
        command: ["/usr/bin/python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", join(dir, "test_calc.py")],
        cwd: dir,
      });
      expect(t.data.stop!.frame!.line).toBe(7);
      expect(t.data.stop!.locals!.find((v) => v.name === "got")?.value).toBe("-1");
      const end = await ok("continue", { session: "mcp-test" });
      expect(end.data.stop!.summary).toBe("1 failed, 1 passed");
      expect(end.data.stop!.exitCode).toBe(1);
    },
    120_000,
  );

  test.skipIf(!haveDebugpy)(
    "run: 3,000 lines then an uncaught exception: the last whole lines, and the file with all of them after the session ended",
    async () => {
      const r = await ok("run", { session: "mcp-run", program: join(dir, "chatty.py"), cwd: dir });
      expect(r.data.stoppedBy).toBe("other");
      const lines = r.data.stop!.output!.split("\n").filter((l) => l.startsWith("line "));
      expect(lines.at(-1)).toBe("line 3000 of the run");
      expect(lines.every((l) => /^line \d+ of the run$/.test(l))).toBe(true);
      const file = r.data.stop!.outputFile!;
      expect(r.data.stop!.truncated!.join("\n")).toContain(`is in ${file}`);
      const all = (await Bun.file(file).text()).split("\n").filter((l) => l.startsWith("line "));
      expect(all).toHaveLength(3000);
      expect((await ok("sessions")).data.sessions).toEqual([]);
    },
    120_000,
  );
});

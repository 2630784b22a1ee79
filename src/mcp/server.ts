// `debugger mcp`: a Model Context Protocol server on stdio. Each tool call is one request to the
// same daemon the CLI talks to, so sessions are shared both ways. Loaded only by the `mcp`
// command (a dynamic import), so the CLI never loads the SDK.
import { SOCKET_DEFAULT_MS, SOCKET_FOREVER_MS, socketWaitMs } from "../ipc/socketTimeout.ts";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { DebuggerError, toErrorData } from "../common/errors.ts";
import { normalJitPolicy } from "../common/jit.ts";
import { checkSessionName } from "../common/sessionName.ts";
import { VERSION } from "../common/version.ts";
import { request } from "../ipc/client.ts";
import { argSchemas, parseArgs, tryParseArgs, type ArgsIn, type ArgsOut, type Replies } from "../ipc/commands.ts";
import { checkArgs, mcpSpelling } from "../ipc/calls.ts";
import { isCommand, metaOf, type Single } from "../ipc/meta.ts";
import { MAX_BATCH_COMMANDS } from "../ipc/framing.ts";
import type { Reply } from "../ipc/protocol.ts";
import { errorText, present, presentBatch, type View } from "../present/index.ts";
import { closest } from "../common/similar.ts";
import { fillIn } from "./checks.ts";
import { expandConfig } from "./launch.ts";
import { toolData, toolHint, toolText } from "./hints.ts";
import { toolDefs, type ToolDef } from "./tools.ts";
import { StdioLineTransport } from "./transport.ts";

/**
 * Said once per connection instead of in every tool's schema (an agent pays for every byte of
 * tools/list on every turn): the workflow, and the arguments and defaults the tools share.
 */
export function instructions(defaults: McpDefaults): string {
  return (
    "Debug a program: start it with breakpoints, read the stop report, inspect (locals, print, backtrace), " +
    "move (next, step, finish, continue), stop when done. start, attach, restart, continue, next, step, finish, " +
    `until, pause, await and trace wait for the stop and return it: timeout in seconds (default ${defaults.timeout}; 0 waits forever), ` +
    "wait: false returns at once and await waits later; print: [EXPR] on them adds values at that stop. " +
    `Every tool but sessions takes session: NAME (default '${defaults.session}'), shared with the \`debugger\` CLI. ` +
    "structuredContent is the reply's data, as --json's (with notice: what happened on the session while no call waited); " +
    "a failed call's is {error: {code, message, hint}}."
  );
}

/** Seconds between progress notifications while an execution tool waits for the stop. */
const PROGRESS_EVERY_S = 2;

interface Extra {
  signal: AbortSignal;
  _meta?: { progressToken?: string | number };
  sendNotification(n: { method: "notifications/progress"; params: { progressToken: string | number; progress: number; message?: string } }): Promise<void>;
}

export interface McpDefaults {
  /** The session of a call that names none. */
  session: string;
  /** Seconds an execution tool waits when the call gives no timeout ([timeouts] execution). */
  timeout: number;
  /** [defaults] locals: the stop report's locals when the call gives no `locals`. */
  locals?: "none" | "changed" | "all";
}

export async function serveMcp(defaults: McpDefaults): Promise<void> {
  normalJitPolicy();
  const defaultSession = defaults.session;
  const tools = toolDefs();
  const byName = new Map<string, ToolDef>(tools.map((t) => [t.name, t]));
  const server = new Server({ name: "debugger", version: VERSION }, { capabilities: { tools: {} }, instructions: instructions(defaults) });
  const listed = listedTools(tools);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const tool = byName.get(req.params.name);
    // The spec's answer to an unknown tool is a protocol error, not a tool result.
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool '${req.params.name}'${suggestTool(req.params.name, byName)}`);
    const args = { ...(req.params.arguments ?? {}) };
    const session = typeof args.session === "string" ? args.session : defaultSession;
    const { execution, concurrency } = metaOf(tool.command);
    const call = async () => {
      if (execution) waiting.set(session, (waiting.get(session) ?? 0) + 1);
      try {
        return await callTool(tool, args, defaults, extra);
      } finally {
        if (execution) waiting.set(session, (waiting.get(session) ?? 1) - 1);
      }
    };
    if (concurrency === "read" || (concurrency === "interrupt" && (waiting.get(session) ?? 0) > 0)) return call();
    return inOrder(session, call);
  });
  // A person who typed `debugger mcp` in a terminal sees why nothing happens (stderr: stdout is the protocol's).
  if (process.stdin.isTTY)
    process.stderr.write(
      "debugger mcp speaks the Model Context Protocol on stdin and stdout; `debugger mcp --help` shows how to register it with a client. Ctrl-D ends it.\n",
    );
  const transport = new StdioLineTransport();
  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  await server.connect(transport);
  // The client ends the server by closing stdin.
  process.stdin.on("end", () => void server.close());
  await closed;
}

/**
 * Calls on a session run in the order they arrive (a client that sends `start` and `print`
 * together means them in that order), except calls that only read what the daemon holds, and
 * calls that interrupt or end a session while a call on it waits for the program to stop (each
 * command's `concurrency` in ../ipc/meta.ts).
 */
/** Execution calls (continue, next, …) on each session still waiting for their stop. */
const waiting = new Map<string, number>();
const queues = new Map<string, Promise<unknown>>();

function inOrder<T>(session: string, work: () => Promise<T>): Promise<T> {
  const before = queues.get(session) ?? Promise.resolve();
  const run = before.then(work, work);
  const tail = run.then(
    () => {},
    () => {},
  );
  queues.set(session, tail);
  void tail.then(() => {
    if (queues.get(session) === tail) queues.delete(session);
  });
  return run;
}

async function callTool(tool: ToolDef, args: Record<string, unknown>, defaults: McpDefaults, extra: Extra): Promise<CallToolResult> {
  const command = tool.command;
  let session = defaults.session;
  try {
    // A number or null is the caller's mistake, not a session named "5" or "null".
    const named = args.session;
    if (named !== undefined && typeof named !== "string")
      throw new DebuggerError(
        "INVALID_ARGUMENT",
        `session must be a string (a session name), not ${named === null ? "null" : Array.isArray(named) ? "an array" : typeof named}`,
        'e.g. {"session": "api"}; left out, it is the default session',
      );
    if (named !== undefined) session = checkSessionName(named, "session");
    delete args.session;
    const m = metaOf(command);
    if (m.execution && args.timeout === undefined && "timeout" in argSchemas[command].entries) args.timeout = defaults.timeout;
    const timeout = typeof args.timeout === "number" && args.timeout >= 0 ? args.timeout : defaults.timeout;
    const cwd = process.cwd();
    const view: View = { cwd, session, locals: localsOf(args) ?? defaults.locals };
    // The daemon enforces the stop timeout; the socket only guards against a hung daemon.
    const socketTimeout =
      command === "batch" || (command === "output" && args.follow === true) ? SOCKET_FOREVER_MS : m.execution ? socketWaitMs(timeout) : SOCKET_DEFAULT_MS;
    const token = extra._meta?.progressToken;
    const started = Date.now();
    const progress =
      token !== undefined && (m.execution || m.stream || command === "batch")
        ? setInterval(() => {
            const s = Math.round((Date.now() - started) / 1000);
            void extra
              .sendNotification({ method: "notifications/progress", params: { progressToken: token, progress: s, message: `waiting for the stop (${s} s)` } })
              .catch(() => {});
          }, PROGRESS_EVERY_S * 1000)
        : undefined;
    let sent: Sent;
    try {
      if (command === "batch") {
        batchSteps(args.commands);
        fillIn(command, args, cwd);
        const a = parseArgs(command, args);
        checkArgs(command, a, mcpSpelling);
        // A batch's steps get the same checks and additions as the tools they name.
        for (const step of a.commands) if (isCommand(step.command) && step.command !== "batch") checkStep(step.command, step.args, cwd);
        sent = await sendBatch(a, session, view, socketTimeout, extra.signal);
      } else {
        // start/run {config}: a launch.json configuration becomes the call (start's may be an attach).
        const launched = expandConfig(command, args, cwd);
        const sending = launched?.command ?? command;
        const sendArgs = launched?.args ?? args;
        fillIn(sending, sendArgs, cwd);
        const a = parseArgs(sending, sendArgs);
        checkArgs(sending, a, mcpSpelling);
        sent = await send(sending, a, session, view, socketTimeout, extra.signal);
        if (launched?.notes.length) sent.text = [...launched.notes.map((n) => `note: ${n}`), sent.text].join("\n");
      }
    } finally {
      clearInterval(progress);
    }
    const { reply } = sent;
    // What happened on the session while nobody listened (an interrupted trace or batch).
    const notice = reply.notice ? `note: ${reply.notice}` : "";
    if (!reply.ok) {
      const r = failure(new DebuggerError(reply.error?.code ?? "INTERNAL", reply.error?.message ?? "the daemon replied without an error", reply.error?.hint));
      if (notice) r.content.unshift({ type: "text", text: notice });
      return r;
    }
    const text = [notice, sent.text].filter(Boolean).join("\n");
    // The reply's data, as the CLI's --json has it (a `notice` beside it is the
    // text's first line too).
    const data = { ...reply.data };
    return { content: [{ type: "text", text: text || "ok" }], structuredContent: reply.notice ? { ...data, notice: reply.notice } : data };
  } catch (e) {
    return failure(e);
  }
}

/** A call's `locals` (the contract checks its value). */
function localsOf(args: Record<string, unknown>): View["locals"] {
  const l = args.locals;
  return l === "none" || l === "changed" || l === "all" ? l : undefined;
}

interface Sent {
  reply: Reply<Replies[keyof Replies]>;
  text: string;
}

/** One tool call's request; its reply (and each partial reply) as the CLI would print it. */
async function send<C extends Single>(command: C, args: ArgsIn<C>, session: string, view: View, socketTimeout: number, signal: AbortSignal): Promise<Sent> {
  const partials: string[] = [];
  const onPartial = (r: Reply<Replies[C]>) => {
    if (r.data) partials.push(toolText(present(command, toolData(r.data), view), r.data));
  };
  const reply = withToolWords(await untilAborted(request({ command, session, cwd: view.cwd, args }, socketTimeout, { onPartial, signal }), signal));
  const text = reply.ok && reply.data !== undefined ? toolText([...partials, present(command, reply.data, view)].filter(Boolean).join("\n"), reply.data) : "";
  return { reply, text };
}

async function sendBatch(args: ArgsOut<"batch">, session: string, view: View, socketTimeout: number, signal: AbortSignal): Promise<Sent> {
  const reply = withToolWords(await untilAborted(request({ command: "batch", session, cwd: view.cwd, args }, socketTimeout, { signal }), signal));
  const text =
    reply.ok && reply.data
      ? toolText(
          presentBatch(reply.data, view, {
            label: (_i, r) => r.command,
            view: (i, base) => ({ ...base, locals: localsOf(args.commands[i]?.args ?? {}) ?? view.locals }),
            stoppedEarly: (ran, total, interrupted) =>
              `(${interrupted ? "interrupted by a pause" : "stopped"} after ${ran} of ${total}${interrupted ? "" : "; keepGoing runs past a failure"})`,
          }),
          reply.data,
        )
      : "";
  return { reply, text };
}

/** A reply whose data and notice name tools where the daemon's words name CLI commands (../mcp/hints.ts). */
function withToolWords<T>(reply: Reply<T>): Reply<T> {
  return { ...reply, ...(reply.data !== undefined ? { data: toolData(reply.data) } : {}), ...(reply.notice ? { notice: toolHint(reply.notice) } : {}) };
}

/** A step of a batch: the server's additions, and the contract's checks when its arguments are valid (else the daemon says what is wrong). */
function checkStep<C extends Single>(command: C, args: Record<string, unknown>, cwd: string): void {
  fillIn(command, args, cwd);
  const a = tryParseArgs(command, args);
  if (a) checkArgs(command, a, mcpSpelling);
}

/**
 * A cancelled call stops waiting at once. Its connection to the daemon closes (../ipc/client.ts),
 * which ends the request's work there as a killed CLI would: a trace or batch leaves the program
 * stopped and the next reply on the session says where; a request not yet sent is never sent.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new DebuggerError("TIMEOUT", "the call was cancelled", "`await` waits for the stop again"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DebuggerError("TIMEOUT", "the call was cancelled; the session keeps running", "`await` waits for the stop again"));
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** A batch's steps, each an object (a `null` step is the caller's mistake, not an internal error). */
function batchSteps(commands: unknown): void {
  if (!Array.isArray(commands)) return;
  if (commands.length > MAX_BATCH_COMMANDS)
    throw new DebuggerError(
      "INVALID_ARGUMENT",
      `commands has ${commands.length} steps; a batch runs at most ${MAX_BATCH_COMMANDS}`,
      "split the plan into several batch calls",
    );
  commands.forEach((c, i) => {
    if (typeof c !== "object" || c === null || Array.isArray(c)) {
      throw new DebuggerError(
        "INVALID_ARGUMENT",
        `commands[${i}] is ${c === null ? "null" : Array.isArray(c) ? "an array" : typeof c}; each step is an object {command, args?, session?}`,
        'e.g. {"commands": [{"command": "print", "args": {"expressions": ["x"]}}]}',
      );
    }
    if (c.args !== undefined && (typeof c.args !== "object" || c.args === null || Array.isArray(c.args))) {
      throw new DebuggerError("INVALID_ARGUMENT", `commands[${i}].args must be an object`, 'e.g. {"command": "print", "args": {"expressions": ["x"]}}');
    }
  });
}

function suggestTool(name: string, byName: Map<string, ToolDef>): string {
  const near = closest(name, [...byName.keys()]);
  return near ? `; did you mean '${near}'?` : "; tools/list names the tools";
}

/** The tools as tools/list gives them. */
export function listedTools(tools: ToolDef[]) {
  return tools.map(({ name, description, inputSchema, annotations }) => ({ name, description, inputSchema, annotations }));
}

function failure(e: unknown): CallToolResult {
  const error = toErrorData(e);
  // The daemon's hints name CLI commands; over MCP they name the tools.
  error.message = toolHint(error.message);
  if (error.hint) error.hint = toolHint(error.hint);
  // No field of any tool's reply is called `error` (test/unit/mcpSchema.test.ts).
  return { isError: true, content: [{ type: "text", text: errorText(error) }], structuredContent: { error } };
}

// The MCP tools, generated from the command contract: one tool per contract command, except the
// few that are the daemon's own business or that another tool already covers. A command added to
// the contract becomes a tool without a change here (test/e2e/mcp.test.ts checks that).
import { argSchemas } from "../ipc/commands.ts";
import { meta, metaOf, type CommandName } from "../ipc/meta.ts";
import { toJsonSchema, type JsonSchema } from "./jsonSchema.ts";

/** Contract commands with no tool, and why. */
export const NOT_TOOLS: Partial<Record<CommandName, string>> = {
  ping: "the daemon's health check",
  shutdown: "stops every session of every client",
  up: "frame takes the index",
  down: "frame takes the index",
  eval: "print evaluates",
  "watch.list": "breakpoint_list shows watchpoints too",
  thread: "frame and backtrace take a thread",
  events: "status has the last stop",
};

/** The few arguments whose name does not say enough (few bytes: every tool list pays for them). */
const PROPERTY_NOTES: Record<string, string> = {
  break: "LOC or 'LOC if COND'",
  options: "adapter options: python, justMyCode",
};

/** Arguments the server fills in itself: never shown to the agent. */
const HIDDEN_ARGS = new Set(["clientPid", "path", "ofRun"]);
/** Arguments a tool shares with another's schema but does not use: attach runs no program of its own; run's options carry only the server's DEBUGGER_ADAPTER. */
const UNUSED_ARGS: Partial<Record<CommandName, string[]>> = { attach: ["args", "cwd", "env", "core", "stopOnEntry"], run: ["options"] };

export interface ToolDef {
  name: string;
  command: CommandName;
  description: string;
  inputSchema: JsonSchema & { type: "object"; properties: Record<string, JsonSchema> };
  outputSchema: JsonSchema & { type: "object" };
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean };
}

/**
 * Every tool's `structuredContent` is the same envelope: `{ok: true, command, session, data}` with
 * the command's reply (README's JSON reference), or `{ok: false, …, error: {code, message, hint}}`.
 * One small schema for all: a per-reply schema would triple the bytes of tools/list, which every
 * agent turn pays for.
 */
export const OUTPUT_SCHEMA = {
  type: "object",
  properties: { ok: { type: "boolean" }, data: { type: "object" }, error: { type: "object" } },
  required: ["ok"],
} as const satisfies JsonSchema;

/**
 * Tool annotations (MCP 2025-06-18+), which clients use to approve calls without asking: tools
 * that only read the session are read-only; of the others, those that end the program, write its
 * memory, run arbitrary code or drop what was set are destructive, the rest are not (the spec's
 * default is destructive, so those say so). batch runs any of them: left at the default.
 */
const READ_ONLY = new Set<CommandName>(["status", "sessions", "breakpoint.list", "context", "backtrace", "locals", "args", "print", "threads", "registers", "memory.read", "list", "disassemble", "output"]);
const DESTRUCTIVE = new Set<CommandName>(["stop", "detach", "restart", "set", "eval", "raw", "breakpoint.remove", "undisplay"]);

function annotationsOf(command: CommandName): ToolDef["annotations"] {
  if (command === "batch") return undefined;
  if (READ_ONLY.has(command)) return { readOnlyHint: true };
  return { destructiveHint: DESTRUCTIVE.has(command) };
}

/** MCP tool names allow no dots in several clients: `breakpoint.add` is `breakpoint_add`. */
export function toolName(command: string): string {
  return command.replace(/\./g, "_");
}


export function toolDefs(defaultSession = "default"): ToolDef[] {
  const out: ToolDef[] = [];
  for (const command of Object.keys(meta) as CommandName[]) {
    if (command in NOT_TOOLS) continue;
    const schema = toJsonSchema(argSchemas[command]) as ToolDef["inputSchema"];
    for (const hidden of [...HIDDEN_ARGS, ...(UNUSED_ARGS[command] ?? [])]) delete schema.properties[hidden];
    for (const [key, note] of Object.entries(PROPERTY_NOTES)) if (schema.properties[key]) schema.properties[key] = { ...schema.properties[key], description: note };
    if (Array.isArray(schema.required)) schema.required = (schema.required as string[]).filter((r) => !HIDDEN_ARGS.has(r));
    // Every tool names its session; the daemon-wide ones (sessions) take none.
    if (!metaOf(command).daemon) schema.properties = { session: { type: "string", default: defaultSession }, ...schema.properties };
    // start needs a program, or (Python) a module instead: said in words and checked by the daemon
    // (USAGE), never as anyOf/oneOf/allOf at the schema's root, which Anthropic's API refuses for
    // the whole request (every tool of every server the client loaded).
    if (command === "start") schema.properties.program = { ...schema.properties.program, description: "required unless module is given" };
    const annotations = annotationsOf(command);
    out.push({ name: toolName(command), command, description: metaOf(command).summary, inputSchema: schema, outputSchema: OUTPUT_SCHEMA, ...(annotations ? { annotations } : {}) });
  }
  return out;
}

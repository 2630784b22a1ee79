// The MCP tools, generated from the command contract: one tool per contract command, except the
// few that are the daemon's own business or that another tool already covers. A command added to
// the contract becomes a tool without a change here (test/e2e/mcp.test.ts checks that).
import { adapterOptionsInWords } from "../common/adapterOptions.ts";
import { argSchemas } from "../ipc/commands.ts";
import { meta, metaOf, type CommandName } from "../ipc/meta.ts";
import { toJsonSchema, type JsonSchema } from "./jsonSchema.ts";
import { LAUNCH_PROPERTIES } from "./launch.ts";
import { replySchemas } from "./replySchemas.ts";

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
  // Each costs ~300 bytes of every tools/list for what another tool shows (issue 29's budget).
  context: "frame with no index shows the same; list takes lines",
  args: "locals lists them too (every adapter's locals hold the arguments)",
  threads: "backtrace with all shows every thread at its frame in your code",
};

/** Summaries that say a CLI flag: the tool's own words. */
const DESCRIPTIONS: Partial<Record<CommandName, string>> = {
  backtrace: "The call stack (all: every thread at its frame in your code)",
  catch: "Exception filters: lists them; add, remove by name (C++ types: add [\"throw\", TYPE])",
  pause: "Interrupt the program; a blocked one lists each waiting thread and its wait",
};

/** The few arguments whose name does not say enough (few bytes: every tool list pays for them). */
const PROPERTY_NOTES: Record<string, string> = {
  break: "LOC or 'LOC if COND'",
  stdin: "file path",
};

/**
 * The contract takes any record of adapter options; the tools name the ones the CLI has flags for,
 * in words (typed properties cost about twice the bytes in every tools/list: issue 29's budget); the
 * daemon refuses any other, and a wrong type, naming the valid ones.
 */
const OPTIONS_SCHEMA: JsonSchema = { type: "object", description: adapterOptionsInWords() };

/** Arguments the server fills in itself: never shown to the agent. */
const HIDDEN_ARGS = new Set(["clientPid", "callerEnv", "ofRun"]);
/** Arguments a tool shares with another's schema but does not use: attach runs no program of its own. */
const UNUSED_ARGS: Partial<Record<CommandName, string[]>> = { attach: ["args", "cwd", "env", "clearEnv", "core", "stopOnEntry", "stdin"], diff: ["options", "clearEnv"] };

export interface ToolDef {
  name: string;
  command: CommandName;
  description: string;
  inputSchema: JsonSchema & { type: "object"; properties: Record<string, JsonSchema> };
  outputSchema: JsonSchema & { type: "object" };
  annotations: Annotations;
}

type Annotations = { readOnlyHint?: true; destructiveHint?: boolean; openWorldHint?: false };

/**
 * What each tool can do at worst, for clients that approve calls by these hints (MCP tool
 * annotations; docs/decisions.md has the rule). Any tool that can evaluate an expression the
 * caller wrote, or run the program, can run any code (`print __import__("os").system(…)` under
 * debugpy, `(int)system(…)` under LLDB): it is neither read-only nor closed. Unstated hints keep
 * the spec's defaults, which are the worst case (not read-only, destructive, open world).
 */
const ANNOTATIONS: Record<"read" | "session" | "drops" | "code", Annotations> = {
  /** Lists what the daemon or the debugger holds; evaluates nothing the caller wrote, changes nothing. */
  read: { readOnlyHint: true },
  /** Changes the session's own settings; nothing is lost and nothing runs. */
  session: { destructiveHint: false, openWorldHint: false },
  /** Ends the program or session, or drops what was set or captured; runs nothing. */
  drops: { destructiveHint: true, openWorldHint: false },
  /** Runs the program or evaluates the caller's expressions (a condition, a `print`, a location). */
  code: { destructiveHint: true },
};

const CLASS: Partial<Record<CommandName, keyof typeof ANNOTATIONS>> = {
  status: "read",
  sessions: "read",
  "breakpoint.list": "read",
  context: "read",
  backtrace: "read",
  frame: "read",
  locals: "read",
  args: "read",
  threads: "read",
  registers: "read",
  list: "read",
  "breakpoint.enable": "session",
  "breakpoint.disable": "session",
  catch: "session",
  stop: "drops",
  detach: "drops",
  "breakpoint.remove": "drops",
  undisplay: "drops",
  // `clear` drops what was captured.
  output: "drops",
};

/** Every other tool runs code: a new tool is taken to, until it is put in a class above. */
export function annotationsOf(command: CommandName): Annotations {
  return ANNOTATIONS[CLASS[command] ?? "code"];
}

/** MCP tool names allow no dots in several clients: `breakpoint.add` is `breakpoint_add`. */
export function toolName(command: string): string {
  return command.replace(/\./g, "_");
}


export function toolDefs(): ToolDef[] {
  const out: ToolDef[] = [];
  for (const command of Object.keys(meta) as CommandName[]) {
    if (command in NOT_TOOLS) continue;
    const schema = toJsonSchema(argSchemas[command]) as ToolDef["inputSchema"];
    for (const hidden of [...HIDDEN_ARGS, ...(UNUSED_ARGS[command] ?? [])]) delete schema.properties[hidden];
    if (schema.properties.options) schema.properties.options = OPTIONS_SCHEMA;
    for (const [key, note] of Object.entries(PROPERTY_NOTES)) if (schema.properties[key]) schema.properties[key] = { ...schema.properties[key], description: note };
    if (Array.isArray(schema.required)) schema.required = (schema.required as string[]).filter((r) => !HIDDEN_ARGS.has(r));
    // Every tool names its session (its default is said in the server's instructions); the
    // daemon-wide ones (sessions) take none.
    if (!metaOf(command).daemon) schema.properties = { session: { type: "string" }, ...schema.properties };
    // start needs a program, or (Python) a module instead: said in words and checked by the daemon
    // (USAGE), never as anyOf/oneOf/allOf at the schema's root, which Anthropic's API refuses for
    // the whole request (every tool of every server the client loaded).
    if (command === "start") schema.properties.program = { ...schema.properties.program, description: "or module" };
    // A launch.json configuration (./launch.ts), read by the server; run's program may come from it.
    if (command === "start" || command === "run") schema.properties = { ...schema.properties, ...LAUNCH_PROPERTIES };
    if (command === "run" && Array.isArray(schema.required)) {
      const required = (schema.required as string[]).filter((r) => r !== "program");
      if (required.length) schema.required = required;
      else delete schema.required;
    }
    out.push({ name: toolName(command), command, description: DESCRIPTIONS[command] ?? metaOf(command).summary, inputSchema: schema, outputSchema: replySchemas[command]!, annotations: annotationsOf(command) });
  }
  return out;
}

// The MCP tools, generated from the command contract: one tool per contract command, except the
// few that are the daemon's own business or that another tool already covers. A command added to
// the contract becomes a tool without a change here (test/e2e/mcp.test.ts checks that).
import { adapterOptionsInWords } from "../common/adapterOptions.ts";
import { argSchemas } from "../ipc/commands.ts";
import { meta, metaOf, type CommandName } from "../ipc/meta.ts";
import { toJsonSchema, type JsonSchema } from "./jsonSchema.ts";
import { LAUNCH_PROPERTIES } from "./launch.ts";

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
  // Issue 29's 12 KB: each ~350 bytes for what another tool does (docs/decisions.md).
  display: "each execution tool's print shows values at its stop",
  undisplay: "display has no tool",
  "breakpoint.enable": "breakpoint_remove, then breakpoint_add again",
  "breakpoint.disable": "breakpoint_remove, then breakpoint_add again",
};

/**
 * The tools' own words where the contract's summary (CLI help) says a flag or more than a tool
 * list should carry: every byte here is paid on every turn of every agent.
 */
const DESCRIPTIONS: Partial<Record<CommandName, string>> = {
  status: "Session state and last stop",
  test: "Run a test command; stop at the first failure",
  attach: "Attach to pid, waitFor (a name) or connect",
  stop: "End the session and a launched program",
  restart: "Launch again, same args and breakpoints",
  run: "Run to the end: print values at each breakpoint hit",
  diff: "Run twice (a, b): the first stop where values differ",
  "breakpoint.list": "Breakpoints and watchpoints, hit counts",
  "watch.add": "Stop when an lvalue is written (or read)",
  catch: "Exception filters: list; add, remove by name",
  "breakpoint.add": "Set a breakpoint: FILE:LINE, function or address",
  finish: "Run until this function returns",
  until: "Run to a location",
  pause: "Interrupt; a hang lists each waiting thread",
  await: "Wait for the stop (the last one if stopped)",
  backtrace: "Call stack (all: every thread)",
  list: "Source at a line, range, file or function",
  disassemble: "Instructions at the pc or an address",
  batch: "Run tools in order, one reply each",
};

/** The few arguments whose name does not say enough (few bytes: every tool list pays for them). */
const PROPERTY_NOTES: Record<string, string> = {
  break: "LOC [if COND]",
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
/**
 * Arguments a tool shares with another's schema but does not use (attach runs no program of its
 * own; run's cwd and options come from its `config`, ./launch.ts), or that another tool gives
 * (start's pid and connect are attach's; a step's thread is chosen by frame; a step needs no
 * `wait: false`, `timeout` or `locals` other than the defaults; `continue`'s thread is refused by
 * every adapter here; `clearEnv` is the CLI's --clear-env). The daemon still takes them all when a
 * call sends them: only the listing leaves them out (issue 29's 12 KB).
 */
const STEP_ARGS = ["wait", "thread", "locals", "timeout"];
const UNUSED_ARGS: Partial<Record<CommandName, string[]>> = {
  // connect (an adapter somebody started), locals and adapter options: rare on attach, accepted unlisted.
  attach: ["args", "cwd", "env", "clearEnv", "core", "stopOnEntry", "stdin", "connect", "locals", "options"],
  start: ["pid", "connect", "clearEnv"],
  // max and keep (test walked as `run` walks): the CLI's; the 12 KB had no room for them.
  test: ["clearEnv", "max", "keep"],
  run: ["clearEnv"],
  diff: ["options", "clearEnv", "addresses", "ignore"],
  next: STEP_ARGS,
  step: STEP_ARGS,
  finish: STEP_ARGS,
  until: STEP_ARGS,
  pause: ["thread", "locals", "timeout", "wait"],
  restart: ["locals", "wait"],
  continue: ["thread"],
  await: ["locals"],
  // `frame` (print in frame N without selecting it): the CLI's; the 12 KB had no room for it (7 B over).
  print: ["frame"],
};

export interface ToolDef {
  name: string;
  command: CommandName;
  description: string;
  inputSchema: JsonSchema & { type: "object"; properties: Record<string, JsonSchema> };
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
    for (const [key, note] of Object.entries(PROPERTY_NOTES))
      if (schema.properties[key]) schema.properties[key] = { ...schema.properties[key], description: note };
    if (Array.isArray(schema.required)) schema.required = (schema.required as string[]).filter((r) => !HIDDEN_ARGS.has(r));
    // `session` is not listed: the same 29 bytes on 34 tools, said once in the server's
    // instructions (every tool but sessions takes it; the contract checks it, ./checks.ts too).
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
    out.push({
      name: toolName(command),
      command,
      description: DESCRIPTIONS[command] ?? metaOf(command).summary,
      inputSchema: schema,
      annotations: annotationsOf(command),
    });
  }
  return out;
}

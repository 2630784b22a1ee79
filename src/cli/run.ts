// The CLI's entry: find the command, parse its arguments strictly, call the daemon (or run
// locally), print one result, return the exit code. Errors never print usage on stdout.
import { DebuggerError, exitCodeFor, toErrorData, type ErrorData } from "../common/errors.ts";
import { VERSION } from "../common/version.ts";
import { request } from "../ipc/client.ts";
import { closest, parseArgv, type FlagDef } from "./args.ts";
import { breakpointCommands } from "./breakpoints.ts";
import { executionCommands } from "./execution.ts";
import { inspectionCommands } from "./inspection.ts";
import { outputCommands } from "./output.ts";
import { sessionCommands } from "./session.ts";
import type { CliContext, CommandSpec } from "./spec.ts";
import { toolCommands } from "./tools.ts";
import { doctorCommands, setupCommands } from "./admin.ts";
import { batchCommands } from "./batchCommand.ts";

export const commands: CommandSpec[] = [...sessionCommands, ...breakpointCommands, ...executionCommands, ...inspectionCommands, ...outputCommands, ...toolCommands, ...batchCommands, ...doctorCommands, ...setupCommands];

export const globalFlags: Record<string, FlagDef> = {
  session: { type: "string", description: "session name (default $DEBUGGER_SESSION or 'default')", valueHint: "NAME" },
  json: { type: "boolean", description: "print one JSON document" },
  quiet: { type: "boolean", description: "print nothing on success" },
  help: { type: "boolean", alias: "h", description: "show help" },
};

const executionFlags: Record<string, FlagDef> = {
  timeout: { type: "number", description: "seconds to wait for the stop (default 60; 0 waits forever)", valueHint: "SECONDS" },
  wait: { type: "boolean", description: "wait for the stop (--no-wait returns at once)" },
};

/** Group words that need a second word (`breakpoint add`), with the default sub-command. */
const groups: Record<string, string | undefined> = { breakpoint: "list", daemon: undefined, memory: "read", watch: "add" };
/** Groups whose default sub-command also takes the words that follow (`watch total` is `watch add total`). */
const openGroups = new Set(["watch"]);
const groupAliases: Record<string, string> = { bp: "breakpoint", breakpoints: "breakpoint" };

export function findCommand(words: string[]): { spec: CommandSpec; used: number } {
  const first = words[0]!;
  const group = groupAliases[first] ?? first;
  if (group in groups) {
    const sub = words[1] && !words[1].startsWith("-") ? words[1] : undefined;
    const name = `${group} ${sub ?? groups[group] ?? ""}`.trim();
    const spec = commands.find((c) => c.name === name || (sub && c.name.startsWith(`${group} `) && c.aliases?.includes(sub)));
    if (spec) return { spec, used: sub ? 2 : 1 };
    const fallback = openGroups.has(group) ? commands.find((c) => c.name === `${group} ${groups[group]}`) : undefined;
    if (fallback) return { spec: fallback, used: 1 };
    const subs = commands.filter((c) => c.name.startsWith(`${group} `)).map((c) => c.name.slice(group.length + 1));
    const guess = sub ? closest(sub, subs) : undefined;
    throw new DebuggerError("UNKNOWN_COMMAND", sub ? `unknown command '${group} ${sub}'` : `'${group}' needs a sub-command`, guess ? `did you mean \`debugger ${group} ${guess}\`?` : `sub-commands: ${subs.join(", ")}`);
  }
  const spec = commands.find((c) => c.name === first || c.aliases?.includes(first));
  if (spec) return { spec, used: 1 };
  const names = [...commands.flatMap((c) => [c.name.split(" ")[0]!, ...(c.aliases ?? [])]), ...Object.keys(groups)];
  const guess = closest(first, [...new Set(names)]);
  throw new DebuggerError("UNKNOWN_COMMAND", `unknown command '${first}'`, guess ? `did you mean \`debugger ${guess}\`? (\`debugger --help\` lists the commands)` : "`debugger --help` lists the commands");
}

export function flagsOf(spec: CommandSpec): Record<string, FlagDef> {
  return { ...globalFlags, ...(spec.execution ? executionFlags : {}), ...(spec.flags ?? {}) };
}

async function write(text: string, stream: "out" | "err" = "out"): Promise<void> {
  if (!text) return;
  await Bun.write(stream === "out" ? Bun.stdout : Bun.stderr, text.endsWith("\n") ? text : text + "\n");
}

function errorText(e: ErrorData): string {
  return `error: ${e.message} [${e.code}]${e.hint ? `\nhint: ${e.hint}` : ""}`;
}

export async function runCli(argv: string[]): Promise<number> {
  const envJson = process.env.DEBUGGER_JSON === "1" || process.env.DEBUGGER_JSON === "true";
  const wantsJson = envJson || argv.includes("--json");
  const session = process.env.DEBUGGER_SESSION || "default";
  let commandName = argv[0] ?? "";
  let sessionName = session;
  try {
    if (argv.length === 0 || argv[0] === "--help" || argv[0] === "-h" || argv[0] === "help") {
      const { mainHelp, commandHelp } = await import("./help.ts");
      const target = argv[0] === "help" && argv[1] ? findCommand(argv.slice(1)).spec : undefined;
      await write(target ? await commandHelp(target, flagsOf(target)) : mainHelp(commands));
      return argv.length === 0 ? 2 : 0;
    }
    if (argv[0] === "--version" || argv[0] === "-V") {
      await write(wantsJson ? JSON.stringify({ ok: true, command: "version", session, data: { version: VERSION } }) : VERSION);
      return 0;
    }
    const { spec, used } = findCommand(argv);
    commandName = spec.name;
    const flags = flagsOf(spec);
    const parsed = parseArgv(argv.slice(used), flags, spec.name);
    if (parsed.flags.help) {
      const { commandHelp } = await import("./help.ts");
      await write(await commandHelp(spec, flags));
      return 0;
    }
    if (parsed.sawDoubleDash && !spec.passThrough) {
      throw new DebuggerError("USAGE", `'${spec.name}' takes no program arguments after --`, `\`debugger ${spec.name} --help\``);
    }
    const positionals = spec.positionals ?? [];
    const required = positionals.filter((p) => p.required);
    if (parsed.positionals.length < required.length) {
      const missing = required[parsed.positionals.length]!;
      throw new DebuggerError("USAGE", `'${spec.name}' needs ${missing.name.toUpperCase()} (${missing.description})`, `\`debugger ${spec.name} --help\``);
    }
    if (!positionals.some((p) => p.variadic) && parsed.positionals.length > positionals.length) {
      const extra = parsed.positionals[positionals.length]!;
      const hint = spec.passThrough ? `program arguments go after --: \`debugger ${spec.name} ${parsed.positionals[0]} -- ${parsed.positionals.slice(1).join(" ")}\`` : `\`debugger ${spec.name} --help\``;
      throw new DebuggerError("USAGE", `unexpected argument '${extra}' for '${spec.name}'`, hint);
    }
    sessionName = typeof parsed.flags.session === "string" ? parsed.flags.session : session;
    const timeout = typeof parsed.flags.timeout === "number" ? parsed.flags.timeout : 60;
    if (timeout < 0) throw new DebuggerError("USAGE", "--timeout cannot be negative", "seconds, e.g. --timeout 120 (0 waits forever)");
    const ctx: CliContext = {
      session: sessionName,
      cwd: process.cwd(),
      json: envJson || parsed.flags.json === true,
      quiet: parsed.flags.quiet === true,
      timeout,
      wait: parsed.flags.wait !== false,
    };
    let data: unknown;
    if (spec.local) data = await spec.local(parsed, ctx);
    else {
      const call = spec.call!(parsed, ctx);
      // The daemon enforces the stop timeout; the socket only guards against a hung daemon.
      const socketTimeout = spec.socketTimeoutMs?.(parsed, ctx) ?? (spec.execution ? (ctx.timeout === 0 ? 2 ** 31 - 1 : (ctx.timeout + 45) * 1000) : 120_000);
      // Partial replies are printed as they come: one JSON document per line with --json.
      let printed: Promise<unknown> = Promise.resolve(); // keeps partial replies in order
      const onPartial = (r: { data?: unknown }) => {
        const text = ctx.json ? JSON.stringify({ ok: true, command: spec.name, session: ctx.session, data: r.data }) + "\n" : (spec.renderPartial?.(r.data as never, parsed, ctx) ?? "");
        if (text) printed = printed.then(() => Bun.write(Bun.stdout, text));
      };
      const reply = await request({ command: call.command, session: ctx.session, cwd: ctx.cwd, args: call.args }, socketTimeout, onPartial);
      await printed;
      if (!reply.ok) {
        const error = reply.error ?? { code: "INTERNAL", message: "the daemon replied without an error" };
        if (ctx.json) await write(JSON.stringify({ ok: false, command: spec.name, session: ctx.session, error }));
        else await write(errorText(error as ErrorData), "err");
        return exitCodeFor(error.code);
      }
      data = reply.data;
    }
    if (ctx.json) await write(JSON.stringify({ ok: true, command: spec.name, session: ctx.session, data }));
    else if (!ctx.quiet) await write(spec.render(data as never, parsed, ctx));
    return spec.exitCode?.(data) ?? 0;
  } catch (e) {
    const error = toErrorData(e);
    if (wantsJson) await write(JSON.stringify({ ok: false, command: commandName, session: sessionName, error }));
    else await write(errorText(error), "err");
    return exitCodeFor(error.code);
  }
}

/** The positional-argument rules every command shares; used for each line of a batch. */
export function checkPositionals(spec: CommandSpec, parsed: { positionals: string[]; sawDoubleDash: boolean }): void {
  if (parsed.sawDoubleDash && !spec.passThrough) {
    throw new DebuggerError("USAGE", `'${spec.name}' takes no program arguments after --`, `\`debugger ${spec.name} --help\``);
  }
  const positionals = spec.positionals ?? [];
  const required = positionals.filter((p) => p.required);
  if (parsed.positionals.length < required.length) {
    const missing = required[parsed.positionals.length]!;
    throw new DebuggerError("USAGE", `'${spec.name}' needs ${missing.name.toUpperCase()} (${missing.description})`, `\`debugger ${spec.name} --help\``);
  }
  if (!positionals.some((p) => p.variadic) && parsed.positionals.length > positionals.length) {
    throw new DebuggerError("USAGE", `unexpected argument '${parsed.positionals[positionals.length]}' for '${spec.name}'`, `\`debugger ${spec.name} --help\``);
  }
}

// The CLI's entry: find the command, parse its arguments strictly, call the daemon (or run
// locally), print one result, return the exit code. Errors never print usage on stdout.
// Help, completion, consola and the config schema load lazily: this path runs on every command.
import { cliSettings } from "../common/cliSettings.ts";
import { DebuggerError, exitCodeFor, toErrorData, type ErrorData } from "../common/errors.ts";
import { request } from "../ipc/client.ts";
import { parseArgv, type PositionalDef } from "./args.ts";
import { requestQuotingWarnings } from "./quoting.ts";
import { checkSessionName, commands, findCommand, flagsOf, groupAliases, groups, splitCommandLine } from "./registry.ts";
import type { CliContext, CommandSpec } from "./spec.ts";

/** The longest --timeout: 2,000,000 s (23 days) stays under the 2^31-1 ms a timer can wait. */
const MAX_TIMEOUT_S = 2_000_000;

/** Contract commands that start an adapter: a wait over a second says so on a terminal. */
const STARTS_ADAPTER = new Set(["start", "attach", "restart"]);

async function write(text: string, stream: "out" | "err" = "out"): Promise<void> {
  if (!text) return;
  await Bun.write(stream === "out" ? Bun.stdout : Bun.stderr, text.endsWith("\n") ? text : text + "\n");
}

function errorText(e: ErrorData): string {
  return `error: ${e.message} [${e.code}]${e.hint ? `\nhint: ${e.hint}` : ""}`;
}

function beforeDoubleDash(argv: string[]): string[] {
  const i = argv.indexOf("--");
  return i < 0 ? argv : argv.slice(0, i);
}

export async function runCli(argv: string[]): Promise<number> {
  const envJson = process.env.DEBUGGER_JSON === "1" || process.env.DEBUGGER_JSON === "true";
  const flagWords = beforeDoubleDash(argv);
  const wantsJson = envJson || flagWords.includes("--json");
  let commandName = "";
  let sessionName = process.env.DEBUGGER_SESSION || "default";
  let current: CommandSpec | undefined;
  try {
    const line = splitCommandLine(argv);
    commandName = line.words[0] ?? "";
    const helpFlag = flagWords.includes("--help") || flagWords.includes("-h");
    if (line.version && !line.words.length) line.words.push("version");
    if (!line.words.length || line.words[0] === "help") {
      const target = line.words.slice(1);
      const { mainHelp, commandHelp, groupHelp, plainHelp } = await import("./help.ts");
      plainHelp(wantsJson);
      if (!target.length) {
        await write(await mainHelp());
        return argv.length === 0 || !helpFlag && line.words[0] !== "help" ? 2 : 0;
      }
      const group = groupAliases[target[0]!] ?? target[0]!;
      if (group in groups && target.length === 1) await write(await groupHelp(group));
      else {
        const { spec } = findCommand(target);
        await write(await commandHelp(spec, flagsOf(spec)));
      }
      return 0;
    }
    const found = findCommand(line.words);
    const spec: CommandSpec = found.spec;
    commandName = spec.name;
    current = spec;
    if (helpFlag && found.group && !found.explicitSub) {
      const { groupHelp, plainHelp } = await import("./help.ts");
      plainHelp(wantsJson);
      await write(await groupHelp(found.group));
      return 0;
    }
    const flags = flagsOf(spec);
    const parsed = parseArgv([...line.words.slice(found.used), ...line.rest], flags, spec.name);
    if (parsed.flags.help) {
      const { commandHelp, plainHelp } = await import("./help.ts");
      plainHelp(wantsJson);
      await write(await commandHelp(spec, flags));
      return 0;
    }
    checkPositionals(spec, parsed);
    const settings = spec.local ? {} : await cliSettings();
    if (typeof parsed.flags.session === "string") sessionName = checkSessionName(parsed.flags.session, "--session");
    else if (process.env.DEBUGGER_SESSION) sessionName = spec.local ? sessionName : checkSessionName(process.env.DEBUGGER_SESSION, "DEBUGGER_SESSION");
    else if (settings.session !== undefined) sessionName = checkSessionName(settings.session, "[defaults] session in config.toml");
    const timeout = typeof parsed.flags.timeout === "number" ? parsed.flags.timeout : (settings.executionTimeout ?? 60);
    if (timeout < 0) throw new DebuggerError("USAGE", "--timeout cannot be negative", "seconds, e.g. --timeout 120 (0 waits forever)");
    // Timers take at most 2^31-1 ms; a longer one fires at once (a bogus TIMEOUT before anything ran).
    if (timeout > MAX_TIMEOUT_S) throw new DebuggerError("USAGE", `--timeout ${timeout} is more than ${MAX_TIMEOUT_S} s`, "seconds, e.g. --timeout 120; 0 waits forever");
    const ctx: CliContext = {
      session: sessionName,
      cwd: process.cwd(),
      json: envJson || parsed.flags.json === true,
      quiet: parsed.flags.quiet === true,
      timeout,
      wait: parsed.flags.wait !== false,
    };
    if (spec.execution && !ctx.wait && typeof parsed.flags.timeout === "number" && !ctx.json && !ctx.quiet) {
      const { messages } = await import("./messages.ts");
      (await messages()).warn("--timeout has no effect with --no-wait: nothing waits for the stop (`debugger await --timeout N` does)");
    }
    let data: unknown;
    let notice: string | undefined;
    if (spec.local) data = await spec.local(parsed, ctx);
    else {
      const call = spec.call!(parsed, ctx);
      // An expression the shell cut short (`--print p->x` unquoted): said before the reply, on stderr.
      const cut = requestQuotingWarnings(call.args as Record<string, unknown>);
      if (cut.length) await write(cut.join("\n"), "err");
      // The daemon enforces the stop timeout; the socket only guards against a hung daemon.
      const socketTimeout = spec.socketTimeoutMs?.(parsed, ctx) ?? (spec.execution ? (ctx.timeout === 0 ? 2 ** 31 - 1 : (ctx.timeout + 45) * 1000) : 120_000);
      // Partial replies are printed as they come: one JSON document per line with --json.
      let printed: Promise<unknown> = Promise.resolve(); // keeps partial replies in order
      const onPartial = (r: { data?: unknown }) => {
        const text = ctx.json ? JSON.stringify({ ok: true, command: spec.name, session: ctx.session, data: r.data }) + "\n" : (spec.renderPartial?.(r.data as never, parsed, ctx) ?? "");
        if (text) printed = printed.then(() => Bun.write(Bun.stdout, text));
      };
      // STARTS_ADAPTER first: process.stderr is built on first use, which costs more than the rest of a
      // `threads` (measured: ~4 ms CPU of a 15 ms `threads` with stderr on a pipe).
      const slow = STARTS_ADAPTER.has(call.command) && !ctx.json && !ctx.quiet && process.stderr.isTTY ? setTimeout(() => void announceSlowStart(), 1000) : undefined;
      let reply: Awaited<ReturnType<typeof request>>;
      try {
        reply = await request({ command: call.command, session: ctx.session, cwd: ctx.cwd, args: call.args }, socketTimeout, onPartial);
      } finally {
        clearTimeout(slow);
      }
      await printed;
      // What happened on the session while nobody listened (an interrupted trace or batch).
      notice = reply.notice;
      if (notice && !ctx.json) await write(`note: ${notice}`, "err");
      if (!reply.ok) {
        const error = reply.error ?? { code: "INTERNAL", message: "the daemon replied without an error" };
        if (ctx.json) await write(JSON.stringify({ ok: false, command: spec.name, session: ctx.session, error, ...(notice ? { notice } : {}) }));
        else await write(errorText(error as ErrorData), "err");
        return exitCodeFor(error.code);
      }
      data = reply.data;
    }
    if (ctx.json) await write(JSON.stringify({ ok: true, command: spec.name, session: ctx.session, data, ...(notice ? { notice } : {}) }));
    else if (!ctx.quiet) await write(spec.render(data as never, parsed, ctx));
    return spec.exitCode?.(data) ?? 0;
  } catch (e) {
    const error = toErrorData(e);
    // A local command that ran but found problems (doctor) still prints its report.
    if (!wantsJson && error.code === "CHECK_FAILED" && current && error.details) await write(current.render(error.details as never, { positionals: [], flags: {}, rest: [], sawDoubleDash: false }, { session: sessionName, cwd: process.cwd(), json: false, quiet: false, timeout: 60, wait: true }));
    if (wantsJson) await write(JSON.stringify({ ok: false, command: commandName, session: sessionName, error }));
    else await write(errorText(error), "err");
    return exitCodeFor(error.code);
  }
}

async function announceSlowStart(): Promise<void> {
  const { messages } = await import("./messages.ts");
  (await messages()).start("waiting for the adapter…");
}

/** The positional-argument rules every command shares; used for each line of a batch too. */
export function checkPositionals(spec: CommandSpec, parsed: { positionals: string[]; sawDoubleDash: boolean }): void {
  if (parsed.sawDoubleDash && !spec.passThrough) {
    throw new DebuggerError("USAGE", `'${spec.name}' takes no program arguments after --`, `\`debugger ${spec.name} --help\``);
  }
  const positionals = spec.positionals ?? [];
  // Loops, not filter/some: this runs on every command, where each array builtin's first call costs ~0.1 ms.
  const required: PositionalDef[] = [];
  let variadic = false;
  for (const p of positionals) {
    if (p.required) required.push(p);
    if (p.variadic) variadic = true;
  }
  if (parsed.positionals.length < required.length) {
    const missing = required[parsed.positionals.length]!;
    throw new DebuggerError("USAGE", `'${spec.name}' needs ${missing.name.toUpperCase()} (${missing.description})`, `\`debugger ${spec.name} --help\``);
  }
  if (!variadic && parsed.positionals.length > positionals.length) {
    const extra = parsed.positionals[positionals.length]!;
    const hint = spec.passThrough ? `program arguments go after --: \`debugger ${spec.name} ${parsed.positionals[0]} -- ${parsed.positionals.slice(1).join(" ")}\`` : `\`debugger ${spec.name} --help\``;
    throw new DebuggerError("USAGE", `unexpected argument '${extra}' for '${spec.name}'`, hint);
  }
}

// batch.ts resolves each line of a plan with the same registry.
export { commands, findCommand, flagsOf };

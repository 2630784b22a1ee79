// The CLI's entry: find the command, parse its arguments strictly, call the daemon (or run
// locally), print one result, return the exit code. Errors never print usage on stdout.
// Help, completion, consola and the config schema load lazily: this path runs on every command.
import { SOCKET_DEFAULT_MS, socketWaitMs } from "../ipc/socketTimeout.ts";
import { escapeControls } from "./terminalSafe.ts";
import { OutputClosed, writeTo } from "./closedPipe.ts";
import { cliSettings, type CliSettings } from "../common/cliSettings.ts";
import { DebuggerError, exitCodeFor, toErrorData, type ErrorCode, type ErrorData } from "../common/errors.ts";
import { checkSessionName } from "../common/sessionName.ts";
import { request, type Requester } from "../ipc/client.ts";
import type { ArgsIn, CallOf, Replies } from "../ipc/commands.ts";
import type { Reply } from "../ipc/protocol.ts";
import type { ConditionCost, StopReport } from "../ipc/types.ts";
import { argHolders, argOf, setArg } from "../ipc/calls.ts";
import { metaOf, type Single } from "../ipc/meta.ts";
import { errorText, present, presentPartial } from "../present/index.ts";
import { conditionProgressText } from "../present/text.ts";
import type { ParsedArgs } from "./args.ts";
import { parseCommandLine, type Seen } from "./commandLine.ts";
import { requestQuotingWarnings } from "./quoting.ts";
import { isTerminal } from "./terminal.ts";
import { fullTable, lazyTable } from "./lazyTable.ts";
import { isExecution } from "./tableCore.ts";
import { isDaemonSpec, ReportedFailure, type CliContext, type DaemonSpec, type LocalResult } from "./spec.ts";

/**
 * What a command line runs against: the caller's world (its DEBUGGER_JSON and DEBUGGER_SESSION,
 * cwd and config) and where its text goes. The CLI process gives its own; the daemon, running a
 * line a thin client sent (serveLine.ts), gives the client's and sends the text back.
 */
export interface LineIo {
  json: string | undefined;
  session: string | undefined;
  cwd: string;
  settings(): Promise<CliSettings>;
  request: Requester;
  write(stream: "out" | "err", text: string): Promise<void>;
  terminal(fd: 1 | 2): boolean;
  /** A line on stderr now (what Ctrl-C does), not after the reply. */
  say(text: string): void;
  /** Hears Ctrl-C (SIGINT); returns what stops hearing it. */
  onInterrupt(heard: () => void): () => void;
  /** Partial replies follow: text is written as it comes from here on. */
  live?(): void;
  /** Run by the daemon: what needs the CLI's own process (help, a local body, its stdin) is thrown back (LineFallback). */
  hosted?: boolean;
  /** Run by the daemon with the client's environment and directory (LineArgs.env): a launch may run here too. */
  launches?: boolean;
}

/** A line the daemon leaves to the CLI process: nothing of it ran. */
export class LineFallback extends Error {}

/** The CLI process's own world. */
export function processIo(): LineIo {
  return {
    json: process.env.DEBUGGER_JSON,
    session: process.env.DEBUGGER_SESSION,
    cwd: process.cwd(),
    settings: () => cliSettings(),
    request,
    write: writeTo,
    terminal: isTerminal,
    say: (text) => void process.stderr.write(`${text}\n`),
    onInterrupt: (heard) => {
      process.on("SIGINT", heard);
      return () => void process.off("SIGINT", heard);
    },
  };
}

function beforeDoubleDash(argv: string[]): string[] {
  const i = argv.indexOf("--");
  return i < 0 ? argv : argv.slice(0, i);
}

export function runCli(argv: string[]): Promise<number> {
  return runLine(argv, processIo());
}

/**
 * A line the thin client sent and got no answer to (the daemon went away, timed out): the error
 * printed as this CLI prints a failed request's, with the line's command and session.
 */
export function failLine(argv: string[], code: string, message: string, hint: string): Promise<number> {
  const e = new DebuggerError(code as ErrorCode, message, hint);
  return runLine(argv, { ...processIo(), request: () => Promise.reject(e) });
}

/** Runs one command line: prints its result or error through `io`, returns the exit code. */
export async function runLine(argv: string[], io: LineIo): Promise<number> {
  const write = async (text: string, stream: "out" | "err" = "out") => {
    if (text) await io.write(stream, text.endsWith("\n") ? text : `${text}\n`);
  };
  const envJson = io.json === "1" || io.json === "true";
  const flagWords = beforeDoubleDash(argv);
  const wantsJson = envJson || flagWords.includes("--json");
  // The status the command ends with when its reader closes the pipe (closedPipe.ts).
  let status = 0;
  const seen: Seen = {};
  try {
    // The invoked command's definition file only; help and local bodies get the whole table.
    const asked = await parseCommandLine(
      argv,
      lazyTable,
      async (spec) => {
        const local = !isDaemonSpec(spec);
        if (local && io.hosted) throw new LineFallback(`${spec.name} runs in the CLI`);
        const settings = local ? {} : await io.settings();
        const session = () => {
          if (io.session) return local ? io.session : checkSessionName(io.session, "DEBUGGER_SESSION");
          if (settings.session !== undefined) return checkSessionName(settings.session, "[defaults] session in config.toml");
          return "default";
        };
        return {
          session,
          cwd: io.cwd,
          json: envJson,
          quiet: false,
          timeout: settings.executionTimeout ?? 60,
          locals: "locals" in settings ? settings.locals : undefined,
        };
      },
      seen,
    );
    if ("help" in asked) {
      if (io.hosted) throw new LineFallback("help");
      const help = asked.help;
      const [{ mainHelp, commandHelp, groupHelp, plainHelp }, table] = await Promise.all([import("./help.ts"), fullTable()]);
      plainHelp(wantsJson);
      if (help.of === "main") {
        await write(await mainHelp(table, help.all));
        return help.usage ? 2 : 0;
      }
      await write(help.of === "group" ? await groupHelp(table, help.group) : await commandHelp(table, help.spec, help.all));
      return 0;
    }
    const { spec, args: parsed, ctx } = asked;
    if (isExecution(spec) && !ctx.wait && typeof parsed.flags.timeout === "number" && !ctx.json && !ctx.quiet) {
      if (io.hosted) throw new LineFallback("a warning through consola");
      const { messages } = await import("./messages.ts");
      (await messages()).warn("--timeout has no effect with --no-wait: nothing waits for the stop (`debugger await --timeout N` does)");
    }
    const result = "call" in asked ? await send(asked.spec, asked.call, parsed, ctx, io) : await asked.spec.run(parsed, { ...ctx, table: await fullTable() });
    status = result.exitCode ?? 0;
    if (ctx.json)
      await write(
        JSON.stringify({ ok: true, command: spec.name, session: ctx.session, data: result.data, ...(result.notice ? { notice: result.notice } : {}) }),
      );
    else if (!ctx.quiet) await write(result.text);
    return result.exitCode ?? 0;
  } catch (e) {
    if (e instanceof OutputClosed) return status;
    if (e instanceof LineFallback) throw e;
    const error = toErrorData(e);
    try {
      // A local command that ran but found problems (doctor) still prints its report.
      if (!wantsJson && e instanceof ReportedFailure) await write(e.text);
      const notice = e instanceof FailedReply ? e.notice : undefined;
      const command = seen.command ?? "";
      const session = seen.session ?? (io.session || "default");
      if (wantsJson) await write(JSON.stringify({ ok: false, command, session, error, ...(notice ? { notice } : {}) }));
      else await write(escapeControls(errorText(error)), "err");
    } catch (closed) {
      if (!(closed instanceof OutputClosed)) throw closed;
    }
    return exitCodeFor(error.code);
  }
}

/** The daemon's error reply, printed as any error is (in runCli), with the session's notice. */
class FailedReply extends DebuggerError {
  constructor(
    error: ErrorData,
    readonly notice?: string,
  ) {
    super(error.code, error.message, error.hint, error.details);
  }
}

/** Sends a daemon command and presents its reply (partial replies as they come). */
async function send(spec: DaemonSpec, call: CallOf<Single>, parsed: ParsedArgs, ctx: CliContext, io: LineIo): Promise<LocalResult> {
  const stdin = argOf(call, argHolders.stdin, "stdin");
  // The caller's stdin and descriptors are the CLI process's own; its environment (a launch's) too,
  // unless the client sent it (LineArgs.env). A named file is read by the daemon either way.
  const ownStdin = stdin === "-" || (stdin !== undefined && /^\/(dev|proc)\//.test(stdin));
  if (io.hosted && (ownStdin || (!io.launches && (stdin !== undefined || metaOf(call.command).startsAdapter)))) throw new LineFallback("a launch or --stdin");
  // An expression the shell cut short (`--print p->x` unquoted): said before the reply, on stderr.
  const cut = requestQuotingWarnings(call.args);
  if (cut.length) await io.write("err", `${cut.join("\n")}\n`);
  const own = stdin === "-" || (ownStdin && (await import("../common/stdinFile.ts")).isOwnDescriptor(stdin!));
  if (!own) return sendCall(spec, call, call.command, call.args, parsed, ctx, io);
  // `--stdin -` (or a descriptor of this process, `<(cmd)`): copied to a private file the daemon then owns (common/stdinFile.ts).
  const { copyOwnStdin, removeStdinCopy } = await import("../common/stdinFile.ts");
  const copy = await copyOwnStdin(stdin === "-" ? undefined : stdin);
  setArg(call, argHolders.stdin, "stdin", copy);
  try {
    return await sendCall(spec, call, call.command, call.args, parsed, ctx, io);
  } catch (e) {
    // Never delivered: no daemon took the copy.
    if (e instanceof DebuggerError && (e.code === "DAEMON_UNAVAILABLE" || e.code === "DAEMON_VERSION_MISMATCH" || e.code === "RUNTIME_DIR_UNSAFE"))
      removeStdinCopy(copy);
    throw e;
  }
}

async function sendCall<C extends Single>(
  spec: DaemonSpec,
  call: CallOf<Single>,
  command: C,
  args: ArgsIn<C>,
  parsed: ParsedArgs,
  ctx: CliContext,
  io: LineIo,
): Promise<LocalResult> {
  const m = metaOf(command);
  // The daemon enforces the stop timeout; the socket only guards against a hung daemon.
  const socketTimeout = spec.socketTimeoutMs?.(parsed, ctx) ?? (m.execution ? socketWaitMs(ctx.timeout) : SOCKET_DEFAULT_MS);
  // `--locals` is a mode of the stop report's locals; backtrace's `--locals` (a boolean) is its own.
  const view = { cwd: ctx.cwd, session: ctx.session, as: spec.name, locals: argOf(call, argHolders.locals, "locals") ?? ctx.locals };
  // Ctrl-C while it waits pauses the program (a second one leaves): interrupt.ts. Not for `run`,
  // whose session is its own and ends with it, nor `diff` (two runs of their own: a Ctrl-C is the
  // run under way's, as in `run`).
  const waitsForStop = m.execution && command !== "run" && command !== "diff" && argOf(call, argHolders.wait, "wait") !== false;
  // A command that waits for a stop says so, and for how long, on a terminal (erased before the
  // reply). Asked through terminal.ts: process.stderr and process.stdout are built on first use,
  // which costs more than the rest of the command; only a terminal gets them.
  const waits = m.execution && !ctx.json && !ctx.quiet && argOf(call, argHolders.wait, "wait") !== false;
  const waitFor = argOf(call, argHolders.waitFor, "waitFor");
  const what =
    waitFor !== undefined
      ? `${spec.name}: waiting for a new process named '${waitFor}'`
      : m.startsAdapter
        ? `${spec.name}: starting, then waiting for the first stop`
        : `${spec.name}: the program runs; waiting for the stop`;
  const progress = waits && io.terminal(2) ? (await import("./progress.ts")).showProgress(what) : undefined;
  // On a terminal the program's output is shown as it comes, as gdb shows it, and left out of the
  // report that follows (the daemon sends exactly what that report's Output holds, and what came before it).
  const live = (waitsForStop || command === "run") && !ctx.json && !ctx.quiet && io.terminal(1);
  let streamed = { lines: 0, any: false, atLineStart: true };
  // Partial replies (`output --follow`) are printed as they come: one JSON document per line with --json.
  let printed: Promise<unknown> = Promise.resolve(); // keeps partial replies in order
  // A reader that closed the pipe ends the request too (`output --follow | head` would follow for ever).
  const readerGone = new AbortController();
  const print = (write: () => Promise<void>) => {
    printed = printed.then(async () => {
      if (readerGone.signal.aborted) return;
      try {
        await write();
      } catch (e) {
        if (!(e instanceof OutputClosed)) throw e;
        readerGone.abort();
      }
    });
  };
  const onPartial = (r: Reply<Replies[C]>) => {
    io.live?.();
    // A hot condition's cost so far (sent only with liveOutput): the progress line's, never stdout's.
    const hot = (r.data as { conditions?: ConditionCost[] } | undefined)?.conditions;
    if (Array.isArray(hot)) {
      progress?.say(`${spec.name}: ${conditionProgressText(hot)}`);
      return;
    }
    const output = live ? (r.data as { output?: unknown } | undefined)?.output : undefined;
    if (typeof output === "string") {
      const text = escapeControls(output);
      streamed = { lines: streamed.lines + (text.match(/\n/g)?.length ?? 0), any: true, atLineStart: text.endsWith("\n") };
      const lines = streamed.lines;
      const whole = streamed.atLineStart;
      // The progress line steps aside while the text is written, and comes back below it (not mid-line).
      print(async () => {
        progress?.hold(true);
        await io.write("out", text);
        progress?.output(lines);
        progress?.hold(!whole);
      });
      return;
    }
    const text = ctx.json
      ? `${JSON.stringify({ ok: true, command: spec.name, session: ctx.session, data: r.data })}\n`
      : r.data !== undefined
        ? escapeControls(presentPartial(command, r.data, view))
        : "";
    if (text) print(() => io.write("out", text));
  };
  let pending = true;
  const interrupt =
    waitFor !== undefined
      ? (await import("./interrupt.ts")).leaveAtInterrupt(waitFor)
      : waitsForStop || command === "run" || command === "diff"
        ? (await import("./interrupt.ts")).interruptible({
            sessions: [ctx.session],
            cwd: ctx.cwd,
            command: spec.name,
            windsDown: command === "trace",
            ofRun: command === "run" || command === "diff",
            pending: () => pending,
            say: (text) => {
              if (ctx.json || ctx.quiet) return;
              if (progress) progress.say(text);
              else io.say(text);
            },
            request: io.request,
            onInterrupt: io.onInterrupt,
          })
        : undefined;
  let reply: Reply<Replies[C]>;
  try {
    const signal = interrupt ? AbortSignal.any([interrupt.signal, readerGone.signal]) : readerGone.signal;
    const asked = io.request({ command, session: ctx.session, cwd: ctx.cwd, args, ...(live ? { liveOutput: true } : {}) }, socketTimeout, {
      onPartial,
      signal,
    });
    reply = await (interrupt ? interrupt.race(asked) : asked);
  } catch (e) {
    throw readerGone.signal.aborted ? new OutputClosed() : e;
  } finally {
    pending = false;
    interrupt?.dispose();
    progress?.erase();
  }
  await printed;
  if (readerGone.signal.aborted) throw new OutputClosed();
  // The report starts on a line of its own.
  if (streamed.any && !streamed.atLineStart) await io.write("out", "\n");
  // What happened on the session while nobody listened (an interrupted trace or batch).
  const notice = reply.notice;
  if (notice && !ctx.json) await io.write("err", `${escapeControls(`note: ${notice}`)}\n`);
  if (!reply.ok || reply.data === undefined) throw new FailedReply(reply.error ?? { code: "INTERNAL", message: "the daemon replied without an error" }, notice);
  // Text mode shows the program's control bytes as escapes, never replays them (terminalSafe.ts).
  const text = escapeControls(present(command, live ? withoutOutput(reply.data) : reply.data, view));
  return { data: reply.data, text: spec.textNote ? `${text}\n${spec.textNote}` : text, notice };
}

/** A reply whose program output was shown as it came: its report leaves the Output section out. */
function withoutOutput<T>(data: T): T {
  const stop = (data as { stop?: StopReport }).stop;
  if (!stop) return data;
  const truncated = stop.truncated?.filter((t) => !t.startsWith("output:"));
  return { ...data, stop: { ...stop, output: "", truncated: truncated?.length ? truncated : undefined } };
}

// `debugger batch [FILE]`: a whole plan in one call. Every line is parsed first (a mistake on
// line 7 is a usage error before line 1 runs), then the daemon runs the commands in order over one
// connection and replies once; each reply is printed under its line.
import { createReadStream, statSync } from "node:fs";
import { DebuggerError, exitCodeFor } from "../common/errors.ts";
import { MAX_TIMER_MS, request } from "../ipc/client.ts";
import type { BatchReply, CallOf } from "../ipc/commands.ts";
import { argHolders, argOf, setArg } from "../ipc/calls.ts";
import type { Single } from "../ipc/meta.ts";
import { MAX_BATCH_COMMANDS, MAX_LINE_BYTES } from "../ipc/framing.ts";
import { presentBatch } from "../present/index.ts";
import { cliSettings } from "../common/cliSettings.ts";
import { escapeControls } from "./terminalSafe.ts";
import { interruptible } from "./interrupt.ts";
import { parseCommandLine } from "./commandLine.ts";
import type { CliContext, CommandTable, DaemonSpec, LocalContext, LocalResult } from "./spec.ts";
import { shellWords } from "../common/shellWords.ts";

/** One reply of a batch, named by the line's CLI command (`breakpoint add`), not the daemon's. */
export type BatchLineReply = BatchReply extends infer R ? (R extends unknown ? Omit<R, "command"> & { command: string } : never) : never;

/** What `debugger batch --json` prints as data. */
export interface BatchData {
  replies: BatchLineReply[];
  ran: number;
  total: number;
  exitCode: number;
}

interface PlannedLine {
  line: number;
  text: string;
  spec: DaemonSpec;
  ctx: CliContext;
  call: CallOf<Single>;
}

/** Words of one line as a POSIX shell would split them: quotes group, backslash escapes; no expansion. */
export function splitWords(line: string): string[] {
  return shellWords(line, (quote) => new DebuggerError("USAGE", `unterminated ${quote} quote`, "close the quote on the same line"));
}

/** A plan's bounds: the daemon runs at most this many steps, and one request holds them all. */
export const MAX_BATCH_LINE_CHARS = 64 * 1024;
export const MAX_BATCH_BYTES = MAX_LINE_BYTES;

function tooBig(what: string): DebuggerError {
  return new DebuggerError("INVALID_ARGUMENT", what, "split the plan into several batches (each runs in the same sessions)");
}

/** Reads at most `limit` bytes of stdin; more is refused without reading the rest. */
async function readStdin(limit: number, from: AsyncIterable<Uint8Array> = Bun.stdin.stream(), what = "the plan on stdin"): Promise<string> {
  const parts: Uint8Array[] = [];
  let held = 0;
  for await (const chunk of from) {
    held += chunk.length;
    if (held > limit) throw tooBig(`${what} is longer than ${limit} bytes (16 MiB), the limit of a batch`);
    parts.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(parts, held));
}

/**
 * A plan file: a regular file whole (its size checked first); a device or pipe (/dev/null, `<(cmd)`)
 * read as a stream up to the limit, as stdin is; a directory or a missing name said as such.
 */
async function readPlanFile(file: string, shown: string): Promise<string> {
  let st;
  try {
    st = statSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new DebuggerError("USAGE", `no such file: ${shown}`, "give a file of commands, or pipe them on stdin");
    throw e;
  }
  if (st.isDirectory()) throw new DebuggerError("USAGE", `${shown} is a directory, not a file of commands`, "give a file of commands, or pipe them on stdin");
  // (Bun.file cannot read a character device: EPERM.)
  if (!st.isFile()) return readStdin(MAX_BATCH_BYTES, createReadStream(file), shown);
  if (st.size > MAX_BATCH_BYTES) throw tooBig(`${shown} is ${st.size} bytes; a plan holds at most ${MAX_BATCH_BYTES} bytes (16 MiB)`);
  return Bun.file(file).text();
}

/** Parses every line of a plan into the request it makes; the first mistake names its line. */
export async function planOf(text: string, base: CliContext, table: CommandTable): Promise<PlannedLine[]> {
  const out: PlannedLine[] = [];
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const trimmed = raw.trim();
    if (!trimmed || trimmed.startsWith("#")) continue;
    if (trimmed.length > MAX_BATCH_LINE_CHARS)
      throw tooBig(`line ${i + 1} is ${trimmed.length} characters; a line of a plan holds at most ${MAX_BATCH_LINE_CHARS}`);
    if (out.length === MAX_BATCH_COMMANDS)
      throw tooBig(
        `the plan has more than ${MAX_BATCH_COMMANDS} commands (line ${i + 1} is the ${MAX_BATCH_COMMANDS + 1}st); a batch runs at most ${MAX_BATCH_COMMANDS}`,
      );
    try {
      let words = splitWords(trimmed);
      if (words[0] === "debugger") words = words.slice(1);
      if (!words.length) continue;
      // A line is read as the CLI reads a command line, with the batch's own context as the defaults.
      const asked = await parseCommandLine(words, table, () => ({ ...base, session: () => base.session }));
      if ("help" in asked) {
        const of = asked.help.of === "main" ? "" : ` ${asked.help.of === "group" ? asked.help.group : asked.help.spec.name}`;
        throw new DebuggerError("USAGE", "help is not a step of a plan", `\`debugger${of} --help\``);
      }
      if (!("call" in asked)) throw new DebuggerError("USAGE", `'${asked.spec.name}' runs in the CLI itself, not in a batch`, "run it on its own");
      out.push({ line: i + 1, text: trimmed, spec: asked.spec, ctx: asked.ctx, call: asked.call });
    } catch (e) {
      if (e instanceof DebuggerError) throw new DebuggerError(e.code, `line ${i + 1} (${trimmed}): ${e.message}`, e.hint);
      throw e;
    }
  }
  if (!out.length)
    throw new DebuggerError(
      "USAGE",
      "the plan has no commands",
      "one command per line, e.g. `start ./app --break main.c:12`, then `print x`; `#` starts a comment",
    );
  // The daemon that runs the plan ends at `daemon stop`: a line after it would be answered by a
  // daemon on its way out (stale replies), so it can only come last.
  const stop = out.findIndex((p) => p.call.command === "shutdown");
  if (stop >= 0 && stop < out.length - 1) {
    const p = out[stop]!;
    throw new DebuggerError(
      "USAGE",
      `line ${p.line} (${p.text}): the daemon that runs the plan stops there, ${out.length - 1 - stop} more line${out.length - 2 - stop ? "s" : ""} after it`,
      "make `daemon stop` the plan's last line, or run it on its own after the batch",
    );
  }
  return out;
}

/**
 * `--stdin -` on a line of the plan: the CLI's stdin, copied once for the one line that may name
 * it (a second would find it read), and not when the plan itself comes from stdin.
 */
async function stdinCopyFor(plan: PlannedLine[], planOnStdin: boolean): Promise<string | undefined> {
  const lines = plan.filter((p) => argOf(p.call, argHolders.stdin, "stdin") === "-");
  if (!lines.length) return undefined;
  if (planOnStdin)
    throw new DebuggerError(
      "USAGE",
      `line ${lines[0]!.line} (${lines[0]!.text}): --stdin - would read the plan's own stdin`,
      "give the plan as a file (`debugger batch plan.txt < input`), or the program's input as --stdin FILE",
    );
  if (lines.length > 1)
    throw new DebuggerError(
      "USAGE",
      `lines ${lines.map((p) => p.line).join(", ")} all take --stdin -: the CLI's stdin can be read once`,
      "give the other programs their input as --stdin FILE",
    );
  const path = await (await import("../common/stdinFile.ts")).copyOwnStdin();
  setArg(lines[0]!.call, argHolders.stdin, "stdin", path);
  return path;
}

export async function runBatch(file: string | undefined, keepGoing: boolean, base: LocalContext): Promise<LocalResult<BatchData>> {
  let source: string;
  if (file && file !== "-") {
    const shown = file.length > 200 ? `${file.slice(0, 200)}…` : file;
    try {
      source = await readPlanFile(file, shown);
    } catch (e) {
      if (e instanceof DebuggerError) throw e;
      // A name too long, a directory, no permission: the file cannot be read, which is the caller's to fix.
      throw new DebuggerError(
        "USAGE",
        `cannot read ${shown}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
        "give a readable file of commands, or pipe them on stdin",
      );
    }
  } else source = await readStdin(MAX_BATCH_BYTES);
  const plan = await planOf(source, base, base.table);
  const ownStdin = await stdinCopyFor(plan, !file || file === "-");
  // The daemon enforces each step's own timeout; the socket only guards against a hung daemon.
  const execution = (p: PlannedLine) => base.table.isExecution(p.spec);
  const forever = plan.some((p) => execution(p) && p.ctx.timeout === 0);
  const seconds = plan.reduce((sum, p) => sum + (execution(p) ? p.ctx.timeout : 0) + 30, 30);
  // Ctrl-C pauses the sessions the plan drives, and the daemon runs no further line (interrupt.ts).
  let pending = true;
  const interrupt = plan.some(execution)
    ? interruptible({
        sessions: [...new Set(plan.map((p) => p.ctx.session))],
        cwd: base.cwd,
        command: "batch",
        windsDown: true,
        pending: () => pending,
        say: (text) => {
          if (!base.json && !base.quiet) process.stderr.write(`${text}\n`);
        },
      })
    : undefined;
  let reply;
  try {
    const asked = request(
      {
        command: "batch",
        session: base.session,
        cwd: base.cwd,
        args: { commands: plan.map((p) => ({ command: p.call.command, args: p.call.args, session: p.ctx.session })), keepGoing },
      },
      forever ? MAX_TIMER_MS : Math.min(seconds * 1000, MAX_TIMER_MS),
      { signal: interrupt?.signal },
    );
    reply = await (interrupt ? interrupt.race(asked) : asked);
  } catch (e) {
    // Never delivered: no daemon took the copy of stdin.
    if (ownStdin && e instanceof DebuggerError && (e.code === "DAEMON_UNAVAILABLE" || e.code === "DAEMON_VERSION_MISMATCH" || e.code === "RUNTIME_DIR_UNSAFE"))
      (await import("../common/stdinFile.ts")).removeStdinCopy(ownStdin);
    throw e;
  } finally {
    pending = false;
    interrupt?.dispose();
  }
  if (!reply.ok || !reply.data) {
    const error = reply.error ?? { code: "INTERNAL", message: "batch failed" };
    throw new DebuggerError(error.code, error.message, error.hint);
  }
  const data = reply.data;
  // [defaults] locals, for the lines that give no --locals (a batch is a CLI body: the config is read here).
  const locals = (await cliSettings()).locals;
  const shown = presentBatch(
    data,
    { cwd: base.cwd, session: base.session },
    {
      // Each reply under its line as written; --quiet on a line mutes its reply (a setup step), not its failure.
      label: (i) => plan[i]!.text,
      view: (i, view) => {
        // backtrace's `--locals` is a boolean of its own, not the stop report's mode.
        const asked = argOf(plan[i]!.call, argHolders.locals, "locals");
        return { ...view, as: plan[i]!.spec.name, quiet: plan[i]!.ctx.quiet, locals: asked ?? locals };
      },
      stoppedEarly: (ran, total, interrupted) =>
        `(${interrupted ? "interrupted" : "stopped"} after line ${plan[ran - 1]!.line}: ${total - ran} more not run${interrupted ? "" : "; --keep-going runs past a failure"})`,
    },
  );
  const failed = data.replies.find((r) => !r.ok);
  const exitCode = failed && !failed.ok ? exitCodeFor(failed.error.code) : 0;
  // Named by what was asked, not by the daemon's command name.
  const replies = data.replies.map((r, i): BatchLineReply => ({ ...r, command: plan[i]!.spec.name }));
  // What happened on the session while nobody listened (an interrupted trace or batch) heads the text.
  const text = reply.notice ? `note: ${reply.notice}\n${shown}` : shown;
  return {
    data: { replies, ran: data.ran, total: data.total, ...(data.interrupted ? { interrupted: true } : {}), exitCode },
    text: escapeControls(text),
    exitCode,
  };
}

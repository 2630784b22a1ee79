// What the handler groups share: their types, locations as the caller meant them, and waiting
// for a stop with the caller's timeout.
import { existsSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { DebuggerError } from "../../common/errors.ts";
import { parseLocation, splitCondition, splitPrints, type Location } from "../../common/location.ts";
import type { ArgsOut, CommandName, Replies, StopData } from "../../ipc/commands.ts";
import type { ConditionCost, StopReport } from "../../ipc/types.ts";
import type { SessionRegistry } from "../registry.ts";
import type { WarmPool } from "../session/program/warmPool.ts";
import { readLines } from "../session/inspection/sourceWindow.ts";
import { findBelow } from "../session/inspection/findBelow.ts";
import { unlessGone } from "../cancel.ts";
import { builtinAdapters } from "../../adapters/index.ts";
import { fasterAdapter } from "../../common/conditionCost.ts";
import { conditionCosts, conditionErrors } from "../session/breakpoints/conditionProbe.ts";

export { findBelow };
import type { Session } from "../session/session.ts";
import { stopPrints } from "../session/stops/displays.ts";

export interface DaemonContext {
  registry: SessionRegistry;
  warm?: WarmPool;
  shutdown(reason: string): void;
  stopListening(): void;
  /** Says TEXT in the next reply on SESSION (what happened while nobody was listening). */
  notify?(session: string, text: string): void;
  startedAt: number;
}

/** For commands that reply more than once (`output --follow`). */
export interface ReplyStream {
  emit(data: Replies["output"]): void;
  /** Resolves when the client has gone. */
  closed: Promise<void>;
  /** Aborts when the client has gone: long work (a trace, a batch, a wait) ends then. */
  signal?: AbortSignal;
}

/** Who asked: the session named in the request and the caller's working directory. */
export interface Caller {
  session: string;
  cwd: string;
}

export type Handler<C extends CommandName> = (a: ArgsOut<C>, caller: Caller, ctx: DaemonContext, stream?: ReplyStream) => Promise<Replies[C]>;
export type Handlers<K extends CommandName> = { [C in K]: Handler<C> };

/** A location as the caller wrote it (`LOC` or `LOC if COND`, either with ` print EXPR, …`), with relative files resolved against the caller's cwd. */
export async function located(whole: string, cwd: string): Promise<{ text: string; loc: Location; condition?: string; prints?: string[] }> {
  const { text, prints } = splitPrints(whole);
  const { location, condition } = splitCondition(text);
  const loc = parseLocation(location);
  if (loc.kind !== "line") return { text: location, loc, condition, ...(prints ? { prints } : {}) };
  const file = resolveSourceFile(loc.file, cwd);
  // A line past the end of a file on disk can never bind: say so now rather than run past it. A
  // bare name left for the adapter (`fixdec.hpp`) is checked against the one file of that name
  // below the cwd, if one alone: else lldb-dap calls it "not in the program's debug info".
  const onDisk = isAbsolute(file) ? file : onlyBelow(cwd, file);
  if (onDisk) {
    const lines = await readLines(onDisk);
    const count = lines ? lines.length - (lines.at(-1) === "" ? 1 : 0) : undefined;
    if (count !== undefined && loc.line > count) {
      throw new DebuggerError(
        "INVALID_LOCATION",
        `invalid location '${location}': ${shortFile(onDisk, cwd)} has ${count} lines`,
        `\`debugger list ${shortFile(onDisk, cwd)}:${count}\` shows its end`,
        { pastEnd: { location: whole, file: onDisk, lines: count } },
      );
    }
  }
  return { text: location, loc: { ...loc, file }, condition, ...(prints ? { prints } : {}) };
}

/**
 * Relative paths resolve against the CLI's cwd. A bare name that is not there is looked for below
 * the cwd when the language needs a real path (Python, Go: `textwrap.py` is the project's
 * vendor/textwrap.py, not the standard library's). A native source's bare name found once below
 * the cwd is that file too: LLDB and gdb match a bare name against every file of the debug info,
 * and `time.rs:99` in a Rust test binary also bound std's own time.rs (stopping there first). If
 * the program was built from another directory, the path binds nothing and the breakpoint set
 * falls back to its trailing parts, down to the bare name (breakpointSync). Other names are left
 * for the adapter.
 */
function resolveSourceFile(file: string, cwd: string): string {
  if (isAbsolute(file)) return file;
  const abs = resolve(cwd, file);
  if (existsSync(abs)) return abs;
  if (/[\\/]/.test(file)) return abs;
  if (NATIVE_SOURCE.test(file)) {
    const found = findBelow(cwd, file);
    return found.length === 1 ? found[0]! : file;
  }
  if (!/\.(py|pyw|go)$/i.test(file)) return file;
  const found = findBelow(cwd, file);
  if (found.length === 1) return found[0]!;
  if (found.length > 1) {
    const shown = found.slice(0, 5).map((f) => relative(cwd, f));
    throw new DebuggerError(
      "INVALID_LOCATION",
      `'${file}' names ${found.length} files below ${cwd}: ${shown.join(", ")}${found.length > 5 ? ", …" : ""}`,
      `give its path, e.g. ${shown[0]}:LINE`,
    );
  }
  return file;
}

/** Sources of the native debuggers (C, C++, Rust, Objective-C, Zig, D, assembly), by extension. */
const NATIVE_SOURCE = /\.(c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|h\+\+|inl|ipp|tcc|rs|m|mm|zig|d|s)$/i;

/** A file as the caller would write it: relative to the cwd when below it. */
export function shortFile(file: string, cwd: string): string {
  const r = relative(cwd, file);
  return r && !r.startsWith("..") && !isAbsolute(r) ? r : file;
}

/** The one file named NAME (a bare name) below the cwd, or undefined when none or several are. */
function onlyBelow(cwd: string, name: string): string | undefined {
  if (/[\\/]/.test(name)) return undefined;
  const found = findBelow(cwd, name);
  return found.length === 1 ? found[0] : undefined;
}

export async function waitForStop(session: Session, promise: Promise<StopReport>, seconds: number, signal?: AbortSignal): Promise<StopReport> {
  if (signal) return unlessGone(waitForStop(session, promise, seconds), signal);
  if (seconds <= 0) return promise;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new DebuggerError(
            "TIMEOUT",
            `no stop within ${seconds} s; session '${session.name}' is still ${session.state}`,
            "`debugger await` waits again, `debugger pause` interrupts it, `debugger output` shows what it printed",
          ),
        ),
      seconds * 1000,
    );
  });
  try {
    return await Promise.race([promise, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** The reply of an execution command: the state and the stop, with the command's `--print` values. */
export async function stopData(session: Session, stop: StopReport, prints: string[] = []): Promise<StopData> {
  return { state: session.state, stop: await session.displays.withPrints(stop, printsAt(session, stop, prints)) };
}

const installedAdapters = new Map<string, boolean>();
/** Whether a built-in adapter is installed here (looked up once per daemon). */
function installed(name: string): boolean {
  let found = installedAdapters.get(name);
  if (found === undefined) {
    found = !!builtinAdapters.find((a) => a.name === name)?.discover({ options: {} });
    installedAdapters.set(name, found);
  }
  return found;
}

/** The hot conditions a command that began at SINCE (Date.now()) has spent its time on so far. */
export function conditionCostsOf(s: Session, since: number): ConditionCost[] {
  return conditionCosts(s.breakpoints.registry.list(), s.adapter.name, since, () => fasterAdapter(s.adapter.name, installed));
}

/** The same, added to the stop the command ends at. */
export function withConditionCosts(s: Session, stop: StopReport, since: number): StopReport {
  const costs = conditionCostsOf(s, since);
  const errors = conditionErrors(s.breakpoints.registry.list(), since);
  // The same report when there is nothing to add: others hold it (the session's last report).
  if (!costs.length && !errors.length) return stop;
  return { ...stop, ...(costs.length ? { conditions: costs } : {}), ...(errors.length ? { conditionErrors: errors } : {}) };
}

/**
 * While run, continue or trace waits (the CLI on a terminal, as for live output): every second, the
 * hot conditions so far, a partial reply `{conditions}` the CLI shows on its progress line.
 */
export function conditionProgress(find: () => Session | undefined, emit: (data: { conditions: ConditionCost[] }) => void): { end(): void } {
  const since = Date.now();
  const every = setInterval(() => {
    const s = find();
    if (s?.state !== "running") return;
    const costs = conditionCostsOf(s, since);
    if (costs.length) emit({ conditions: costs });
  }, 1000);
  return { end: () => clearInterval(every) };
}

/** A command's `--print` expressions (every stop) and then those of the breakpoints this stop is at (`LOC print EXPR`), each once. */
export function printsAt(session: Session, stop: StopReport, prints: string[]): string[] {
  return stopPrints((id) => session.breakpoints.registry.get(id), stop, prints);
}

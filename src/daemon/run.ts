// `run`: the shape of `gdb -batch -ex 'break …' -ex 'commands …' -ex run` in one call. Start the
// program, record the `--print` values at every stop at a breakpoint (one row each), up to `max`
// stops, the end of the program, or a stop of another kind (a crash, an exception: reported whole),
// then end the session — nothing is left behind unless `keep` asks for it.
import { DebuggerError } from "../common/errors.ts";
import type { ArgsOut, Replies, RunData, RunHit } from "../ipc/commands.ts";
import type { StopReport, VariableView } from "../ipc/types.ts";
import { log } from "../common/log.ts";
import { rowValue } from "./session/values/truncate.ts";
import { RUN_ROWS_TAIL } from "./session/program/programOutput.ts";
import { laterRead, Passes } from "./runPasses.ts";
import { siteOf } from "./stopSite.ts";
import { ClientGone, unlessGone } from "./cancel.ts";
import { printsAt, waitForStop, withConditionCosts, type Caller, type DaemonContext, type ReplyStream } from "./handlers/common.ts";
import { pauseAndReport } from "./pause.ts";
import { runStarted, runUnderWay } from "./runInterrupts.ts";
import { interpreterLaunch, startModule, startSession } from "./launch.ts";

/** How long the pause at the timeout may take. */
const PAUSE_TIMEOUT_S = 5;
/** A value in a row is cut here: a row is one line, `print` shows the whole. */
const ROW_VALUE_MAX = 60;
/**
 * A value asked for with --print is cut much later: the run leaves no session behind, so the
 * whole value is not one `print` away — a cut one costs a second run (a blind agent's Python
 * `text.split("=")` lost its last items at 60 characters).
 */
const PRINT_VALUE_MAX = 400;
/** How much of a --print value is read before a row cuts it by its meaning (rowValue): a cut by length alone could fall inside an element. */
const PRINT_READ_MAX = 8000;
let runs = 0;
/** Each adapter's words for a name that is no variable at the stop: LLDB, gdb, Delve, Python, and ours (declaredBelow). */
export const UNKNOWN_NAME =
  /undeclared identifier|No symbol .* in current context|could not find symbol|is not defined|is no local here|not found in|unknown (?:name|identifier)/i;

/** A Ctrl-C in the CLI (`pause` with ofRun): the run ends as at its timeout, paused where the program is. */
interface RunInterrupt {
  interrupted: boolean;
  promise: Promise<"interrupted">;
}

/** Starts a run's session under the given name: `start`'s launch unless a caller (diff's tests) starts it its own way. */
export type RunStarter = (name: string) => Promise<Replies["start"]>;

export async function runOnce(a: ArgsOut<"run">, caller: Caller, ctx: DaemonContext, stream?: ReplyStream, starter?: RunStarter): Promise<RunData> {
  if (a.keep && ctx.registry.find(caller.session)?.live) {
    throw new DebuggerError(
      "SESSION_EXISTS",
      `session '${caller.session}' is live: \`run --keep\` would replace it`,
      "`debugger stop` ends it, or pick another name with --session NAME",
    );
  }
  const fired = Promise.withResolvers<"interrupted">();
  const interrupt: RunInterrupt = { interrupted: false, promise: fired.promise };
  const unregister = runUnderWay(caller.session, () => {
    interrupt.interrupted = true;
    fired.resolve("interrupted");
  });
  try {
    return await runInterruptibly(a, caller, ctx, stream, interrupt, starter);
  } finally {
    unregister();
  }
}

async function runInterruptibly(
  given: ArgsOut<"run">,
  caller: Caller,
  ctx: DaemonContext,
  stream: ReplyStream | undefined,
  interrupt: RunInterrupt,
  starter?: RunStarter,
): Promise<RunData> {
  const a = !starter && !given.module && !given.via ? interpreterLaunch("run", given, caller.cwd) : given;
  // A session of its own, so a one-shot run never touches the caller's sessions.
  const name = a.keep ? caller.session : `${caller.session}.run${++runs}`;
  runStarted(caller.session, name);
  const began = Date.now();
  const deadline = a.timeout > 0 ? Date.now() + a.timeout * 1000 : Infinity;
  const secondsLeft = () => (deadline === Infinity ? 0 : Math.max(0.001, (deadline - Date.now()) / 1000));
  const hits: RunHit[] = [];
  const passes = new Passes();
  /** The last stop of the pass shown last, and whether every --print of the first pass failed for a name unknown there. */
  let passEnd: StopReport | undefined;
  let firstPassFailed = false;
  let stop: StopReport | undefined;
  let stoppedBy: RunData["stoppedBy"] = "exit";
  let started: Awaited<ReturnType<typeof startSession>> | undefined;
  // What start takes, given as start gets it (one definition: commands.ts `launchArgs`).
  const { print: _print, locals: _locals, max: _max, keep: _keep, timeout: _timeout, ...launch } = a;
  const startArgs: ArgsOut<"start"> = { ...launch, stopOnEntry: false, wait: true, timeout: a.timeout, print: [] };
  const starting = starter
    ? starter(name)
    : launch.module
      ? startModule(startArgs, { session: name, cwd: caller.cwd }, ctx)
      : startSession(startArgs, { session: name, cwd: caller.cwd }, ctx, "launch");
  try {
    const first = await unlessGone(Promise.race([starting, interrupt.promise]), stream?.signal);
    if (first === "interrupted") {
      starting.catch(() => {});
      stoppedBy = "interrupted";
      // Still starting: the session is registered at once, its first stop comes later (the pause's).
      await sessionRegistered(name, starting, ctx);
    } else {
      started = first;
      stop = started.stop;
    }
  } catch (e) {
    if (e instanceof ClientGone) {
      log("info", `run ${name}: its client went away while it started; ending it`);
      // Nobody reads this run any more (Ctrl-C, a killed CLI): its program ends now, not at the timeout.
      await endWhileStarting(name, starting, ctx);
      throw e;
    }
    if (!(e instanceof DebuggerError && e.code === "TIMEOUT")) {
      await endRun(name, ctx);
      throw e;
    }
    stoppedBy = "timeout";
  }
  const s = ctx.registry.find(name);
  if (!s) {
    // Ended before it was registered (an interrupt as it failed to start): what the start said.
    await starting;
    throw new DebuggerError("SESSION_ENDED", "the run ended as it started", "run it again");
  }
  try {
    while (stop && stoppedBy !== "timeout" && stoppedBy !== "interrupted") {
      if (!s.live || stop.reason === "exited" || stop.reason === "terminated") {
        stoppedBy = "exit";
        break;
      }
      // An exec (lldb-dap stops at the new image's `_start` with reason "entry"): not the user's
      // stop; the program goes on as it does under gdb or a `continue`, its output and exit kept.
      const execStop = stop.reason === "entry" && !stop.breakpointIds.length;
      if (!execStop && (stop.reason !== "breakpoint" || !stop.breakpointIds.length)) {
        stoppedBy = "other";
        break;
      }
      s.reportShownAsRow();
      if (!execStop) {
        const site = await siteOf(s, stop);
        const samePass = passes.add(site) && hits.length > 0;
        // The same failure at every stop says nothing new: the first pass says it, and the run ends
        // there (told once the pass is over: a later code location of its line may bind the names).
        if (!samePass && hits.length === 1 && firstPassFailed) {
          stoppedBy = "printsFailed";
          stop = passEnd ?? stop;
          break;
        }
        // Past --max only to finish the last pass at its other code locations (mayGoOn below): a new pass is not shown.
        if (hits.length >= a.max && !samePass) {
          stoppedBy = "max";
          break;
        }
        const prints = printsAt(s, stop, a.print);
        const values = prints.length
          ? (await s.displays.evaluate(prints, stop, PRINT_READ_MAX)).map(({ expression, value, error }) => ({
              expression,
              ...(error !== undefined ? { error } : { value: rowValue(value ?? "", PRINT_VALUE_MAX) }),
            }))
          : localValues(stop.locals);
        if (samePass) {
          // Another code location of the line in the same pass: one row, read where the pass got to.
          const row = hits.at(-1)!;
          row.values = laterRead(row.values, values);
          row.locations = (row.locations ?? 1) + 1;
        } else {
          hits.push({ hit: hits.length + 1, breakpointIds: stop.breakpointIds, threadId: stop.threadId, frame: stop.frame, values });
        }
        passEnd = stop;
        if (hits.length === 1) {
          firstPassFailed = prints.length > 0 && hits[0]!.values.every((v) => v.error !== undefined && UNKNOWN_NAME.test(v.error));
          // Said at the first stop unless the line itself names what failed and the pass may go on
          // at another code location of it (a `match` arm binds `q` at its second): without a code
          // address (debugpy) or such a name, waiting for the next stop would only cost time.
          if (firstPassFailed && (!site || !namedOnLine(stop, hits[0]!.values))) {
            stoppedBy = "printsFailed";
            break;
          }
        }
        if (hits.length >= a.max && !passes.mayGoOn()) {
          stoppedBy = hits.length === 1 && firstPassFailed ? "printsFailed" : "max";
          break;
        }
      }
      if (interrupt.interrupted) {
        stoppedBy = "interrupted";
        break;
      }
      const { stop: waiter } = await s.control.resume("continue");
      try {
        const next = await Promise.race([waitForStop(s, waiter, secondsLeft(), stream?.signal), interrupt.promise]);
        if (next === "interrupted") {
          waiter.catch(() => {});
          stoppedBy = "interrupted";
        } else stop = next;
      } catch (e) {
        if (e instanceof ClientGone || !(e instanceof DebuggerError && e.code === "TIMEOUT")) throw e;
        waiter.catch(() => {});
        stoppedBy = "timeout";
      }
    }
    // A crash or an uncaught exception is where the values matter most: --print is shown there as
    // `start --print` shows it (the pause at a timeout below evaluates them too).
    // After rows, a print that names nothing at the final stop (a test's failure, in the test's
    // frame, where the rows' names are not) tells nothing: when none of them does, none is shown.
    if (stoppedBy === "other" && stop && a.print.length && s.live) {
      const before = stop;
      const shown = await s.displays.withPrints(stop, a.print);
      const added = (shown.displays ?? []).slice((before.displays ?? []).length);
      const nothing = hits.length > 0 && added.length > 0 && added.every((v) => v.error !== undefined && UNKNOWN_NAME.test(v.error));
      stop = nothing ? before : shown;
    }
    // Still running at the timeout or a Ctrl-C: show where, as `pause` does (every waiting thread
    // of a hang), so a program that hangs is diagnosed by the same one call.
    let hang: RunData["hang"];
    if (stoppedBy === "timeout" || stoppedBy === "interrupted") {
      const current = stop;
      stop = undefined;
      // A Ctrl-C at a breakpoint's stop: the program is there already.
      if (stoppedBy === "interrupted" && s.live && s.state === "stopped") stop = current ?? s.lastReport;
      // (A Ctrl-C may come while the program is still starting: the pause waits for it to run.)
      if (s.live && (s.state === "running" || (stoppedBy === "interrupted" && s.state === "starting"))) {
        const paused = await pauseAndReport(s, { wait: true, timeout: PAUSE_TIMEOUT_S, print: a.print }).catch(() => undefined);
        stop = paused?.stop;
        hang = paused?.hang;
      }
    }
    const breakpoints = s.breakpoints.views();
    // Its output is all the program printed: the last lines, and the file that holds every one;
    // only a few of them where rows are the answer (RUN_ROWS_TAIL).
    const last = stop ? withConditionCosts(s, s.withWholeOutput(stop, hits.length ? RUN_ROWS_TAIL : undefined), began) : undefined;
    const kept = !!a.keep && s.live;
    const differences = s.outputDifferences;
    return {
      session: s.summary(),
      hits,
      ...(last ? { stop: last } : {}),
      ...(hang ? { hang } : {}),
      stoppedBy,
      kept,
      breakpoints,
      ...(differences.length ? { outputDifferences: differences } : {}),
      ...(started?.warnings ? { warnings: started.warnings } : {}),
    };
  } finally {
    if (!a.keep || !s.live) await endRun(name, ctx);
  }
}

/** Whether a start has settled (either way), read as it goes. */
function settledFlag(starting: Promise<unknown>): { settled: boolean } {
  const flag = { settled: false };
  void starting.then(
    () => (flag.settled = true),
    () => (flag.settled = true),
  );
  return flag;
}

/** Waits (briefly) for a starting run's session to be registered, or its start to fail. */
async function sessionRegistered(name: string, starting: Promise<unknown>, ctx: DaemonContext): Promise<void> {
  const start = settledFlag(starting);
  for (let i = 0; i < 250 && !start.settled && !ctx.registry.find(name); i++) await Bun.sleep(20);
}

/** Ends a run whose start is still under way: its session may be registered only later. */
async function endWhileStarting(name: string, starting: Promise<unknown>, ctx: DaemonContext): Promise<void> {
  const start = settledFlag(starting);
  while (!start.settled) {
    await endRun(name, ctx);
    await Promise.race([starting.catch(() => {}), Bun.sleep(200)]);
  }
  await endRun(name, ctx);
}

async function endRun(name: string, ctx: DaemonContext): Promise<void> {
  const s = ctx.registry.find(name);
  if (!s) return;
  await s.end(s.mode !== "attach").catch(() => {});
  ctx.registry.remove(name);
}

function cut(value: string): string {
  return rowValue(value, ROW_VALUE_MAX);
}

/** Whether the stop's own source line names the leading identifier of one of VALUES' expressions. */
function namedOnLine(stop: StopReport, values: RunHit["values"]): boolean {
  const text = stop.source.find((l) => l.current)?.text ?? "";
  return values.some((v) => {
    const name = /^[A-Za-z_]\w*/.exec(v.expression)?.[0];
    return !!name && new RegExp(`\\b${name}\\b`).test(text);
  });
}

/** Without --print a row shows the stop's locals, each cut short. */
function localValues(locals: VariableView[]): RunHit["values"] {
  return locals.map((v) => ({ expression: v.name, value: cut(v.value) }));
}

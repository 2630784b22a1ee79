// Starting a session, one way for every command that starts one (start, attach, run, test, diff):
// the program's breakpoints, stdin and working directory checked, the adapter chosen (a Python
// interpreter of the program's own where it has one), the session created, started and its first
// stop waited for. Handlers call these; none calls another handler.
import { existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { containerMounts, parseMap, targetProcess, toLocal, toRemote, waitInTarget, type Via } from "../adapters/via.ts";
import { adapterForProcess, chooseAdapter, withCallerAdapter } from "../adapters/index.ts";
import type { AdapterSpec } from "../adapters/types.ts";
import { isExecutable } from "../adapters/which.ts";
import { lookupEnv, type Env } from "../common/callerEnv.ts";
import { loadConfig } from "../common/config.ts";
import { checkAdapterOptions } from "../common/adapterOptions.ts";
import { DebuggerError } from "../common/errors.ts";
import { interpreterNamed, launchHint, scriptOfInterpreter } from "../common/launchMistakes.ts";
import type { ArgsOut, Replies, StartData } from "../ipc/commands.ts";
import { checkStdinFile, isStdinCopy, removeStdinCopy } from "../common/stdinFile.ts";
import { refuseSelfAttach, type AttachGuardContext } from "./session/program/guards.ts";
import { waitForProcess } from "./processWait.ts";
import { ClientGone } from "./cancel.ts";
import { Session, type StartOptions } from "./session/session.ts";
import { pythonAdapter } from "../adapters/testRunners/runnerAdapter.ts";
import { pythonLaunch } from "../adapters/testRunners/python.ts";
import type { Config } from "../common/config.ts";
import { located, shortFile, stopData, waitForStop, withConditionCosts, type Caller, type DaemonContext } from "./handlers/common.ts";

import { testAdapter } from "../adapters/testRunners/runnerAdapter.ts";
import type { TestPlan } from "../adapters/testRunners/plan.ts";

/** Breakpoints given with the start (`--break LOC` or `'LOC if COND'`), located as the caller meant them. */
export async function startBreakpoints(texts: string[], cwd: string): Promise<StartOptions["breakpoints"]> {
  return (await startBreakpointsKeeping(texts, cwd, false)).breakpoints;
}

/**
 * The same, but a line past its file's end (which can never bind) is left out when another
 * location is good: the program runs with those, and `refused` says once which was left out and
 * why, as an adapter's "never bound" would (lldb-dap binds the rest; debugpy would be refused
 * whole otherwise). Every location bad, or any other fault, is the error as before.
 */
export async function startBreakpointsKeeping(
  texts: string[],
  cwd: string,
  keep = true,
): Promise<{ breakpoints: StartOptions["breakpoints"]; refused: string[] }> {
  const settled = await Promise.allSettled(
    texts.map(async (text) => {
      const l = await located(text, cwd);
      const opts = { ...(l.condition ? { condition: l.condition } : {}), ...(l.prints ? { prints: l.prints } : {}) };
      return { text: l.text, loc: l.loc, opts: Object.keys(opts).length ? opts : undefined };
    }),
  );
  const failed = settled.flatMap((r) => (r.status === "rejected" ? [r.reason as Error] : []));
  const good = settled.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const pastEnd = failed.flatMap((e) => {
    const p = e instanceof DebuggerError ? (e.details as { pastEnd?: { location: string; file: string; lines: number } } | undefined)?.pastEnd : undefined;
    return p ? [p] : [];
  });
  if (keep && good.length && failed.length && pastEnd.length === failed.length) {
    const refused = pastEnd.map(
      (p) =>
        `breakpoint '${p.location}' left out: ${shortFile(p.file, cwd)} has ${p.lines} lines (\`debugger list ${shortFile(p.file, cwd)}:${p.lines}\` shows its end)`,
    );
    return { breakpoints: good, refused };
  }
  // Every bad location at once: fixing one only to hear of the next costs a call each.
  if (failed.length > 1 && failed.every((e) => e instanceof DebuggerError && e.code === "INVALID_LOCATION")) {
    const first = failed[0] as DebuggerError;
    throw new DebuggerError("INVALID_LOCATION", failed.map((e) => e.message).join("; "), first.hint);
  }
  if (failed.length) throw failed[0];
  return { breakpoints: good, refused: [] };
}

/** A live session of that name is in the way (`stop` ends it). */
export function requireFree(ctx: DaemonContext, name: string): void {
  const existing = ctx.registry.find(name);
  if (existing?.live) {
    throw new DebuggerError(
      "SESSION_EXISTS",
      `session '${name}' is already ${existing.state} (${existing.program ?? "attached"})`,
      "`debugger stop` ends it, or pick another name with --session NAME",
    );
  }
}

/**
 * An interpreter named as PROGRAM. With a script as its first argument (`run python3 app.py`,
 * `start node dist/main.js -- x`) the script is the program, as that command line would run it;
 * otherwise (`run python3 -- -m pytest`) the script, a module or `test` is what was meant: USAGE
 * with that call. With --adapter (the interpreter itself debugged) or a file of that name here, it
 * is a program as any other.
 */
export function interpreterLaunch<A extends { program?: string; adapter?: string; args?: string[]; break?: string[]; options?: Record<string, unknown> }>(
  command: "start" | "run",
  a: A,
  cwd: string,
): A {
  const interpreter = interpreterNamed(a.program);
  if (!interpreter || a.adapter || existsSync(resolve(cwd, interpreter))) return a;
  const script = scriptOfInterpreter(interpreter, a.args ?? []);
  if (script) {
    const options = script.python && a.options?.python === undefined ? { ...a.options, python: script.python } : a.options;
    return { ...a, program: script.script, args: script.args, options };
  }
  throw new DebuggerError(
    "USAGE",
    `'${interpreter}' is the interpreter, not the program: the debugger starts it itself`,
    launchHint(command, interpreter, a.args ?? [], a.break ?? []),
  );
}

export async function startSession(
  given: ArgsOut<"start">,
  caller: Caller,
  ctx: DaemonContext,
  mode: "launch" | "attach",
  waited?: Replies["attach"]["waited"],
  signal?: AbortSignal,
): Promise<Replies["attach"]> {
  requireFree(ctx, caller.session);
  const a = mode === "launch" && !given.connect && !given.via ? interpreterLaunch("start", given, caller.cwd) : given;
  // Locations are checked first: a malformed one is a usage error before anything starts.
  const { breakpoints, refused } = await startBreakpointsKeeping(a.break, caller.cwd);
  const config = await loadConfig();
  // Through --connect the program lives where the adapter runs: its path is taken as given.
  const program = a.program ? (a.connect ? a.program : resolve(caller.cwd, a.program)) : undefined;
  if (mode === "launch" && !program) throw new DebuggerError("USAGE", "start needs a program", "`debugger start ./a.out -- ARGS`");
  if (mode === "attach" && !a.pid && !a.connect) {
    throw new DebuggerError("USAGE", "attach needs a process id or --connect HOST:PORT", "`debugger attach PID`");
  }
  // Attaching to the daemon, its adapters or the caller's own process tree would freeze them all.
  // (A pid in a --via target is the target's: none of those is there.)
  if (mode === "attach" && a.pid && !a.via) refuseSelfAttach(a.pid, guardContext(ctx, a.clientPid));
  // Through --via a program given by a local path (in a mapped directory) is checked here; one that
  // exists only in the target is taken as given.
  // What --via does not do yet: the target's core files, and an adapter already listening (--connect: no need for --via).
  const viaClash = a.via && (a.core ? "--core" : a.connect ? "--connect" : undefined);
  if (viaClash)
    throw new DebuggerError(
      "USAGE",
      `--via starts the adapter in the target: it takes no ${viaClash}`,
      viaClash === "--core" ? "open the core inside the target with the debugger installed there" : "leave out --connect",
    );
  const via = a.via ? viaOf(a.via, a.map ?? [], lookupEnv(a.callerEnv)) : undefined;
  const local = mode === "launch" && !a.connect && !(via && !existsSync(program!));
  if (local && !existsSync(program!)) {
    throw new DebuggerError(
      "PROGRAM_NOT_FOUND",
      `program '${a.program}' does not exist (looked in ${caller.cwd})`,
      "check the path; build it first with debug info (-g)",
    );
  }
  // Through --via with no --cwd: here if the target has it (mapped), else the program's directory.
  const cwd = a.cwd ? resolve(caller.cwd, a.cwd) : via && toRemote(caller.cwd, via.maps) === caller.cwd ? dirname(program ?? "/") : caller.cwd;
  if (local) requireCwd(a.cwd, caller.cwd);
  // Adapters, interpreters and tools are looked for in the caller's environment, not the daemon's.
  const env = lookupEnv(a.callerEnv);
  const chooseBy = withCallerAdapter(config, a.options);
  const spec =
    mode === "attach" && !a.adapter && !program
      ? adapterForProcess(chooseBy, a.pid, env, via && a.pid ? targetExe(via, a.pid, env) : undefined)
      : chooseAdapter(chooseBy, program, a.adapter, env);
  if (local && statSync(program!).isDirectory() && !spec.quirks.programMayBeDirectory) {
    throw new DebuggerError("PROGRAM_NOT_FOUND", `program '${a.program}' is a directory`, "give the path of the executable");
  }
  if (local && spec.quirks.programMustBeExecutable && !isExecutable(program!)) {
    throw new DebuggerError("PROGRAM_NOT_FOUND", `program '${a.program}' is not executable`, `\`chmod +x ${a.program}\`, or build it first`);
  }
  const core = a.core ? checkCore(a, caller.cwd, spec) : undefined;
  const stdin = programStdin(a, caller.cwd, mode);
  const options: StartOptions = {
    mode,
    program: program ?? "",
    args: a.args,
    cwd,
    env: a.env,
    clearEnv: a.clearEnv,
    callerEnv: env,
    stopOnEntry: a.stopOnEntry ?? false,
    pid: a.pid,
    connect: a.connect,
    ...(via ? { via } : {}),
    breakpoints,
    options: a.options,
    core,
    ...(stdin ? { stdin } : {}),
  };
  const told = { ...a, refused };
  if (waited) return { ...(await runSession(ctx, caller, spec, config, options, told, signal)), waited };
  if (!local || via || !spec.programInterpreter) return runSession(ctx, caller, spec, config, options, told, signal);
  const python = pythonOfProgram(spec, program!, a.options, caller.cwd, env);
  return runSession(ctx, caller, python.spec, config, { ...options, options: python.options }, told, signal);
}

/** The `--stdin` file of a program the debugger starts, checked; attach, --core and --connect start none. */
export function programStdin(
  // Picked from the commands that take it: a renamed `stdin` fails `tsc` here, not only where it is sent.
  a: Pick<ArgsOut<"start" | "attach" | "test">, "stdin" | "via"> & { core?: string; connect?: unknown },
  cwd: string,
  mode: "launch" | "attach",
): string | undefined {
  if (a.stdin === undefined) return undefined;
  // The file is here; the program is in the target, which cannot open it.
  if (a.via)
    throw new DebuggerError(
      "UNSUPPORTED",
      "--stdin with --via is not supported yet: the file is on this machine, the program in the target (and the via command's stdin carries DAP)",
      "leave out --stdin (the program's stdin is then /dev/null in the target), or copy the file into the target and give the program its path",
    );
  const clash = mode === "attach" ? "attach" : a.core ? "--core" : a.connect ? "--connect" : undefined;
  if (clash)
    throw new DebuggerError(
      "USAGE",
      `--stdin gives a file to a program the debugger starts: ${clash} starts none`,
      clash === "attach" ? "the program already has its stdin; start it with `debugger start PROG --stdin FILE`" : `leave out --stdin, or ${clash}`,
    );
  return checkStdinFile(a.stdin, cwd);
}

/** A copy of the CLI's stdin (`--stdin -`) that no session took, because the start failed, goes with the failure. */
export async function releasingStdin<T>(ctx: DaemonContext, stdin: string | undefined, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (e) {
    if (isStdinCopy(stdin) && !ctx.registry.holdsStdin(stdin)) removeStdinCopy(stdin);
    throw e;
  }
}

/** Who may not be attached: the daemon, its adapters and spares, other sessions' programs, the caller's tree. */
function guardContext(ctx: DaemonContext, clientPid: number | undefined): AttachGuardContext {
  const sessions = ctx.registry.all().filter((s) => s.live);
  return {
    adapterPids: ctx.registry.all().map((s) => s.adapterPid),
    programs: sessions.map((s) => ({ pid: s.pid, session: s.name })),
    sparePids: ctx.warm?.records().map((r) => r.pid) ?? [],
    clientPid,
  };
}

/**
 * `attach --wait NAME`: the usual attach, to the newest process of that name that starts while it
 * waits (at most --timeout). What stops an attach by pid (a bad location, a session in the way, an
 * adapter that cannot attach by pid) is said before the wait, not after it.
 */
export async function attachWhenStarted(a: ArgsOut<"attach">, caller: Caller, ctx: DaemonContext, signal: AbortSignal | undefined): Promise<Replies["attach"]> {
  const name = a.waitFor!;
  if (a.pid || a.connect)
    throw new DebuggerError("USAGE", "attach --wait NAME finds the process itself: it takes no PID or --connect", `\`debugger attach --wait ${name}\``);
  requireFree(ctx, caller.session);
  await startBreakpoints(a.break, caller.cwd);
  if (a.adapter) {
    const spec = chooseAdapter(await loadConfig(), undefined, a.adapter, lookupEnv(a.callerEnv));
    // debugpy cannot attach by pid here: its refusal, now rather than after the wait.
    spec.attachArgs({ remote: false, options: a.options });
  }
  if (a.via) {
    // The target's own processes, in its pid namespace: polled there, through the via command.
    const via = viaOf(a.via, a.map ?? [], lookupEnv(a.callerEnv));
    const waited = await waitInTarget(via.argv, name, { timeout: a.timeout, env: lookupEnv(a.callerEnv), ...(signal ? { signal } : {}) }).catch((e) => {
      throw signal?.aborted ? new ClientGone() : e;
    });
    const { waitFor: _, ...rest } = a;
    return startSession({ ...rest, pid: waited.pid }, caller, ctx, "attach", { name, ...waited }, signal);
  }
  const guard = guardContext(ctx, a.clientPid);
  const allowed = (pid: number) => {
    try {
      refuseSelfAttach(pid, guard);
      return true;
    } catch {
      return false;
    }
  };
  const waited = await waitForProcess(name, { timeout: a.timeout, signal, allowed });
  const { waitFor: _, ...rest } = a;
  return startSession({ ...rest, pid: waited.pid }, caller, ctx, "attach", { name, ...waited }, signal);
}

/** `start -m MODULE`: debugpy runs the module; the session's program reads `-m MODULE`. */
export async function startModule(a: ArgsOut<"start">, caller: Caller, ctx: DaemonContext, signal?: AbortSignal): Promise<StartData> {
  if (a.program || a.core || a.connect || a.pid)
    throw new DebuggerError("USAGE", "--module runs a Python module: it takes no program, --core or --connect", "`debugger start -m pkg.app -- ARGS`");
  if (a.via)
    throw new DebuggerError(
      "UNSUPPORTED",
      "--module with --via is not supported yet",
      "give the module's main file: `debugger start --via '…' pkg/app/__main__.py`",
    );
  if (a.adapter && a.adapter !== "debugpy" && a.adapter !== "python" && a.adapter !== "py")
    throw new DebuggerError("USAGE", "--module is for Python (debugpy)", "leave out --adapter");
  const config = await loadConfig();
  const env = lookupEnv(a.callerEnv);
  const spec = chooseAdapter(config, undefined, "debugpy", env);
  const { breakpoints, refused } = await startBreakpointsKeeping(a.break, caller.cwd);
  const cwd = a.cwd ? resolve(caller.cwd, a.cwd) : caller.cwd;
  const stdin = programStdin(a, caller.cwd, "launch");
  const options: StartOptions = {
    mode: "launch",
    program: `-m ${a.module}`,
    args: a.args,
    cwd,
    env: a.env,
    clearEnv: a.clearEnv,
    callerEnv: env,
    stopOnEntry: a.stopOnEntry ?? false,
    breakpoints,
    options: a.options,
    ...(stdin ? { stdin } : {}),
  };
  const inVenv = pythonOfProgram(spec, undefined, a.options, cwd, env, a.module);
  const told = { ...a, refused };
  if (inVenv.spec !== spec) return runSession(ctx, caller, inVenv.spec, config, { ...options, options: inVenv.options }, told, signal);
  const python = (spec.discover({ options: a.options, env }) ?? undefined)?.path;
  if (!python) throw new DebuggerError("ADAPTER_NOT_FOUND", "debugpy is not installed for any python3 here", spec.installHint);
  return runSession(ctx, caller, pythonAdapter(spec, { python, module: a.module }), config, options, told, signal);
}

/**
 * The interpreter a program runs with where the adapter says the daemon picks it
 * (AdapterSpec.programInterpreter: debugpy's). It is given another interpreter's debugpy when it
 * has none, as `test` does (pythonLaunch), and that interpreter runs the adapter.
 */
function pythonOfProgram(
  spec: AdapterSpec,
  program: string | undefined,
  options: Record<string, unknown>,
  cwd: string,
  env: Env,
  module?: string,
): { spec: AdapterSpec; options: Record<string, unknown> } {
  const python = spec.programInterpreter?.(program, options, { cwd, env });
  if (!python) return { spec, options };
  const launch = pythonLaunch(python, env);
  return { spec: pythonAdapter(spec, { ...launch, module }), options: { ...options, python: launch.lender ?? python } };
}

/**
 * Creates the session, starts it, and replies with its first stop (or its state, without waiting).
 * `signal`: the client went away (a killed CLI, a cancelled MCP call): the wait for the first stop
 * ends at once, the program runs on, and the next request on the session is not held up by it.
 */
export async function runSession(
  ctx: DaemonContext,
  caller: Caller,
  spec: AdapterSpec,
  config: Config,
  opts: StartOptions,
  a: { wait: boolean; timeout: number; print: string[]; refused?: string[] },
  signal?: AbortSignal,
): Promise<StartData> {
  requireFree(ctx, caller.session);
  const began = Date.now();
  // Every start, run, test and attach comes here once its adapter is chosen, whoever sent it.
  checkAdapterOptions(spec.name, opts.options);
  const mode = opts.mode;
  const session = new Session(caller.session, spec, config, () => ctx.registry.save(), ctx.warm);
  ctx.registry.add(session);
  const first = session.nextStop();
  try {
    await session.start(opts);
  } catch (e) {
    first.cancel();
    await session.end(mode === "launch").catch(() => {});
    // A `stop` may have removed it already, and a new start taken the name since.
    if (ctx.registry.find(caller.session) === session) ctx.registry.remove(caller.session);
    // Ended by a `stop` or `detach` while it started: that is what happened, not the adapter's death it caused.
    if (session.endRequest) throw endedWhileStarting(session);
    throw e;
  }
  const base = (stopped: boolean) => ({ session: session.summary(), breakpoints: session.breakpoints.views(), ...warnings(session, stopped, a.refused) });
  // An attached program keeps running unless it stops by itself: do not wait for a stop there.
  if (!a.wait || (mode === "attach" && session.state !== "stopped" && !session.lastReport)) {
    first.cancel();
    return { ...base(!!session.lastReport), state: session.state, stop: session.lastReport };
  }
  if (!opts.stopOnEntry && allUnbound(session)) {
    // Nothing can stop the program: wait briefly for it to end (or crash, or a library to load
    // that binds a breakpoint after all), then say so and leave it running, rather than wait out
    // the whole timeout for a stop that cannot come.
    const grace = a.timeout > 0 ? Math.min(a.timeout, UNBOUND_GRACE_S) : UNBOUND_GRACE_S;
    const early = await Promise.race([
      first.promise.then(
        (r) => r,
        () => undefined,
      ),
      Bun.sleep(grace * 1000).then(() => undefined),
    ]);
    if (!early && session.live && session.state !== "stopped" && allUnbound(session)) {
      first.cancel();
      const w = warnings(session, false, a.refused).warnings!;
      w[w.length - 1] = w[w.length - 1]!.replace(
        /, so nothing stopped the program$/,
        ", so nothing can stop the program: it is running (`debugger pause` stops it, `debugger await` waits for its end)",
      );
      return { session: session.summary(), breakpoints: session.breakpoints.views(), warnings: w, state: session.state };
    }
  }
  let stop;
  try {
    stop = await waitForStop(session, first.promise, a.timeout, signal);
  } catch (e) {
    if (session.endRequest && e instanceof DebuggerError && e.code === "SESSION_ENDED") throw endedWhileStarting(session);
    throw e;
  }
  const data = await stopData(session, stop, a.print);
  // What the conditions met on the way cost, and those that could not be evaluated (said once);
  // after the prints, which are read at the session's own report.
  if (data.stop) data.stop = withConditionCosts(session, data.stop, began);
  return { ...base(stop.reason !== "exited" && stop.reason !== "terminated"), ...data };
}

function endedWhileStarting(session: Session): DebuggerError {
  const how = session.endRequest === "detach" ? "detached by a `detach`" : "stopped by a `stop`";
  return new DebuggerError(
    "SESSION_ENDED",
    `session '${session.name}' was ${how} request before its first stop`,
    "another client ended it while it started; `debugger start` begins a new one",
  );
}

/** Seconds a start whose breakpoints all failed to bind waits for the program to end by itself. */
const UNBOUND_GRACE_S = 2;

function allUnbound(session: Session): boolean {
  const bps = session.breakpoints.views().filter((b) => b.kind !== "data");
  return bps.length > 0 && bps.every((b) => !b.verified);
}

/** `start PROGRAM --core FILE`: a readable core file, an adapter that opens cores, nothing that would run it. */
function checkCore(a: ArgsOut<"start">, cwd: string, spec: AdapterSpec): string {
  const core = resolve(cwd, a.core!);
  const clash = a.connect ? "--connect" : a.stopOnEntry ? "--stop-on-entry" : a.break.length ? "--break" : a.args.length ? "program arguments" : undefined;
  if (clash)
    throw new DebuggerError("USAGE", `--core opens a dump that cannot run: ${clash} makes no sense with it`, "`debugger start PROGRAM --core FILE` alone");
  if (!spec.coreArgs)
    throw new DebuggerError("UNSUPPORTED", `${spec.name} cannot open core dumps`, "core dumps are for native and Go programs (lldb-dap, gdb, Delve)");
  let size: number;
  try {
    const st = statSync(core);
    if (!st.isFile()) throw new Error("not a file");
    size = st.size;
  } catch {
    throw new DebuggerError(
      "PROGRAM_NOT_FOUND",
      `core file '${a.core}' does not exist (looked in ${cwd})`,
      "give the path of the dump (`gcore PID` writes core.PID; /proc/sys/kernel/core_pattern says where crashes leave theirs)",
    );
  }
  if (size === 0)
    throw new DebuggerError(
      "INVALID_ARGUMENT",
      `core file '${a.core}' is empty`,
      "a crash that was not allowed to dump (ulimit -c 0) leaves no core; `ulimit -c unlimited` before running it",
    );
  return core;
}

/** A start whose breakpoints all failed to bind would otherwise run to its end without a word. */
function warnings(session: Session, stopped: boolean, refused: string[] = []): Pick<StartData, "warnings"> {
  const bps = session.breakpoints.views().filter((b) => b.kind !== "data");
  const unbound = bps.filter((b) => !b.verified);
  // Locations left out before the start (startBreakpointsKeeping) lead.
  if (!bps.length || unbound.length < bps.length) return refused.length ? { warnings: refused } : {};
  const why = unbound.map((b) => `#${b.id} ${b.location}: ${(b.message ?? "not verified").trim().replace(/\s*\n\s*/g, " ")}`).join("; ");
  return {
    warnings: [
      ...refused,
      `${bps.length === 1 ? "the breakpoint did not bind" : `none of the ${bps.length} breakpoints bound`} (${why})${stopped ? "" : ", so nothing stopped the program"}`,
    ],
  };
}

/** A process in the --via target, by its pid there: its executable as a local path where mapped (to choose the adapter), or the target's. */
function targetExe(via: Via, pid: number, env: Env): string | undefined {
  const p = targetProcess(via.argv, pid, env);
  if (!p)
    throw new DebuggerError(
      "ATTACH_FAILED",
      `no process ${pid} in the target (its pids are the target's own: \`${via.argv.join(" ")} ps\` lists them)`,
      "give a pid from the target's process list, or `attach --wait NAME` for one about to start",
    );
  if (!p.exe) return undefined;
  const local = toLocal(p.exe, via.maps);
  return existsSync(local) ? local : p.exe;
}

/** `--via` and `--map` as the session uses them: the container's bind mounts after the user's maps (the first match of a path wins by length). */
export function viaOf(argv: string[], map: string[], env: Env): Via {
  if (process.platform === "win32")
    throw new DebuggerError("UNSUPPORTED", "--via is not supported on Windows yet", "run the debugger inside the target instead");
  return { argv, maps: [...map.map(parseMap), ...containerMounts(argv, env)] };
}

/** A --cwd that is no directory: said as such before anything is spawned there (a spawn blames its program: ENOENT). */
export function requireCwd(given: string | undefined, callerCwd: string): void {
  if (!given) return;
  const cwd = resolve(callerCwd, given);
  let isDir = false;
  try {
    isDir = statSync(cwd).isDirectory();
  } catch {}
  if (!isDir)
    throw new DebuggerError(
      "INVALID_ARGUMENT",
      `--cwd ${given}: no such directory`,
      "give the program's working directory, or leave --cwd out to use the current one",
    );
}

/**
 * A planned test run as what starts it (`test`, and each side of `diff`'s two tests): the runner's
 * adapter with its failure stops, and the launch. `options` is the caller's without --python.
 */
export function testLaunch(
  plan: TestPlan,
  a: { options: Record<string, unknown>; adapter?: string; env: Record<string, string>; clearEnv?: boolean; stopOnFailure: boolean },
  o: { config: Config; env: ReturnType<typeof lookupEnv>; cwd: string; breakpoints: StartOptions["breakpoints"] },
): { spec: AdapterSpec; opts: StartOptions } {
  const options = { ...a.options };
  // The adapter runs with the interpreter that has the debugpy the tests run with (not, say, the
  // active virtualenv's, when the runner is another Python's).
  if (plan.python) options.python = plan.python.lender ?? plan.python.python;
  const spec = testAdapter(chooseAdapter(withCallerAdapter(o.config, a.options), plan.program, a.adapter ?? plan.adapter, o.env), plan, a.stopOnFailure);
  const opts: StartOptions = {
    mode: "launch",
    program: plan.program,
    args: plan.args,
    cwd: o.cwd,
    env: { ...plan.env, ...a.env },
    clearEnv: a.clearEnv,
    callerEnv: o.env,
    stopOnEntry: false,
    breakpoints: o.breakpoints,
    options,
  };
  return { spec, opts };
}

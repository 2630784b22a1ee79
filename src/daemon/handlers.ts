// One handler per IPC command. Each validates its own arguments (the socket is a boundary) and
// returns the reply's `data`; errors are thrown as DebuggerError and cross the socket unchanged.
import { existsSync, readlinkSync, statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import * as v from "valibot";
import { chooseAdapter } from "../adapters/index.ts";
import { isExecutable } from "../adapters/which.ts";
import { loadConfig, type Config } from "../common/config.ts";
import { DebuggerError } from "../common/errors.ts";
import { formatLocation, parseLocation, type Location } from "../common/location.ts";
import { VERSION } from "../common/version.ts";
import { isCommand, parseArgs, type CommandName } from "../ipc/commands.ts";
import type { Request } from "../ipc/protocol.ts";
import type { StopReport, VariableView } from "../ipc/types.ts";
import type { SessionRegistry } from "./registry.ts";
import { joinText, tailLines, type OutputCategory } from "./ringBuffer.ts";
import { breakpointView, functionName, Session } from "./session.ts";
import { sourceWindow } from "./sourceWindow.ts";
import { truncateValue, truncateVariables } from "./truncate.ts";

export interface DaemonContext {
  registry: SessionRegistry;
  shutdown(reason: string): void;
  stopListening(): void;
  startedAt: number;
}

/** For commands that reply more than once (`output --follow`). */
export interface ReplyStream {
  emit(data: unknown): void;
  /** Resolves when the client has gone. */
  closed: Promise<void>;
}

type Handler = (req: Request, ctx: DaemonContext, stream?: ReplyStream) => Promise<unknown>;

// ---- argument schemas ---------------------------------------------------------------------

const int = v.pipe(v.number(), v.integer());
const posInt = v.pipe(v.number(), v.integer(), v.minValue(1));
const optStr = v.optional(v.string());
const optBool = v.optional(v.boolean());
const timeout = v.optional(v.pipe(v.number(), v.minValue(0)), 60);

function args<T extends v.GenericSchema>(schema: T, req: Request): v.InferOutput<T> {
  const r = v.safeParse(schema, req.args);
  if (r.success) return r.output;
  const issue = r.issues[0];
  const key = issue.path?.map((p) => String(p.key)).join(".") ?? "";
  throw new DebuggerError("INVALID_ARGUMENT", `${req.command}: bad argument${key ? ` '${key}'` : ""}: ${issue.message}`, "`debugger help` lists the commands and their arguments");
}

const WaitArgs = { wait: v.optional(v.boolean(), true), timeout };
const BreakOpts = { condition: optStr, hitCount: optStr, log: optStr, temporary: optBool };

// ---- helpers ------------------------------------------------------------------------------

function located(text: string, cwd: string): Location {
  const loc = parseLocation(text);
  if (loc.kind !== "line") return loc;
  return { ...loc, file: resolveSourceFile(loc.file, cwd) };
}

/** Relative paths resolve against the CLI's cwd; a bare name that is not there is left for the adapter to match. */
function resolveSourceFile(file: string, cwd: string): string {
  if (isAbsolute(file)) return file;
  const abs = resolve(cwd, file);
  if (existsSync(abs)) return abs;
  return /[\\/]/.test(file) ? abs : file;
}

/** Attach without --adapter: judge by the process's executable (a Go binary → Delve), else lldb-dap. */
function adapterForProcess(config: Config, pid: number | undefined) {
  let exe: string | undefined;
  try {
    if (pid) exe = readlinkSync(`/proc/${pid}/exe`);
  } catch {}
  if (exe) {
    try {
      return chooseAdapter(config, exe);
    } catch {}
  }
  return chooseAdapter(config, undefined, "lldb-dap");
}

async function waitForStop(session: Session, promise: Promise<StopReport>, seconds: number): Promise<StopReport> {
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

function stopData(session: Session, stop: StopReport) {
  return { state: session.state, stop };
}

/** Runs a stepping command `count` times; stops early at anything that is not a plain step. */
async function step(session: Session, kind: "continue" | "next" | "stepIn" | "stepOut", req: Request) {
  const a = args(v.object({ ...WaitArgs, count: v.optional(posInt, 1), thread: v.optional(int) }), req);
  if (a.thread !== undefined) await session.selectThread(a.thread);
  let report: StopReport | undefined;
  for (let i = 0; i < a.count; i++) {
    const { stop: waiter } = await session.resume(kind, a.thread);
    if (!a.wait) {
      waiter.catch(() => {});
      return { state: session.state, waiting: false };
    }
    report = await waitForStop(session, waiter, a.timeout);
    if (!session.live || (report.reason !== "step" && kind !== "continue")) break;
  }
  return stopData(session, report!);
}

async function contextOf(session: Session, lines: number) {
  const { frame, index, threadId } = await session.selectedFrame();
  const file = frame.source?.path;
  const source = await sourceWindow(file, frame.line, lines);
  const cut = truncateVariables(await session.scopeVariables(frame.id, "locals"), session.limits);
  return {
    state: session.state,
    threadId,
    frameIndex: index,
    reason: session.lastReport?.reason,
    breakpointIds: index === 0 ? session.lastReport?.breakpointIds ?? [] : [],
    frame: { function: functionName(frame.name), file, line: frame.line, column: frame.column },
    source,
    locals: cut.variables,
    ...(cut.note ? { truncated: [cut.note] } : {}),
  };
}

/** 16 bytes a line: address, hex, printable characters. */
function hexdump(start: bigint, bytes: Uint8Array): string[] {
  const lines: string[] = [];
  for (let i = 0; i < bytes.length; i += 16) {
    const row = bytes.subarray(i, i + 16);
    const hex = [...row].map((b) => b.toString(16).padStart(2, "0")).join(" ");
    const text = [...row].map((b) => (b >= 32 && b < 127 ? String.fromCharCode(b) : ".")).join("");
    lines.push(`0x${(start + BigInt(i)).toString(16)}: ${hex.padEnd(47)}  ${text}`);
  }
  return lines;
}

function formatValue(value: string, format: string | undefined): string {
  if (!format || format === "dec" && /^-?\d+$/.test(value)) return value;
  const m = /^(-?\d+)$/.exec(value.trim());
  if (!m) return value;
  let n = BigInt(m[1]!);
  if (format === "dec") return n.toString();
  if (n < 0n) n = (1n << 64n) + n; // show negatives as two's complement, as gdb does for 64-bit
  if (format === "hex") return `0x${n.toString(16)}`;
  if (format === "oct") return `0${n.toString(8)}`;
  if (format === "bin") return `0b${n.toString(2)}`;
  return value;
}

function formatTree(vars: VariableView[], format: string | undefined): VariableView[] {
  return vars.map((x) => ({ ...x, value: formatValue(x.value, format), ...(x.children ? { children: formatTree(x.children, format) } : {}) }));
}

async function evaluate(session: Session, req: Request, context: "watch" | "repl") {
  const a = args(
    v.object({
      expression: v.pipe(v.string(), v.minLength(1, "give an expression")),
      format: v.optional(v.picklist(["hex", "bin", "oct", "dec"])),
      depth: v.optional(v.pipe(int, v.minValue(0), v.maxValue(10)), 1),
    }),
    req,
  );
  // print reads the selected frame, so the program must be stopped; eval may talk to a running one.
  if (context === "watch") session.requireStopped();
  const ctx = context === "watch" ? session.adapter.printContext : "repl";
  const fmt: P.ValueFormat | undefined = a.format === "hex" ? { hex: true } : undefined;
  const r = await session.enqueue(() => session.evaluate(a.expression, ctx, fmt));
  const limits = session.limits;
  const full = formatValue(r.result, a.format);
  const shown = truncateValue(full, Math.max(limits.maxValueLength * 20, 4000));
  const truncated: string[] = [];
  if (shown.cut) truncated.push(`result: cut at ${shown.value.length - 1} of ${full.length} characters`);
  const data: Record<string, unknown> = { expression: a.expression, result: shown.value, type: r.type, reference: r.variablesReference };
  if (r.variablesReference > 0 && a.depth > 0) {
    const children = await session.enqueue(() => session.variables(r.variablesReference, a.depth - 1));
    data.children = formatTree(children.slice(0, 200), a.format);
    if (children.length > 200) truncated.push(`children: ${children.length - 200} more not shown`);
  }
  if (truncated.length) data.truncated = truncated;
  return data;
}

// ---- handlers -----------------------------------------------------------------------------

async function startSession(req: Request, ctx: DaemonContext, mode: "launch" | "attach") {
  const a = args(
    v.object({
      program: optStr,
      args: v.optional(v.array(v.string()), []),
      cwd: optStr,
      env: v.optional(v.record(v.string(), v.string()), {}),
      stopOnEntry: optBool,
      adapter: optStr,
      break: v.optional(v.array(v.string()), []),
      pid: v.optional(posInt),
      connect: v.optional(v.object({ host: v.string(), port: v.pipe(int, v.minValue(1), v.maxValue(65535)) })),
      options: v.optional(v.record(v.string(), v.unknown()), {}),
      ...WaitArgs,
    }),
    req,
  );
  const existing = ctx.registry.find(req.session);
  if (existing?.live) {
    throw new DebuggerError("SESSION_EXISTS", `session '${req.session}' is already ${existing.state} (${existing.program ?? "attached"})`, "`debugger stop` ends it, or pick another name with --session NAME");
  }
  const config = await loadConfig();
  // Through --connect the program lives where the adapter runs: its path is taken as given.
  const program = a.program ? (a.connect ? a.program : resolve(req.cwd, a.program)) : undefined;
  if (mode === "launch" && !program) throw new DebuggerError("USAGE", "start needs a program", "`debugger start ./a.out -- ARGS`");
  if (mode === "attach" && !a.pid && !a.connect) {
    throw new DebuggerError("USAGE", "attach needs a process id or --connect HOST:PORT", "`debugger attach PID`");
  }
  const local = mode === "launch" && !a.connect;
  if (local && !existsSync(program!)) {
    throw new DebuggerError("PROGRAM_NOT_FOUND", `program '${a.program}' does not exist (looked in ${req.cwd})`, "check the path; build it first with debug info (-g)");
  }
  const spec = mode === "attach" && !a.adapter && !program ? adapterForProcess(config, a.pid) : chooseAdapter(config, program, a.adapter);
  if (local && statSync(program!).isDirectory() && !spec.quirks.programMayBeDirectory) {
    throw new DebuggerError("PROGRAM_NOT_FOUND", `program '${a.program}' is a directory`, "give the path of the executable");
  }
  if (local && spec.quirks.programMustBeExecutable && !isExecutable(program!)) {
    throw new DebuggerError("PROGRAM_NOT_FOUND", `program '${a.program}' is not executable`, `\`chmod +x ${a.program}\`, or build it first`);
  }
  const breakpoints = a.break.map((text) => ({ text, loc: located(text, req.cwd) }));
  const session = new Session(req.session, spec, config, () => ctx.registry.save());
  ctx.registry.add(session);
  const first = session.nextStop();
  try {
    await session.start({
      mode,
      program: program ?? "",
      args: a.args,
      cwd: a.cwd ? resolve(req.cwd, a.cwd) : req.cwd,
      env: a.env,
      stopOnEntry: a.stopOnEntry ?? false,
      pid: a.pid,
      connect: a.connect,
      breakpoints,
      options: a.options,
    });
  } catch (e) {
    first.cancel();
    await session.end(mode === "launch").catch(() => {});
    ctx.registry.remove(req.session);
    throw e;
  }
  const base = { session: session.summary(), breakpoints: session.breakpointViews() };
  // An attached program keeps running unless it stops by itself: do not wait for a stop there.
  if (!a.wait || (mode === "attach" && session.state !== "stopped" && !session.lastReport)) {
    first.cancel();
    return { ...base, state: session.state, stop: session.lastReport };
  }
  const stop = await waitForStop(session, first.promise, a.timeout);
  return { ...base, session: session.summary(), breakpoints: session.breakpointViews(), state: session.state, stop };
}

const handlers: Record<string, Handler> = {
  async ping(_req, ctx) {
    return { version: VERSION, pid: process.pid, uptime: Math.round((Date.now() - ctx.startedAt) / 1000) };
  },

  async shutdown(_req, ctx) {
    ctx.stopListening();
    setTimeout(() => ctx.shutdown("asked to stop"), 10);
    return { stopped: true, pid: process.pid };
  },

  async status(req, ctx) {
    const s = ctx.registry.find(req.session);
    const daemon = { version: VERSION, pid: process.pid };
    if (!s) {
      const lost = ctx.registry.lostSessions().find((l) => l.name === req.session);
      return { session: req.session, state: lost ? "lost" : "idle", daemon };
    }
    return {
      session: s.name,
      state: s.state,
      program: s.program,
      adapter: s.adapter.name,
      pid: s.pid,
      mode: s.mode,
      threadId: s.currentThreadId,
      exitCode: s.exitCode,
      breakpoints: s.breakpoints.list().length,
      stop: s.lastReport,
      daemon,
    };
  },

  async sessions(_req, ctx) {
    return { sessions: [...ctx.registry.all().map((s) => s.summary()), ...ctx.registry.lostSessions()] };
  },

  start: (req, ctx) => startSession(req, ctx, "launch"),
  attach: (req, ctx) => startSession(req, ctx, "attach"),

  async stop(req, ctx) {
    const s = ctx.registry.get(req.session);
    const state = s.state;
    await s.end(s.mode !== "attach");
    ctx.registry.remove(s.name);
    return { stopped: s.name, was: state };
  },

  async detach(req, ctx) {
    const s = ctx.registry.get(req.session);
    s.requireLive();
    await s.end(false);
    ctx.registry.remove(s.name);
    return { detached: s.name, pid: s.pid };
  },

  async restart(req, ctx) {
    const s = ctx.registry.get(req.session);
    const a = args(v.object(WaitArgs), req);
    const { stop } = await s.restart();
    ctx.registry.save();
    if (!a.wait) {
      stop.catch(() => {});
      return { state: s.state };
    }
    return stopData(s, await waitForStop(s, stop, a.timeout));
  },

  async "breakpoint.add"(req, ctx) {
    const a = args(v.object({ location: v.string(), ...BreakOpts }), req);
    const loc = located(a.location, req.cwd); // a malformed location is a usage error, session or not
    const s = ctx.registry.get(req.session);
    s.requireLive();
    const bp = await s.enqueue(() => s.addBreakpoint(a.location, loc, { condition: a.condition, hitCondition: a.hitCount, logMessage: a.log, temporary: a.temporary }));
    return { breakpoints: [breakpointView(bp)], resolvedAs: formatLocation(loc) };
  },

  async "breakpoint.list"(req, ctx) {
    const s = ctx.registry.get(req.session);
    return { breakpoints: s.breakpointViews() };
  },

  async "breakpoint.remove"(req, ctx) {
    const s = ctx.registry.get(req.session);
    const a = args(v.object({ ids: v.optional(v.array(posInt), []), all: optBool }), req);
    const ids = a.all ? s.breakpoints.list().map((b) => b.id) : a.ids;
    if (!a.all && ids.length === 0) throw new DebuggerError("USAGE", "breakpoint remove needs ids or --all", "`debugger breakpoint list` shows the ids");
    const removed = await s.enqueue(() => s.removeBreakpoints(ids));
    return { removed: removed.map((b) => b.id), breakpoints: s.breakpointViews() };
  },

  async "breakpoint.enable"(req, ctx) {
    return setEnabled(req, ctx, true);
  },

  async "breakpoint.disable"(req, ctx) {
    return setEnabled(req, ctx, false);
  },

  async "watch.add"(req, ctx) {
    const s = ctx.registry.get(req.session);
    const a = args(
      v.object({ expression: v.pipe(v.string(), v.minLength(1, "give a variable or expression")), access: v.optional(v.picklist(["read", "write", "readWrite"]), "write"), condition: optStr, hitCount: optStr }),
      req,
    );
    const bp = await s.enqueue(() => s.addWatch(a.expression, a.access, { condition: a.condition, hitCondition: a.hitCount }));
    return { breakpoints: [breakpointView(bp)] };
  },

  async "watch.list"(req, ctx) {
    const s = ctx.registry.get(req.session);
    return { breakpoints: s.breakpointViews().filter((b) => b.kind === "data") };
  },

  async registers(req, ctx) {
    const s = ctx.registry.get(req.session);
    const a = args(v.object({ names: v.optional(v.array(v.string()), []), all: optBool }), req);
    return s.enqueue(async () => {
      const { frame, index } = await s.selectedFrame();
      const { scopes } = await s.requireStopped().request("scopes", { frameId: frame.id });
      const scope = scopes.find((x) => x.presentationHint === "registers" || /regist/i.test(x.name));
      if (!scope) throw new DebuggerError("UNSUPPORTED", `${s.adapter.name} shows no registers (scopes: ${scopes.map((x) => x.name).join(", ")})`, "`debugger raw` may reach the debugger's own register command");
      // lldb-dap groups registers in sets ("General Purpose Registers", …): flatten them.
      const top = await s.variables(scope.variablesReference);
      const groups = top.every((x) => x.reference > 0) ? top : [{ name: scope.name, value: "", reference: 0, children: top }];
      const wanted = new Set(a.names.map((n) => n.replace(/^\$/, "").toLowerCase()));
      const out: { name: string; value: string; group: string }[] = [];
      for (const [i, g] of groups.entries()) {
        // Without names: the first set (general purpose) only, unless --all.
        if (!wanted.size && !a.all && i > 0) break;
        const regs = g.children ?? (await s.variables(g.reference));
        for (const r of regs) if (!wanted.size || wanted.has(r.name.toLowerCase())) out.push({ name: r.name, value: r.value, group: g.name });
      }
      const missing = [...wanted].filter((n) => !out.some((r) => r.name.toLowerCase() === n));
      if (missing.length) throw new DebuggerError("INVALID_ARGUMENT", `no register ${missing.join(", ")}`, "`debugger registers --all` lists them");
      return { frameIndex: index, registers: out };
    });
  },

  async "memory.read"(req, ctx) {
    const s = ctx.registry.get(req.session);
    const a = args(v.object({ location: v.pipe(v.string(), v.minLength(1)), count: v.optional(v.pipe(int, v.minValue(1), v.maxValue(65536)), 64) }), req);
    return s.enqueue(async () => {
      const client = s.requireStopped();
      if (!s.capabilities.supportsReadMemoryRequest) {
        throw new DebuggerError("UNSUPPORTED", `${s.adapter.name} cannot read memory (capability supportsReadMemoryRequest)`, "`debugger raw` may reach the debugger's own command (LLDB: `memory read ADDR`)");
      }
      // An address as given, or an expression whose value (`&x`, a pointer) is one.
      let address = /^(0x[0-9a-f]+|\d+)$/i.test(a.location) ? a.location : undefined;
      if (!address) {
        const r = await s.evaluate(a.location, s.adapter.printContext);
        address = r.memoryReference ?? /0x[0-9a-f]+/i.exec(r.result)?.[0];
        if (!address) throw new DebuggerError("INVALID_ARGUMENT", `'${a.location}' is not an address (it is ${r.result})`, "give an address (0x7ffe…) or a pointer expression such as &x");
      }
      const body = (await client.requestRaw("readMemory", { memoryReference: address, count: a.count })).body as P.ReadMemoryResponse["body"];
      const bytes = body?.data ? Buffer.from(body.data, "base64") : Buffer.alloc(0);
      return { address: body?.address ?? address, count: bytes.length, unreadable: body?.unreadableBytes ?? 0, hex: bytes.toString("hex"), dump: hexdump(BigInt(body?.address ?? address), bytes) };
    });
  },

  async disassemble(req, ctx) {
    const s = ctx.registry.get(req.session);
    const a = args(v.object({ address: optStr, count: v.optional(v.pipe(int, v.minValue(1), v.maxValue(1000)), 16) }), req);
    return s.enqueue(async () => {
      const client = s.requireStopped();
      if (!s.capabilities.supportsDisassembleRequest) throw new DebuggerError("UNSUPPORTED", `${s.adapter.name} does not support disassembly (capability supportsDisassembleRequest)`, "`debugger raw` may reach the debugger's own disassembler");
      const { frame } = await s.selectedFrame();
      const pc = frame.instructionPointerReference;
      const at = a.address ?? pc;
      if (!at) throw new DebuggerError("UNSUPPORTED", `${s.adapter.name} gave no instruction address for this frame`, "give one: `debugger disassemble 0x401000`");
      if (!/^(0x[0-9a-f]+|\d+)$/i.test(at)) throw new DebuggerError("INVALID_ARGUMENT", `'${at}' is not an address`, "e.g. `debugger disassemble 0x401000`");
      const body = (await client.requestRaw("disassemble", { memoryReference: at, instructionCount: a.count, resolveSymbols: true })).body as P.DisassembleResponse["body"];
      const current = pc ? BigInt(pc) : undefined;
      const instructions = (body?.instructions ?? []).map((i) => ({
        address: i.address,
        instruction: i.instruction.trim(),
        bytes: i.instructionBytes,
        symbol: i.symbol,
        file: i.location?.path,
        line: i.line,
        current: current !== undefined && /^0x[0-9a-f]+$/i.test(i.address) && BigInt(i.address) === current,
      }));
      return { address: at, instructions };
    });
  },

  async catch(req, ctx) {
    const s = ctx.registry.get(req.session);
    const a = args(v.object({ add: v.optional(v.array(v.string()), []), remove: v.optional(v.array(v.string()), []) }), req);
    if (a.add.length || a.remove.length) await s.enqueue(() => s.setExceptionFilters(a.add, a.remove));
    else s.requireLive();
    return { filters: s.exceptionFilters() };
  },

  continue: (req, ctx) => step(ctx.registry.get(req.session), "continue", req),
  next: (req, ctx) => step(ctx.registry.get(req.session), "next", req),
  step: (req, ctx) => step(ctx.registry.get(req.session), "stepIn", req),
  finish: (req, ctx) => step(ctx.registry.get(req.session), "stepOut", req),

  async until(req, ctx) {
    const a = args(v.object({ location: v.string(), ...WaitArgs }), req);
    const loc = located(a.location, req.cwd);
    const s = ctx.registry.get(req.session);
    s.requireStopped();
    const bp = await s.enqueue(() => s.addBreakpoint(a.location, loc, { temporary: true }));
    try {
      const { stop: waiter } = await s.resume("continue");
      if (!a.wait) return { state: s.state, waiting: true, breakpoint: bp.id };
      return stopData(s, await waitForStop(s, waiter, a.timeout));
    } finally {
      // Stopped somewhere else first: the temporary breakpoint goes all the same, as in gdb.
      if (s.breakpoints.get(bp.id) && (s.state === "stopped" || !s.live)) await s.enqueue(() => s.removeBreakpoints([bp.id])).catch(() => {});
    }
  },

  async pause(req, ctx) {
    const s = ctx.registry.get(req.session);
    const a = args(v.object({ ...WaitArgs, thread: v.optional(int) }), req);
    const { stop: waiter } = await s.pause(a.thread);
    if (!a.wait) {
      waiter.catch(() => {});
      return { state: s.state, waiting: false };
    }
    return stopData(s, await waitForStop(s, waiter, a.timeout));
  },

  async await(req, ctx) {
    const s = ctx.registry.get(req.session);
    const a = args(v.object({ timeout }), req);
    return stopData(s, await waitForStop(s, s.awaitStop(), a.timeout));
  },

  async context(req, ctx) {
    const s = ctx.registry.get(req.session);
    const a = args(v.object({ lines: v.optional(v.pipe(int, v.minValue(0), v.maxValue(500))) }), req);
    return s.enqueue(() => contextOf(s, a.lines ?? s.sourceLines));
  },

  async backtrace(req, ctx) {
    const s = ctx.registry.get(req.session);
    const a = args(v.object({ limit: v.optional(posInt, 50), locals: optBool, thread: v.optional(int) }), req);
    return s.enqueue(async () => {
      s.requireStopped();
      const threadId = a.thread ?? s.currentThreadId ?? (await s.defaultThread());
      const frames = await s.frameViews(threadId, a.limit);
      const out = [];
      for (const f of frames) {
        const { id, ...view } = f;
        const entry: Record<string, unknown> = { ...view, current: f.index === s.currentFrame && threadId === s.currentThreadId };
        if (a.locals && id !== undefined) entry.locals = truncateVariables(await s.scopeVariables(id, "locals"), s.limits).variables;
        out.push(entry);
      }
      return { threadId, frames: out };
    });
  },

  async frame(req, ctx) {
    const s = ctx.registry.get(req.session);
    const a = args(v.object({ index: v.optional(v.pipe(int, v.minValue(0))) }), req);
    return s.enqueue(async () => {
      if (a.index !== undefined) await s.selectFrame(a.index);
      return contextOf(s, s.sourceLines);
    });
  },

  async up(req, ctx) {
    return moveFrame(req, ctx, 1);
  },

  async down(req, ctx) {
    return moveFrame(req, ctx, -1);
  },

  async locals(req, ctx) {
    return scopeVars(req, ctx, "locals");
  },

  async args(req, ctx) {
    return scopeVars(req, ctx, "arguments");
  },

  async print(req, ctx) {
    return evaluate(ctx.registry.get(req.session), req, "watch");
  },

  async eval(req, ctx) {
    return evaluate(ctx.registry.get(req.session), req, "repl");
  },

  async raw(req, ctx) {
    const s = ctx.registry.get(req.session);
    const a = args(v.object({ expression: v.pipe(v.string(), v.minLength(1)) }), req);
    const r = await s.enqueue(() => s.evaluate(a.expression, "repl"));
    return { result: r.result, type: r.type, reference: r.variablesReference };
  },

  async set(req, ctx) {
    const s = ctx.registry.get(req.session);
    const a = args(v.object({ name: v.pipe(v.string(), v.minLength(1)), value: v.string() }), req);
    return s.enqueue(async () => {
      const { frame } = await s.selectedFrame();
      const client = s.requireStopped();
      const { scopes } = await client.request("scopes", { frameId: frame.id });
      for (const scope of scopes.filter((x) => !x.expensive)) {
        const { variables } = await client.request("variables", { variablesReference: scope.variablesReference });
        if (!variables.some((x) => x.name === a.name)) continue;
        if (!s.capabilities.supportsSetVariable) break;
        const r = await client.request("setVariable", { variablesReference: scope.variablesReference, name: a.name, value: a.value });
        return { name: a.name, value: r.value, type: r.type };
      }
      if (s.capabilities.supportsSetExpression) {
        const r = await client.requestRaw("setExpression", { expression: a.name, value: a.value, frameId: frame.id });
        const body = r.body as { value: string; type?: string };
        return { name: a.name, value: body.value, type: body.type };
      }
      const assigned = await s.evaluate(`${a.name} = ${a.value}`, "repl");
      return { name: a.name, value: assigned.result, type: assigned.type };
    });
  },

  async threads(req, ctx) {
    const s = ctx.registry.get(req.session);
    return { threads: await s.enqueue(() => s.threads()) };
  },

  async thread(req, ctx) {
    const s = ctx.registry.get(req.session);
    const a = args(v.object({ id: v.optional(int) }), req);
    return s.enqueue(async () => {
      if (a.id !== undefined) await s.selectThread(a.id);
      return { threadId: s.currentThreadId, threads: await s.threads() };
    });
  },

  async output(req, ctx, stream) {
    const s = ctx.registry.get(req.session);
    const a = args(
      v.object({
        tail: v.optional(v.pipe(int, v.minValue(0))),
        since: v.optional(v.pipe(int, v.minValue(0))),
        clear: optBool,
        stdout: optBool,
        stderr: optBool,
        console: optBool,
        follow: optBool,
        timeout: v.optional(v.pipe(v.number(), v.minValue(0)), 0),
      }),
      req,
    );
    let cats: Set<OutputCategory> | undefined;
    if (a.stdout || a.stderr || a.console) {
      cats = new Set();
      if (a.stdout) cats.add("stdout");
      if (a.stderr) cats.add("stderr");
      if (a.console) cats.add("console");
    }
    const read = s.output.read(a.since ?? 0, cats);
    let text = joinText(read.chunks);
    if (a.tail !== undefined) text = tailLines(text, a.tail);
    if (a.clear) s.output.clear();
    if (!a.follow || !stream) return { text, dropped: read.dropped, cursor: read.cursor, state: s.state };
    stream.emit({ text, dropped: read.dropped, cursor: read.cursor, state: s.state });
    return follow(s, stream, read.cursor, cats, a.timeout);
  },

  async events(req, ctx) {
    const s = ctx.registry.get(req.session);
    const a = args(v.object({ limit: v.optional(posInt, 20) }), req);
    return { events: s.history.slice(-a.limit) };
  },
};

/**
 * `output --follow`: one reply per batch of new output until the session ends, the client goes
 * away, or `timeout` seconds pass (0: no limit). The last reply says why it stopped.
 */
async function follow(s: Session, stream: ReplyStream, cursor: number, cats: Set<OutputCategory> | undefined, timeout: number) {
  let wake: () => void = () => {};
  const off = s.output.onPush(() => wake());
  const deadline = timeout > 0 ? Date.now() + timeout * 1000 : Infinity;
  let gone = false;
  void stream.closed.then(() => {
    gone = true;
    wake();
  });
  try {
    for (;;) {
      // Woken by new output, by the client leaving, or every 250 ms to notice the session's end.
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, Math.min(250, Math.max(0, deadline - Date.now())));
      });
      const read = s.output.read(cursor, cats);
      if (read.chunks.length || read.dropped) {
        cursor = read.cursor;
        stream.emit({ text: joinText(read.chunks), dropped: read.dropped, cursor, state: s.state });
      } else cursor = read.cursor;
      const why = gone ? "client gone" : !s.live ? `session ${s.state}` : Date.now() >= deadline ? "timeout" : undefined;
      if (why) return { text: "", dropped: 0, cursor, state: s.state, done: why };
    }
  } finally {
    off();
  }
}

async function setEnabled(req: Request, ctx: DaemonContext, enabled: boolean) {
  const s = ctx.registry.get(req.session);
  const a = args(v.object({ ids: v.pipe(v.array(posInt), v.minLength(1, "give at least one breakpoint id")) }), req);
  for (const id of a.ids) if (!s.breakpoints.get(id)) throw s.noBreakpoint(id);
  await s.enqueue(async () => {
    for (const id of a.ids) await s.setEnabled(id, enabled);
  });
  return { breakpoints: s.breakpointViews() };
}

async function moveFrame(req: Request, ctx: DaemonContext, dir: 1 | -1) {
  const s = ctx.registry.get(req.session);
  const a = args(v.object({ count: v.optional(posInt, 1) }), req);
  return s.enqueue(async () => {
    await s.selectFrame(s.currentFrame + dir * a.count);
    return contextOf(s, s.sourceLines);
  });
}

async function scopeVars(req: Request, ctx: DaemonContext, which: "locals" | "arguments") {
  const s = ctx.registry.get(req.session);
  const a = args(v.object({ depth: v.optional(v.pipe(int, v.minValue(0), v.maxValue(5)), 0) }), req);
  return s.enqueue(async () => {
    const { frame, index } = await s.selectedFrame();
    const vars = await s.scopeVariables(frame.id, which);
    if (which === "arguments" && vars.length === 0) {
      const { scopes } = await s.requireStopped().request("scopes", { frameId: frame.id });
      if (!scopes.some((x) => x.presentationHint === "arguments" || /^arg/i.test(x.name))) {
        throw new DebuggerError("UNSUPPORTED", `${s.adapter.name} has no Arguments scope (scopes: ${scopes.map((x) => x.name).join(", ")})`, "`debugger locals` shows the frame's variables, arguments included");
      }
    }
    const expanded = a.depth > 0 ? await Promise.all(vars.map(async (x) => (x.reference > 0 ? { ...x, children: await s.variables(x.reference, a.depth - 1) } : x))) : vars;
    const cut = truncateVariables(expanded, { ...s.limits, maxLocals: 500 });
    return { frameIndex: index, frame: functionName(frame.name), variables: cut.variables, ...(cut.note ? { truncated: [cut.note] } : {}) };
  });
}

export async function handle(req: Request, ctx: DaemonContext, stream?: ReplyStream): Promise<unknown> {
  const h = isCommand(req.command) ? handlers[req.command] : undefined;
  if (!h) throw new DebuggerError("UNKNOWN_COMMAND", `the daemon does not know the command '${req.command}'`, "`debugger --help` lists the commands; a CLI and daemon of different versions? `debugger daemon stop`");
  return h({ ...req, args: parseArgs(req.command as CommandName, req.args) as Record<string, unknown> }, ctx, stream);
}

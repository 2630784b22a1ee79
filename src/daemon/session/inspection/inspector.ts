// What a stopped program shows: its threads, their stacks and the selection (thread and frame) the
// other commands read in, with `context` and `list` around it. The parts that read values
// (valueInspector.ts), talk to the debugger's console (debuggerConsole.ts) and read the machine
// (machine.ts) work in that selection. Public methods run through the session's queue; the `…Now`
// methods are for work already inside it and take the queue's token (InQueue).
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import { DebuggerError } from "../../../common/errors.ts";
import type { ContextData, HangReport, ListData, PrintResult, Replies, ThreadStack, ThreadView, ValueData } from "../../../ipc/commands.ts";
import type { FrameView, VariableView } from "../../../ipc/types.ts";
import { readLines, sourceWindow } from "./sourceWindow.ts";
import { truncateValue, truncateVariables } from "../values/truncate.ts";
import { DebuggerConsole } from "./debuggerConsole.ts";
import type { SessionCore } from "../facts.ts";
import { Machine } from "./machine.ts";
import type { MemoryFormat } from "../../../common/memoryFormat.ts";
import type { InQueue, Queue } from "../core/queue.ts";
import { listing, type ListContext, type ListTarget } from "./sourceList.ts";
import { frameView, functionName } from "./frameView.ts";
import { isUserFrame } from "./userCode.ts";
import { ValueInspector } from "./valueInspector.ts";
import type { AdapterSpec, RuntimeWaits } from "../../../adapters/types.ts";
import { cWaits } from "../../../adapters/cWaits.ts";
import { firstArgument, hangReport, type ThreadRead } from "./waits.ts";
import type { Format } from "../values/values.ts";
import type { StopReader } from "./stopReader.ts";

/** `threads` reads the frames of at most this many threads, */
const MAX_THREAD_FRAMES = 50;
/** down to this depth for the first frame in the user's code (as `backtrace --all`). */
const USER_FRAME_DEPTH = 20;
/** The hang report reads the stacks of at most this many threads, and the locals of this many groups. */
const MAX_HANG_THREADS = 2000;
const MAX_HANG_LOCALS = 12;
/** A local in the hang report is cut at this length (the full value is one `print` away). */
const HANG_VALUE_LENGTH = 120;

export class Inspector {
  currentThreadId: number | undefined;
  currentFrame = 0;
  /**
   * The stopped thread's frames; `whole`: the adapter gave fewer than asked, so this is the whole
   * stack, as long as nothing but reads was sent since (`changes`: DapClient's count then).
   */
  private framesCache: { threadId: number; frames: P.StackFrame[]; whole: boolean; changes: number } | undefined;
  /** The file `list` showed last, for `list 40` with nothing stopped. */
  private lastListed: string | undefined;
  readonly reader: ValueInspector;
  readonly console: DebuggerConsole;
  readonly machine: Machine;
  /** What the stop pipeline reads at a stop: threads and frames here, values from the reader, raw commands from the console. */
  readonly stopReader: StopReader;

  constructor(
    private readonly session: SessionCore,
    private readonly queue: Queue,
  ) {
    this.console = new DebuggerConsole(session, this, queue);
    this.reader = new ValueInspector(session, this, this.console, queue);
    this.machine = new Machine(session, this, this.reader, queue);
    const { reader, console } = this;
    this.stopReader = {
      defaultThread: () => this.defaultThread(),
      framesNow: (q, threadId, levels) => this.framesNow(q, threadId, levels),
      evaluateNow: (q, ...a) => reader.evaluateNow(q, ...a),
      scopeVariablesNow: (q, frameId, which) => reader.scopeVariablesNow(q, frameId, which),
      displaysNow: (q, items, frameId, maxLength) => reader.displaysNow(q, items, frameId, maxLength),
      rawNow: (q, command) => console.rawNow(q, command),
    };
  }

  /** What a stop report chose to show (the stop pipeline selects it when it publishes the report). */
  select(s: { threadId?: number; frameIndex: number }): void {
    if (s.threadId !== undefined) this.currentThreadId = s.threadId;
    this.currentFrame = s.frameIndex;
  }

  /** The program ran: frame ids and the selection are no longer valid. */
  invalidate(threadId?: number): void {
    this.framesCache = undefined;
    this.currentFrame = 0;
    if (threadId !== undefined) this.currentThreadId = threadId;
  }

  // ---- queued operations ----------------------------------------------------------------

  threads(): Promise<ThreadView[]> {
    return this.queue((q) => this.threadsNow(q));
  }

  /**
   * `threads`: each thread's state and, when stopped, where it is in the user's code (the first
   * frame of the user's, as `backtrace --all` shows it, with its number when it is not the top
   * one, and the function on top where the thread waits in a library). One `stackTrace` per
   * thread, asked at once, for the first MAX_THREAD_FRAMES threads (none for the thread whose
   * frames the stop already read).
   */
  threadStates(): Promise<Replies["threads"]> {
    return this.queue(async (q) => {
      const threads = await this.threadsNow(q);
      if (this.session.state !== "stopped") return { threads: threads.map((t) => ({ ...t, state: "running" as const })) };
      const client = this.session.requireStopped();
      const stop = this.session.lastReport;
      const facts = this.session.codeFacts();
      const framed = threads.slice(0, MAX_THREAD_FRAMES);
      // The thread the stop report read keeps its frames until the program runs (framesNow): a
      // single-threaded program's `threads` is then one adapter round trip, not two in a row.
      const cached = this.framesCache?.threadId;
      const stacks = await Promise.all(
        framed.map((t) =>
          (t.id === cached
            ? this.framesNow(q, t.id, USER_FRAME_DEPTH)
            : client.request("stackTrace", { threadId: t.id, startFrame: 0, levels: USER_FRAME_DEPTH }).then((r) => r.stackFrames)
          ).then(
            (frames) => frames.map((f) => frameView(f, this.session.adapter)),
            () => [],
          ),
        ),
      );
      const out: ThreadView[] = threads.map((t, i) => {
        const frames = stacks[i] ?? [];
        const index = Math.max(
          0,
          frames.findIndex((f) => isUserFrame(f, facts)),
        );
        const shown = frames[index];
        const { id: _id, column: _c, ...frame } = shown ?? ({} as Partial<FrameView>);
        return {
          ...t,
          state: "stopped",
          ...(stop?.threadId === t.id ? { reason: stop.reason } : {}),
          ...(shown ? { frame } : {}),
          ...(index > 0 ? { frameIndex: index, top: frames[0]!.function } : {}),
        };
      });
      const cut = threads.length - framed.length;
      return {
        threads: out,
        ...(cut > 0 ? { truncated: [`frames of the first ${MAX_THREAD_FRAMES} threads only; ${cut} more without (\`debugger backtrace --thread ID\`)`] } : {}),
      };
    });
  }

  selectThread(id: number): Promise<void> {
    return this.queue((q) => this.selectThreadNow(q, id));
  }

  /** `thread ID`: that thread, selected at its first frame in the user's code (as a stop report picks it), with source and locals. */
  showThread(id: number): Promise<ContextData> {
    return this.queue(async (q) => {
      await this.selectThreadNow(q, id);
      const frames = (await this.framesNow(q, id)).map((f) => frameView(f, this.session.adapter));
      const facts = this.session.codeFacts();
      const index =
        frames[0] && !isUserFrame(frames[0], facts)
          ? Math.max(
              0,
              frames.findIndex((f) => isUserFrame(f, facts)),
            )
          : 0;
      if (index > 0) await this.selectFrameNow(q, index);
      return this.contextNow(q, this.session.sourceLines);
    });
  }

  context(lines = this.session.sourceLines): Promise<ContextData> {
    return this.queue((q) => this.contextNow(q, lines));
  }

  /** `frame N`: select (when given) and show. */
  frame(index?: number, threadId?: number): Promise<ContextData> {
    return this.queue(async (q) => {
      if (threadId !== undefined) await this.selectThreadNow(q, threadId);
      if (index !== undefined) await this.selectFrameNow(q, index);
      return this.contextNow(q, this.session.sourceLines);
    });
  }

  /** `up` / `down`. */
  move(by: number): Promise<ContextData> {
    return this.queue(async (q) => {
      await this.selectFrameNow(q, this.currentFrame + by);
      return this.contextNow(q, this.session.sourceLines);
    });
  }

  backtrace(o: { limit: number; locals?: boolean; thread?: number }): Promise<Replies["backtrace"]> {
    return this.queue(async (q) => {
      this.session.requireStopped();
      const threadId = o.thread ?? this.currentThreadId ?? (await this.defaultThread());
      if (o.thread !== undefined) await this.requireThread(q, o.thread);
      const frames = await this.frameViewsNow(q, threadId, o.limit);
      const out: Replies["backtrace"]["frames"] = [];
      for (const f of frames) {
        const { id, ...view } = f;
        const entry: Replies["backtrace"]["frames"][number] = { ...view, current: f.index === this.currentFrame && threadId === this.currentThreadId };
        if (o.locals && id !== undefined) entry.locals = truncateVariables(await this.reader.scopeVariablesNow(q, id, "locals"), this.session.limits).variables;
        out.push(entry);
      }
      return { threadId, frames: out };
    });
  }

  /** Every thread with its top frames and the first frame in the user's code (`backtrace --all`). */
  allThreads(limit: number): Promise<ThreadStack[]> {
    return this.queue(async (_q) => {
      const client = this.session.requireStopped();
      const { threads } = await client.request("threads", undefined);
      const out: ThreadStack[] = [];
      for (const t of threads) {
        let frames: Omit<FrameView, "id">[] = [];
        try {
          const res = await client.request("stackTrace", { threadId: t.id, startFrame: 0, levels: Math.max(limit, 20) });
          frames = res.stackFrames.map((f, index) => {
            const { id: _id, ...view } = frameView(f, this.session.adapter);
            return { index, ...view };
          });
        } catch {}
        const facts = this.session.codeFacts();
        const user = frames.find((f) => isUserFrame(f, facts));
        out.push({ id: t.id, name: t.name, current: t.id === this.currentThreadId, frames: frames.slice(0, limit), ...(user ? { userFrame: user } : {}) });
      }
      return out;
    });
  }

  /**
   * The hang report (`pause` on a program with threads): every thread's stack to its first frame in
   * the user's code, what it waits on there, and that frame's locals for the first thread of each
   * group. While the program runs (a debugpy pause that no thread reached), stacks only.
   */
  hang(): Promise<HangReport> {
    return this.queue(async (q) => {
      const client = this.session.requireLive();
      const stopped = this.session.state === "stopped";
      const waits = this.session.adapter.waits ?? cWaits;
      const { threads: all } = await client.request("threads", undefined);
      const threads = all.slice(0, stopped ? MAX_HANG_THREADS : (waits.runningThreads ?? MAX_HANG_THREADS));
      const facts = this.session.codeFacts();
      const stacks = await Promise.all(
        threads.map((t) =>
          client.request("stackTrace", { threadId: t.id, startFrame: 0, levels: 24 }).then(
            (r) => r.stackFrames,
            () => [] as P.StackFrame[],
          ),
        ),
      );
      const read: (ThreadRead & { frameId?: number })[] = [];
      for (const [i, t] of threads.entries()) {
        const frames = stacks[i]!.map((f, index) => ({ index, ...frameView(f, this.session.adapter) }));
        const u = frames.findIndex((f) => isUserFrame(f, facts));
        const user = u >= 0 ? frames[u]! : undefined;
        const text = user?.file && user.line ? (await readLines(user.file))?.[user.line - 1]?.trim() : undefined;
        read.push({
          id: t.id,
          name: t.name,
          current: t.id === this.currentThreadId,
          frames: frames.map(({ id: _id, ...f }) => f),
          ...(u >= 0 ? { userIndex: u, frameId: user!.id } : {}),
          ...(text !== undefined ? { text } : {}),
        });
      }
      const report = hangReport(waits, read, !stopped);
      // The locals of each group's first thread, at its frame of the user's (frame ids are valid while stopped).
      if (stopped) {
        for (const g of report.groups.slice(0, MAX_HANG_LOCALS)) {
          const frameId = read.find((t) => t.id === g.threads[0])?.frameId;
          if (frameId === undefined) continue;
          let vars = await this.reader.scopeVariablesNow(q, frameId, "locals").catch(() => undefined);
          // Where the adapter's `variables` fails there, its console may read them (AdapterSpec.consoleLocals).
          if (!vars && this.session.adapter.consoleLocals)
            vars = await this.consoleLocalsNow(q, this.session.adapter.consoleLocals, g.threads[0]!, g.frame.index);
          if (vars) g.locals = vars.slice(0, this.session.limits.maxLocals).map((v) => ({ ...v, value: truncateValue(v.value, HANG_VALUE_LENGTH).value }));
        }
      }
      if (stopped && waits.lockOwner)
        await this.mutexOwnersNow(
          q,
          waits.lockOwner,
          report,
          read,
          all.map((t) => t.id),
        );
      const truncated: string[] = [];
      if (all.length > threads.length)
        truncated.push(`stacks of the first ${threads.length} threads only; ${all.length - threads.length} more not read, and not counted as waiting`);
      if (stopped && report.groups.length > MAX_HANG_LOCALS)
        truncated.push(`locals of the first ${MAX_HANG_LOCALS} groups only (\`debugger frame N --thread ID\` for the others)`);
      if (report.groups.some((g) => g.locals?.some((v) => v.value.endsWith("…"))))
        truncated.push(`values cut at ${HANG_VALUE_LENGTH} characters (\`debugger print NAME\` after \`debugger frame N --thread ID\`)`);
      return { ...report, ...(stopped ? {} : { notStopped: true }), ...(truncated.length ? { truncated } : {}) };
    });
  }

  /** A frame's arguments and locals as the debugger's console prints them (AdapterSpec.consoleLocals). */
  private async consoleLocalsNow(
    q: InQueue,
    spec: NonNullable<AdapterSpec["consoleLocals"]>,
    thread: number,
    level: number,
  ): Promise<VariableView[] | undefined> {
    const text: string[] = [];
    for (const command of spec.commands(thread, level)) {
      const r = await this.console.rawNow(q, command).catch(() => undefined);
      if (r) text.push(r.result);
    }
    const vars: VariableView[] = spec.parse(text.join("\n")).map((v) => ({ ...v, reference: 0 }));
    return vars.length ? vars : undefined;
  }

  /**
   * Who holds the lock each waiter asks for, read through the call's argument in the waiter's frame
   * (RuntimeWaits.lockOwner: glibc's mutex). The debugger's thread for it: the kernel id itself, or
   * from its console (AdapterSpec.threadsByLwp: gdb). Anything that does not read (another C
   * library, an argument spread over lines) adds nothing.
   */
  private async mutexOwnersNow(
    q: InQueue,
    owner: NonNullable<RuntimeWaits["lockOwner"]>,
    report: HangReport,
    read: { id: number; frameId?: number }[],
    ids: number[],
  ): Promise<void> {
    let byLwp: Map<number, number> | undefined;
    for (const g of report.groups) {
      if (g.waits !== owner.waits || g.text === undefined) continue;
      const arg = firstArgument(g.text, owner.call);
      const frameId = read.find((t) => t.id === g.threads[0])?.frameId;
      if (!arg || frameId === undefined) continue;
      const r = await this.reader.evaluateNow(q, owner.expression(arg), this.session.adapter.printContext, undefined, frameId).catch(() => undefined);
      const lwp = r && /^\d+$/.test(r.result.trim()) ? Number(r.result.trim()) : 0;
      if (!lwp) continue;
      const lwps = this.session.adapter.threadsByLwp;
      let thread = ids.includes(lwp) && !lwps ? lwp : undefined;
      if (thread === undefined && lwps) {
        byLwp ??= lwps.parse(
          await this.console.rawNow(q, lwps.command).then(
            (x) => x.result,
            () => "",
          ),
        );
        thread = byLwp.get(lwp);
      }
      g.heldBy = { lwp, ...(thread !== undefined ? { thread } : {}) };
    }
  }

  /** `list`: source around the current line, a line, a range, a file or a function. */
  list(target: ListTarget, around: number, where: { cwd: string; program?: string }): Promise<ListData> {
    return this.queue(async (q) => {
      const state = this.session.state;
      let here: ListContext["here"];
      if (state === "stopped") {
        const { frame } = await this.selectedFrameNow(q);
        const src = frame.source;
        const ref = src?.sourceReference;
        // A source without a file (generated code, a module from a zip): the adapter's `source` request.
        const read = ref
          ? () =>
              this.session
                .requireLive()
                .request("source", { source: src, sourceReference: ref })
                .then(
                  (b) => b?.content,
                  () => undefined,
                )
          : undefined;
        here = { path: src?.path, name: src?.name, line: frame.line, read };
      }
      const how = this.session.adapter.functionSource;
      const live = state === "stopped" || state === "running";
      const locateFunction = how && live ? async (name: string) => how.parse((await this.console.rawNow(q, how.command(name))).result) : undefined;
      const data = await listing(target, around, {
        ...where,
        adapter: this.session.adapter,
        here,
        lastFile: this.lastListed,
        locateFunction,
        readLines: this.session.readSource ?? readLines,
      });
      if (!data.via) this.lastListed = data.file;
      return data;
    });
  }

  // What the parts answer, under the names the handlers call.
  variables(which: "locals" | "arguments", depth: number, all = false): Promise<Replies["locals"]> {
    return this.reader.variables(which, depth, all);
  }

  scoped(scope: string, depth: number, all: boolean): Promise<Replies["locals"]> {
    return this.reader.scoped(scope, depth, all);
  }

  value(expression: string, context: "print" | "eval", format: Format | undefined, depth: number | undefined, frame?: number): Promise<ValueData> {
    return this.reader.value(expression, context, format, depth, frame);
  }

  values(expressions: string[], format: Format | undefined, frame?: number): Promise<PrintResult[]> {
    return this.reader.values(expressions, format, frame);
  }

  set(name: string, value: string): Promise<Replies["set"]> {
    return this.reader.set(name, value);
  }

  raw(command: string): Promise<Replies["raw"]> {
    return this.console.raw(command);
  }

  registers(names: string[], all: boolean): Promise<Replies["registers"]> {
    return this.machine.registers(names, all);
  }

  readMemory(location: string, count: number, format?: MemoryFormat): Promise<Replies["memory.read"]> {
    return this.machine.readMemory(location, count, format);
  }

  disassemble(address: string | undefined, count: number | undefined, withSource = false, fn?: boolean | string): Promise<Replies["disassemble"]> {
    return this.machine.disassemble(address, count, withSource, fn);
  }

  // ---- inside the queue -----------------------------------------------------------------

  /** The first thread. Needs no queue (one `threads` request, nothing shared): `pause` asks it while a request holds the queue. */
  async defaultThread(): Promise<number> {
    const res = await this.session.requireLive().request("threads", undefined);
    const first = res.threads[0];
    if (!first) throw new DebuggerError("NO_THREAD", "the program has no threads", "is it still running? `debugger status`");
    return first.id;
  }

  async threadsNow(_q: InQueue): Promise<ThreadView[]> {
    const res = await this.session.requireLive().request("threads", undefined);
    return res.threads.map((t) => ({ id: t.id, name: t.name, current: t.id === this.currentThreadId }));
  }

  private async requireThread(q: InQueue, id: number): Promise<void> {
    const threads = await this.threadsNow(q);
    if (!threads.some((t) => t.id === id)) {
      throw new DebuggerError("NO_THREAD", `no thread ${id}`, `threads: ${threads.map((t) => t.id).join(", ")} (\`debugger threads\`)`);
    }
  }

  async selectThreadNow(q: InQueue, id: number): Promise<void> {
    await this.requireThread(q, id);
    this.currentThreadId = id;
    this.currentFrame = 0;
    this.framesCache = undefined;
  }

  async framesNow(_q: InQueue, threadId: number, levels = 64): Promise<P.StackFrame[]> {
    // A stack shorter than asked is the whole stack: asking again would get the same frames (a
    // second round trip in every stop report of a short stack).
    const client = this.session.requireLive();
    const cached = this.framesCache;
    if (cached?.threadId === threadId && ((cached.whole && cached.changes === client.changes) || cached.frames.length >= Math.min(levels, 64)))
      return cached.frames.slice(0, levels);
    const asked = Math.max(levels, 64);
    const res = await client.request("stackTrace", { threadId, startFrame: 0, levels: asked });
    this.framesCache = {
      threadId,
      frames: res.stackFrames,
      whole: res.stackFrames.length < asked && !(res.totalFrames! > res.stackFrames.length),
      changes: client.changes,
    };
    return res.stackFrames.slice(0, levels);
  }

  async frameViewsNow(q: InQueue, threadId: number, limit: number): Promise<FrameView[]> {
    const frames = await this.framesNow(q, threadId, limit);
    return frames.map((f, index) => ({ index, ...frameView(f, this.session.adapter) }));
  }

  async selectedFrameNow(q: InQueue): Promise<{ frame: P.StackFrame; index: number; threadId: number }> {
    this.session.requireStopped();
    const threadId = this.currentThreadId ?? (await this.defaultThread());
    const frames = await this.framesNow(q, threadId);
    const frame = frames[this.currentFrame];
    if (!frame) throw new DebuggerError("NO_FRAME", `thread ${threadId} has no frame ${this.currentFrame}`, "`debugger backtrace` lists the frames");
    return { frame, index: this.currentFrame, threadId };
  }

  async selectFrameNow(q: InQueue, index: number): Promise<void> {
    this.session.requireStopped();
    const threadId = this.currentThreadId ?? (await this.defaultThread());
    const frames = await this.framesNow(q, threadId, index + 1);
    if (index < 0 || index >= frames.length) {
      throw new DebuggerError(
        "NO_FRAME",
        `no frame ${index}: thread ${threadId} has ${frames.length} frame${frames.length === 1 ? "" : "s"}`,
        "`debugger backtrace` lists the frames",
      );
    }
    this.currentFrame = index;
  }

  async borrowFrameNow(q: InQueue, index: number): Promise<() => void> {
    const was = this.currentFrame;
    await this.selectFrameNow(q, index);
    return () => {
      this.currentFrame = was;
    };
  }

  async contextNow(q: InQueue, lines: number): Promise<ContextData> {
    const { frame, index, threadId } = await this.selectedFrameNow(q);
    const file = frame.source?.path;
    const source = await sourceWindow(file, frame.line, lines, lines, this.session.readSource);
    const cut = truncateVariables(await this.reader.scopeVariablesNow(q, frame.id, "locals"), this.session.limits);
    const last = this.session.lastReport;
    return {
      state: this.session.state,
      threadId,
      frameIndex: index,
      // The last stop's reason and breakpoints belong to the thread and frame it named.
      reason: last?.threadId === undefined || last.threadId === threadId ? last?.reason : undefined,
      breakpointIds: index === (last?.frameIndex ?? 0) && (last?.threadId === undefined || last.threadId === threadId) ? (last?.breakpointIds ?? []) : [],
      frame: { function: functionName(frame.name, this.session.adapter), file, line: frame.line, column: frame.column },
      source,
      locals: cut.variables,
      ...(cut.note ? { truncated: [cut.note] } : {}),
    };
  }
}

// Everything that reads a stopped program: threads, frames and the selection, scopes, variables,
// evaluate, set, registers, memory and disassembly. Public methods run through the session's queue;
// the `…Now` methods are for work already inside it and take the queue's token (InQueue).
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import type { AdapterSpec, FoundAdapter } from "../../adapters/types.ts";
import { DebuggerError } from "../../common/errors.ts";
import type { DapClient } from "../../dap/client.ts";
import type { ContextData, ListData, PrintResult, Replies, ThreadStack, ThreadView, ValueData } from "../../ipc/commands.ts";
import type { DisplayValue, FrameView, SessionState, StopReport, VariableView } from "../../ipc/types.ts";
import { sourceWindow } from "../sourceWindow.ts";
import { truncateValue, truncateVariables, type DisplayLimits } from "../truncate.ts";
import { frameView, functionName } from "./stopReport.ts";
import { isUserFrame, type CodeFacts } from "./userCode.ts";
import { memoryLines, type MemoryFormat } from "../../common/memoryFormat.ts";
import { readLines } from "../sourceWindow.ts";
import { listing, type ListContext, type ListTarget } from "./sourceList.ts";
import { checkedCount, oneLevelDown, type ValueReader } from "./oneLevelDown.ts";
import type { InQueue, Queue } from "./queue.ts";
import { byteOf, byteValue, compactValue, containerSize, isByteArray, isCharArrayShownAsSize, isStringLike, quoteBytes, shortType } from "./values.ts";

/** What the inspector needs from the session that owns it. */
export interface InspectorHost {
  readonly name: string;
  readonly adapter: AdapterSpec;
  readonly capabilities: P.Capabilities;
  readonly state: SessionState;
  readonly limits: DisplayLimits;
  readonly sourceLines: number;
  readonly lastReport: StopReport | undefined;
  readonly foundAdapter: FoundAdapter | undefined;
  requireLive(): DapClient;
  requireStopped(): DapClient;
  captureOutput<T>(fn: () => Promise<T>): Promise<{ value: T; text: string }>;
  /** What tells the user's code from libraries' here (userCode.ts). */
  codeFacts(): CodeFacts;
}

/** `threads` asks the top frame of at most this many threads. */
const MAX_THREAD_FRAMES = 50;

export type Format = "hex" | "bin" | "oct" | "dec" | "char" | "address";

/** A value line that says nothing of the value: LLDB's `Item @ 0x…`, gdb's `{...}` and `[16]`, a size alone, nothing. */
const OPAQUE_VALUE = / @ 0x[0-9a-f]+$|^\{\.\.\.\}$|^\[\d+\]$|^size=\d+$|^$/i;

/** How debuggers spell a null pointer's value. */
const NULL_POINTER = /^(?:0x0+|nil|nullptr|NULL)$/;

export class Inspector {
  currentThreadId: number | undefined;
  currentFrame = 0;
  private framesCache: { threadId: number; frames: P.StackFrame[] } | undefined;
  /** The file `list` showed last, for `list 40` with nothing stopped. */
  private lastListed: string | undefined;
  /** `locals --all`: the adapter's grouping rows too (set only inside one queued operation). */
  private showHidden = false;

  constructor(
    private readonly host: InspectorHost,
    private readonly queue: Queue,
  ) {}

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
   * `threads`: each thread's state and, when stopped, its top frame (one `stackTrace` of one level
   * per thread, asked at once, for the first MAX_THREAD_FRAMES threads).
   */
  threadStates(): Promise<Replies["threads"]> {
    return this.queue(async (q) => {
      const threads = await this.threadsNow(q);
      if (this.host.state !== "stopped") return { threads: threads.map((t) => ({ ...t, state: "running" as const })) };
      const client = this.host.requireStopped();
      const stop = this.host.lastReport;
      const framed = threads.slice(0, MAX_THREAD_FRAMES);
      const tops = await Promise.all(
        framed.map((t) =>
          client.request("stackTrace", { threadId: t.id, startFrame: 0, levels: 1 }).then(
            (r) => r.stackFrames[0],
            () => undefined,
          ),
        ),
      );
      const out: ThreadView[] = threads.map((t, i) => {
        const top = tops[i];
        const { id: _id, column: _c, ...frame } = top ? frameView(top) : ({} as Partial<FrameView>);
        return { ...t, state: "stopped", ...(stop?.threadId === t.id ? { reason: stop.reason } : {}), ...(top ? { frame } : {}) };
      });
      const cut = threads.length - framed.length;
      return { threads: out, ...(cut > 0 ? { truncated: [`frames of the first ${MAX_THREAD_FRAMES} threads only; ${cut} more without (\`debugger backtrace --thread ID\`)`] } : {}) };
    });
  }

  selectThread(id: number): Promise<void> {
    return this.queue((q) => this.selectThreadNow(q, id));
  }

  /** `thread ID`: that thread, selected at its first frame in the user's code (as a stop report picks it), with source and locals. */
  showThread(id: number): Promise<ContextData> {
    return this.queue(async (q) => {
      await this.selectThreadNow(q, id);
      const frames = (await this.framesNow(q, id)).map(frameView);
      const facts = this.host.codeFacts();
      const index = frames[0] && !isUserFrame(frames[0], facts) ? Math.max(0, frames.findIndex((f) => isUserFrame(f, facts))) : 0;
      if (index > 0) await this.selectFrameNow(q, index);
      return this.contextNow(q, this.host.sourceLines);
    });
  }

  context(lines = this.host.sourceLines): Promise<ContextData> {
    return this.queue((q) => this.contextNow(q, lines));
  }

  /** `frame N`: select (when given) and show. */
  frame(index?: number, threadId?: number): Promise<ContextData> {
    return this.queue(async (q) => {
      if (threadId !== undefined) await this.selectThreadNow(q, threadId);
      if (index !== undefined) await this.selectFrameNow(q, index);
      return this.contextNow(q, this.host.sourceLines);
    });
  }

  /** `up` / `down`. */
  move(by: number): Promise<ContextData> {
    return this.queue(async (q) => {
      await this.selectFrameNow(q, this.currentFrame + by);
      return this.contextNow(q, this.host.sourceLines);
    });
  }

  backtrace(o: { limit: number; locals?: boolean; thread?: number }): Promise<Replies["backtrace"]> {
    return this.queue(async (q) => {
      this.host.requireStopped();
      const threadId = o.thread ?? this.currentThreadId ?? (await this.defaultThread());
      if (o.thread !== undefined) await this.requireThread(q, o.thread);
      const frames = await this.frameViewsNow(q, threadId, o.limit);
      const out: Replies["backtrace"]["frames"] = [];
      for (const f of frames) {
        const { id, ...view } = f;
        const entry: Replies["backtrace"]["frames"][number] = { ...view, current: f.index === this.currentFrame && threadId === this.currentThreadId };
        if (o.locals && id !== undefined) entry.locals = truncateVariables(await this.scopeVariablesNow(q, id, "locals"), this.host.limits).variables;
        out.push(entry);
      }
      return { threadId, frames: out };
    });
  }

  /** Every thread with its top frames and the first frame in the user's code (`backtrace --all`). */
  allThreads(limit: number): Promise<ThreadStack[]> {
    return this.queue(async (q) => {
      const client = this.host.requireStopped();
      const { threads } = await client.request("threads", undefined);
      const out: ThreadStack[] = [];
      for (const t of threads) {
        let frames: Omit<FrameView, "id">[] = [];
        try {
          const res = await client.request("stackTrace", { threadId: t.id, startFrame: 0, levels: Math.max(limit, 20) });
          frames = res.stackFrames.map((f, index) => {
            const { id: _id, ...view } = frameView(f);
            return { index, ...view };
          });
        } catch {}
        const facts = this.host.codeFacts();
        const user = frames.find((f) => isUserFrame(f, facts));
        out.push({ id: t.id, name: t.name, current: t.id === this.currentThreadId, frames: frames.slice(0, limit), ...(user ? { userFrame: user } : {}) });
      }
      return out;
    });
  }

  variables(which: "locals" | "arguments", depth: number, all = false): Promise<Replies["locals"]> {
    return this.queue(async (q) => {
      const { frame, index } = await this.selectedFrameNow(q);
      this.showHidden = all;
      let vars = await this.scopeVariablesNow(q, frame.id, which).finally(() => (this.showHidden = false));
      if (which === "arguments" && vars.length === 0) {
        const { scopes } = await this.host.requireStopped().request("scopes", { frameId: frame.id });
        if (!scopes.some(isArgumentsScope)) {
          // The locals scope holds the arguments too: the debugger's own command names them.
          const named = this.host.adapter.argumentNames;
          if (!named) throw new DebuggerError("UNSUPPORTED", `${this.host.adapter.name} does not tell arguments from locals (scopes: ${scopes.map((x) => x.name).join(", ")})`, "`debugger locals` shows the frame's variables, arguments included");
          const names = named.parse((await this.rawNow(q, named.command)).result);
          const locals = await this.scopeVariablesNow(q, frame.id, "locals");
          vars = names.flatMap((n) => locals.filter((v) => v.name === n).slice(0, 1));
        }
      }
      const expanded = depth > 0 ? await Promise.all(vars.map(async (x) => (x.reference > 0 ? { ...x, children: await this.variablesNow(q, x.reference, depth - 1) } : x))) : vars;
      const cut = truncateVariables(expanded, { ...this.host.limits, maxLocals: 500 });
      return { frameIndex: index, frame: functionName(frame.name), variables: cut.variables, ...(cut.note ? { truncated: [cut.note] } : {}) };
    });
  }

  /** `print` (the selected frame; the program must be stopped) and `eval` (the console; may run). */
  /** `depth` undefined: one level, unless the value already reads as a string (a `char[32]` would list 32 characters). */
  value(expression: string, context: "print" | "eval", format: Format | undefined, depth: number | undefined): Promise<ValueData> {
    return this.queue(async (q) => {
      if (context === "print") this.host.requireStopped();
      const r = await this.evaluateNow(q, expression, context === "print" ? this.host.adapter.printContext : "repl", format === "hex" ? { hex: true } : undefined);
      const limit = Math.max(this.host.limits.maxValueLength * 20, 4000);
      const full = formatValue(compactValue(r.result, r.type), format);
      const shown = truncateValue(full, limit);
      const truncated: string[] = [];
      if (shown.cut) truncated.push(`result: cut at ${limit} of ${full.length} characters; \`debugger print ${expression} --depth 1\` shows the parts`);
      const frameId = this.host.state === "stopped" ? (await this.selectedFrameNow(q)).frame.id : undefined;
      const head = await this.smartPointerNow(q, await this.consoleValueNow(q, await this.inlineValue(q, { name: expression, type: r.type, value: shown.value, reference: r.variablesReference }, 1, frameId), expression, frameId), expression, frameId);
      depth ??= context === "eval" || isStringLike(head.value) || isByteArray(r.type) ? 0 : 1;
      const data: ValueData = { expression, result: head.value, type: shortType(r.type), reference: r.variablesReference };
      // A null pointer has nothing behind it: its one child would be an error or a type name (gdb: `int`).
      if (r.variablesReference > 0 && depth > 0 && !NULL_POINTER.test(head.value.trim())) {
        const children = await this.variablesNow(q, r.variablesReference, depth - 1);
        data.children = formatTree(children.slice(0, 200), format);
        if (children.length > 200) truncated.push(`children: ${children.length - 200} more not shown`);
      }
      if (truncated.length) data.truncated = truncated;
      return data;
    });
  }

  /** Several expressions in order; each failure is reported in place. */
  values(expressions: string[], format: Format | undefined): Promise<PrintResult[]> {
    return this.queue(async (q) => {
      this.host.requireStopped();
      const out = [];
      for (const expression of expressions) {
        try {
          const r = await this.evaluateNow(q, expression, this.host.adapter.printContext, format === "hex" ? { hex: true } : undefined);
          const shown = await this.presentNow(q, expression, r, format);
          out.push({ expression, result: truncateValue(shown, this.host.limits.maxValueLength * 5).value, type: shortType(r.type), reference: r.variablesReference });
        } catch (e) {
          out.push({ expression, error: (e as Error).message.replace(/^cannot evaluate '[^']*': /, "") });
        }
      }
      return out;
    });
  }

  /** A command for the debugger's own console; one it refuses is EVALUATE_FAILED with its text. */
  raw(command: string): Promise<Replies["raw"]> {
    return this.queue((q) => this.rawNow(q, command));
  }

  async rawNow(q: InQueue, command: string): Promise<Replies["raw"]> {
    const adapter = this.host.adapter;
    const how = adapter.rawCommand?.(command, this.host.foundAdapter);
    // Text that arrives as output can only be told from the program's while the program is stopped.
    const client = how?.textAsOutput ? this.host.requireStopped() : this.host.requireLive();
    const frameId = this.host.state === "stopped" ? (await this.selectedFrameNow(q)).frame.id : undefined;
    const refused = (why: string) => new DebuggerError("EVALUATE_FAILED", `${adapter.name} refused '${command}': ${why}`, RAW_HINT);
    const ask = () => client.request("evaluate", { expression: how?.expression ?? command, frameId, context: "repl" });
    try {
      const { value: r, text } = how?.textAsOutput ? await this.host.captureOutput(ask) : { value: await ask(), text: undefined };
      const result = text ?? r.result;
      const error = adapter.rawError?.(result);
      if (error) throw refused(error);
      return { result, type: r.type, reference: r.variablesReference };
    } catch (e) {
      if (e instanceof DebuggerError && e.code === "ADAPTER_ERROR" && !client.closed) throw refused(evaluateError(e.message));
      throw e;
    }
  }

  set(name: string, value: string): Promise<Replies["set"]> {
    return this.queue(async (q) => {
      const { frame } = await this.selectedFrameNow(q);
      const client = this.host.requireStopped();
      const caps = this.host.capabilities;
      const { scopes } = await client.request("scopes", { frameId: frame.id });
      // What the adapter answers is not always the value (lldb-dap: none for a variable, its
      // console's `(int) $0 = 7` for an expression): the variable is read back.
      const readBack = async (said: { value?: string; type?: string }): Promise<Replies["set"]> => {
        const now = await this.evaluateNow(q, name, this.host.adapter.printContext, undefined).catch(() => undefined);
        if (now) return { name, value: compactValue(now.result, now.type), type: shortType(now.type ?? said.type) };
        return { name, value: said.value ?? value, type: said.type };
      };
      for (const scope of scopes.filter((x) => !x.expensive)) {
        const { variables } = await client.request("variables", { variablesReference: scope.variablesReference });
        if (!variables.some((x) => x.name === name)) continue;
        if (!caps.supportsSetVariable) break;
        const r = await client.request("setVariable", { variablesReference: scope.variablesReference, name, value }).catch((e) => {
          if (!(e instanceof DebuggerError) || e.code !== "ADAPTER_ERROR" || client.closed) throw e;
          const why = /^'setVariable' failed$/.test(e.message) ? "the debugger refused it" : e.message;
          throw new DebuggerError("EVALUATE_FAILED", `cannot set '${name}' to '${value}': ${why}`, `\`debugger print ${name}\` shows its type; a struct is set a field at a time (\`${name}.field\`)`);
        });
        return readBack(r);
      }
      if (caps.supportsSetExpression) {
        return readBack(await client.request("setExpression", { expression: name, value, frameId: frame.id }));
      }
      const assigned = await this.evaluateNow(q, `${name} = ${value}`, "repl");
      return readBack({ value: assigned.result, type: assigned.type });
    });
  }

  registers(names: string[], all: boolean): Promise<Replies["registers"]> {
    return this.queue(async (q) => {
      const { frame, index } = await this.selectedFrameNow(q);
      const { scopes } = await this.host.requireStopped().request("scopes", { frameId: frame.id });
      const scope = scopes.find((x) => x.presentationHint === "registers" || /regist/i.test(x.name));
      if (!scope) throw new DebuggerError("UNSUPPORTED", `${this.host.adapter.name} shows no registers (scopes: ${scopes.map((x) => x.name).join(", ")})`, "`debugger raw` may reach the debugger's own register command");
      // lldb-dap groups registers in sets ("General Purpose Registers", …): flatten them.
      const top = await this.variablesNow(q, scope.variablesReference);
      const groups = top.every((x) => x.reference > 0) ? top : [{ name: scope.name, value: "", reference: 0, children: top }];
      const wanted = new Set(names.map((n) => n.replace(/^\$/, "").toLowerCase()));
      const out: { name: string; value: string; group: string }[] = [];
      for (const [i, g] of groups.entries()) {
        // Without names: the first set (general purpose) only, unless --all.
        if (!wanted.size && !all && i > 0) break;
        const regs = g.children ?? (await this.variablesNow(q, g.reference));
        for (const r of regs) if (!wanted.size || wanted.has(r.name.toLowerCase())) out.push({ name: r.name, value: r.value, group: g.name });
      }
      const missing = [...wanted].filter((n) => !out.some((r) => r.name.toLowerCase() === n));
      if (missing.length) throw new DebuggerError("INVALID_ARGUMENT", `no register ${missing.join(", ")}`, "`debugger registers --all` lists them");
      return { frameIndex: index, registers: out };
    });
  }

  readMemory(location: string, count: number, format: MemoryFormat = "hex"): Promise<Replies["memory.read"]> {
    return this.queue(async (q) => {
      const client = this.host.requireStopped();
      const own = this.host.adapter.memoryCommand;
      if (!this.host.capabilities.supportsReadMemoryRequest && !own) {
        throw new DebuggerError("UNSUPPORTED", `${this.host.adapter.name} cannot read memory (capability supportsReadMemoryRequest)`, "`debugger print` shows values; `debugger raw` may reach the debugger's own command");
      }
      // An address as given, or an expression whose value (`&x`, a pointer) is one.
      let address = /^(0x[0-9a-f]+|\d+)$/i.test(location) ? location : undefined;
      if (!address) {
        const r = await this.evaluateNow(q, location, this.host.adapter.printContext);
        address = r.memoryReference ?? /0x[0-9a-f]+/i.exec(r.result)?.[0];
        if (!address) throw new DebuggerError("INVALID_ARGUMENT", `'${location}' is not an address (it is ${r.result})`, "give an address (0x7ffe…) or a pointer expression such as &x");
      }
      let start: string;
      let bytes: Uint8Array;
      let via: string;
      if (this.host.capabilities.supportsReadMemoryRequest) {
        const body = await client.request("readMemory", { memoryReference: address, count });
        bytes = body?.data ? Buffer.from(body.data, "base64") : new Uint8Array(0);
        start = body?.address ?? address;
        via = "readMemory";
      } else {
        const r = await this.evaluateNow(q, own!.command(address, count), "repl");
        const read = own!.parse(r.result);
        start = read?.address ?? (/^\d+$/.test(address) ? `0x${BigInt(address).toString(16)}` : address);
        bytes = read?.bytes.subarray(0, count) ?? new Uint8Array(0);
        via = own!.via;
      }
      const unreadable = Math.max(0, count - bytes.length);
      return { address: start, count: bytes.length, unreadable, hex: Buffer.from(bytes).toString("hex"), dump: memoryLines(BigInt(start), bytes, format), via };
    });
  }

  /** `list`: source around the current line, a line, a range, a file or a function. */
  list(target: ListTarget, around: number, where: { cwd: string; program?: string }): Promise<ListData> {
    return this.queue(async (q) => {
      const state = this.host.state;
      let here: ListContext["here"];
      if (state === "stopped") {
        const { frame } = await this.selectedFrameNow(q);
        const src = frame.source;
        const ref = src?.sourceReference;
        // A source without a file (generated code, a module from a zip): the adapter's `source` request.
        const read = ref ? () => this.host.requireLive().request("source", { source: src, sourceReference: ref }).then((b) => b?.content, () => undefined) : undefined;
        here = { path: src?.path, name: src?.name, line: frame.line, read };
      }
      const how = this.host.adapter.functionSource;
      const live = state === "stopped" || state === "running";
      const locateFunction = how && live ? async (name: string) => how.parse((await this.rawNow(q, how.command(name))).result) : undefined;
      const data = await listing(target, around, { ...where, adapterName: this.host.adapter.name, here, lastFile: this.lastListed, locateFunction, readLines });
      if (!data.via) this.lastListed = data.file;
      return data;
    });
  }

  disassemble(address: string | undefined, count: number, withSource = false): Promise<Replies["disassemble"]> {
    return this.queue(async (q) => {
      const client = this.host.requireStopped();
      if (!this.host.capabilities.supportsDisassembleRequest) throw new DebuggerError("UNSUPPORTED", `${this.host.adapter.name} does not support disassembly (capability supportsDisassembleRequest)`, "`debugger raw` may reach the debugger's own disassembler");
      const { frame } = await this.selectedFrameNow(q);
      const pc = frame.instructionPointerReference;
      const at = address ?? pc;
      if (!at) throw new DebuggerError("UNSUPPORTED", `${this.host.adapter.name} gave no instruction address for this frame`, "give one: `debugger disassemble 0x401000`");
      if (!/^(0x[0-9a-f]+|\d+)$/i.test(at)) throw new DebuggerError("INVALID_ARGUMENT", `'${at}' is not an address`, "e.g. `debugger disassemble 0x401000`");
      const body = await client.request("disassemble", { memoryReference: at, instructionCount: count, resolveSymbols: true });
      const current = pc ? BigInt(pc) : undefined;
      const instructions = (body?.instructions ?? []).map((i) => ({
        address: i.address,
        instruction: i.instruction.trim().replace(/\s{2,}/g, " "),
        bytes: i.instructionBytes,
        symbol: i.symbol,
        file: i.location?.path,
        line: i.line,
        current: current !== undefined && /^0x[0-9a-f]+$/i.test(i.address) && BigInt(i.address) === current,
      }));
      // The source line above its first instruction (again when the code comes back to it), as gdb's /s.
      if (withSource) {
        let last: string | undefined;
        for (const ins of instructions as Replies["disassemble"]["instructions"]) {
          const key = ins.file && ins.line ? `${ins.file}:${ins.line}` : undefined;
          if (!key || key === last) continue;
          last = key;
          const lines = await readLines(ins.file!);
          const text = lines?.[ins.line! - 1];
          if (text !== undefined) ins.sourceText = text;
        }
      }
      return { address: at, instructions };
    });
  }

  // ---- inside the queue -----------------------------------------------------------------

  /** The first thread. Needs no queue (one `threads` request, nothing shared): `pause` asks it while a request holds the queue. */
  async defaultThread(): Promise<number> {
    const res = await this.host.requireLive().request("threads", undefined);
    const first = res.threads[0];
    if (!first) throw new DebuggerError("NO_THREAD", "the program has no threads", "is it still running? `debugger status`");
    return first.id;
  }

  async threadsNow(q: InQueue): Promise<ThreadView[]> {
    const res = await this.host.requireLive().request("threads", undefined);
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

  async framesNow(q: InQueue, threadId: number, levels = 64): Promise<P.StackFrame[]> {
    if (this.framesCache?.threadId === threadId && this.framesCache.frames.length >= Math.min(levels, 64)) return this.framesCache.frames.slice(0, levels);
    const res = await this.host.requireLive().request("stackTrace", { threadId, startFrame: 0, levels: Math.max(levels, 64) });
    this.framesCache = { threadId, frames: res.stackFrames };
    return res.stackFrames.slice(0, levels);
  }

  async frameViewsNow(q: InQueue, threadId: number, limit: number): Promise<FrameView[]> {
    const frames = await this.framesNow(q, threadId, limit);
    return frames.map((f, index) => ({ index, ...frameView(f) }));
  }

  async selectedFrameNow(q: InQueue): Promise<{ frame: P.StackFrame; index: number; threadId: number }> {
    this.host.requireStopped();
    const threadId = this.currentThreadId ?? (await this.defaultThread());
    const frames = await this.framesNow(q, threadId);
    const frame = frames[this.currentFrame];
    if (!frame) throw new DebuggerError("NO_FRAME", `thread ${threadId} has no frame ${this.currentFrame}`, "`debugger backtrace` lists the frames");
    return { frame, index: this.currentFrame, threadId };
  }

  async selectFrameNow(q: InQueue, index: number): Promise<void> {
    this.host.requireStopped();
    const threadId = this.currentThreadId ?? (await this.defaultThread());
    const frames = await this.framesNow(q, threadId, index + 1);
    if (index < 0 || index >= frames.length) {
      throw new DebuggerError("NO_FRAME", `no frame ${index}: thread ${threadId} has ${frames.length} frame${frames.length === 1 ? "" : "s"}`, "`debugger backtrace` lists the frames");
    }
    this.currentFrame = index;
  }

  async contextNow(q: InQueue, lines: number): Promise<ContextData> {
    const { frame, index, threadId } = await this.selectedFrameNow(q);
    const file = frame.source?.path;
    const source = await sourceWindow(file, frame.line, lines);
    const cut = truncateVariables(await this.scopeVariablesNow(q, frame.id, "locals"), this.host.limits);
    const last = this.host.lastReport;
    return {
      state: this.host.state,
      threadId,
      frameIndex: index,
      // The last stop's reason and breakpoints belong to the thread and frame it named.
      reason: last?.threadId === undefined || last.threadId === threadId ? last?.reason : undefined,
      breakpointIds: index === (last?.frameIndex ?? 0) && (last?.threadId === undefined || last.threadId === threadId) ? last?.breakpointIds ?? [] : [],
      frame: { function: functionName(frame.name), file, line: frame.line, column: frame.column },
      source,
      locals: cut.variables,
      ...(cut.note ? { truncated: [cut.note] } : {}),
    };
  }

  async scopeVariablesNow(q: InQueue, frameId: number, which: "locals" | "arguments" | "all"): Promise<VariableView[]> {
    const { scopes } = await this.host.requireLive().request("scopes", { frameId });
    // Scopes do not depend on each other: their variables are asked for at once.
    const out = (await Promise.all(pickScopes(scopes, which).map((s) => this.variablesNow(q, s.variablesReference)))).flat();
    const shown = await Promise.all(out.map((v) => this.inlineValue(q, v, 1, frameId)));
    // Console reads one at a time: each collects the adapter's output while it runs.
    for (const [i, v] of shown.entries()) shown[i] = await this.smartPointerNow(q, await this.consoleValueNow(q, v, v.name, frameId), v.name, frameId);
    return shown;
  }

  /** A value the adapter shows as nothing, read through the debugger's console (AdapterSpec.consoleValue). */
  private async consoleValueNow(q: InQueue, v: VariableView, expression: string, frameId: number | undefined): Promise<VariableView> {
    const spec = this.host.adapter.consoleValue;
    if (!spec?.applies(v.value, v.reference, this.host.foundAdapter) || this.host.state !== "stopped") return v;
    const how = this.host.adapter.rawCommand?.(spec.command(expression), this.host.foundAdapter);
    if (!how?.textAsOutput) return v;
    const client = this.host.requireStopped();
    try {
      const { text } = await this.host.captureOutput(() => client.request("evaluate", { expression: how.expression, frameId, context: "repl" }));
      const value = spec.parse(text);
      return value ? { ...v, value: compactValue(value, v.type) } : v;
    } catch {
      return v;
    }
  }

  /**
   * What a value's own line cannot say, filled in from its children (one extra request):
   * lldb-dap shows a struct as `Point @ 0x7ffd…` — a small struct of plain fields reads
   * `{x = 3, y = 4}`; a container shown as `size=3` gets its elements; a byte array reads as bytes.
   * The value stays expandable by reference.
   */
  private async inlineValue(q: InQueue, v: VariableView, depth = 1, frameId?: number): Promise<VariableView> {
    // A value that is already the language's own text (Python's repr: `{'a': 1}`) stays as it is.
    // A deque's repr from debugpy leaves out its maxlen (`deque([1, 2, 3])` for maxlen=5): Python's own repr() says it.
    if (this.host.adapter.valuesAreRepr && v.type === "deque" && /^[A-Za-z_]\w*$/.test(v.name) && !/maxlen=/.test(v.value)) {
      const own = await this.evaluateNow(q, `repr(${v.name})`, "repl", undefined, frameId).catch(() => undefined);
      const text = own && /^'(.*)'$/.exec(own.result.trim())?.[1];
      return text && /^deque\(/.test(text) ? { ...v, value: text.replace(/\\'/g, "'") } : v;
    }
    const early = await checkedCount(v, v.name, this.readerFor(q, depth, frameId)).catch(() => undefined);
    if (early) return early;
    if (v.reference <= 0 || this.host.adapter.valuesAreRepr) return v;
    const down = await oneLevelDown(v, this.readerFor(q, depth, frameId)).catch(() => undefined);
    if (down) return down;
    const size = containerSize(v.value);
    const byteArray = isByteArray(v.type);
    const struct = /(^\{)|( @ 0x[0-9a-f]+$)/i.test(v.value);
    // A C++ reference or a pointer to a struct shows as a bare address: the fields say more.
    // (A Rust Box or `*mut T` is a pointer too: gdb shows it as its address.)
    const address = /^0x[0-9a-f]+$/i.test(v.value) ? (/&\s*$/.test(v.type ?? "") ? "reference" : (/\*\s*$/.test(v.type ?? "") && !/char\s*\*\s*$/.test(v.type ?? "")) || /^(?:alloc::boxed::)?Box<|^\*(?:mut|const) /.test(v.type ?? "") ? "pointer" : undefined) : undefined;
    // LLDB shows a `char *` it cannot read as `0x10 ""`, like an empty string: its one child tells.
    if (/^0x[0-9a-f]+ ""$/i.test(v.value) && /char\s*\*\s*$/.test(v.type ?? "")) {
      const [first] = await this.variablesNow(q, v.reference).catch(() => []);
      return first && /^'\\0'$|^0$/.test(first.value) ? v : { ...v, value: `${v.value.slice(0, -3)} <unreadable>` };
    }
    // gdb (through cdt-gdb-adapter) shows a `char[N]` as `[N]`: its elements are the string.
    if (isCharArrayShownAsSize(v.value, v.type)) {
      const kids = await this.variablesNow(q, v.reference).catch(() => []);
      const bytes = kids.map((k) => byteValue(k.value));
      if (kids.length === 0 || bytes.some((b) => b === undefined)) return v;
      const nul = bytes.indexOf(0);
      return { ...v, value: quoteBytes((nul < 0 ? bytes : bytes.slice(0, nul)) as number[]) };
    }
    if (!byteArray && !struct && !address && (size === undefined || size > 20)) return v;
    if (address === "pointer" && /^0x0+$/i.test(v.value)) return v;
    try {
      const kids = await this.variablesNow(q, v.reference);
      if (byteArray) {
        const bytes = kids.slice(0, 64).map((k) => byteOf(k.value));
        if (bytes.some((b) => b === undefined)) return v;
        return { ...v, value: `{${bytes.join(", ")}${kids.length > 64 ? `, … ${kids.length - 64} more` : ""}}` };
      }
      if (size !== undefined) {
        // Elements that are small structs themselves (a map's pairs) or containers (a Vec of Vecs) read inline too.
        const shown = await Promise.all(kids.map((k) => (/ @ 0x[0-9a-f]+$/i.test(k.value) ? this.inlineValue(q, k, 1, frameId) : depth > 0 && containerSize(k.value) !== undefined ? this.inlineValue(q, k, depth - 1, frameId) : k)));
        // Children named by their keys (a Rust BTreeMap's `[1]`, `["apple"]`) keep them: `[1] = "x"`.
        const keyed = shown.some((k, i) => k.name !== `[${i}]`);
        return { ...v, value: `size=${size} [${shown.map((k) => (keyed ? `${k.name} = ${k.value}` : k.value)).join(", ")}]` };
      }
      // Plain fields: whatever already says its value in a short line (scalars, pointers, strings,
      // `Some(5)`, `{[0] = 1, [1] = 2}`), not a placeholder (`Item @ 0x…`, `{...}`, a bare `size=2`).
      // A byte array field is not plain even when LLDB prints it as a string: it reads as bytes.
      const plain = (k: VariableView) => !(k.reference > 0 && isByteArray(k.type) && !k.value.startsWith("{")) && (k.reference <= 0 || /^0x[0-9a-f]+$/i.test(k.value) || isStringLike(k.value) || /^raw: /.test(k.value) || (!OPAQUE_VALUE.test(k.value.trim()) && k.value.length <= 80));
      const array = kids.length > 0 && kids.every((k, i) => k.name === `[${i}]`);
      if (kids.length === 0 || kids.length > (array ? 16 : 8)) return v;
      // gdb's varobj spells a Rust enum as every variant at once (`<anonymous union> = 7, Some = …, None = …`):
      // not rebuilt here; gdb's own printing (AdapterSpec.consoleValue) names the variant.
      if (kids.some((k) => k.name === "<anonymous union>")) return v;
      // One level down: a field that is itself a small array or struct (`int bins[4]` reads `{1, 2, 3, 4}`).
      const shown = depth > 0 ? await Promise.all(kids.map((k) => (plain(k) ? k : this.inlineValue(q, k, depth - 1, frameId)))) : kids;
      if (!shown.every(plain)) return v;
      // A pointer to a scalar has one child, `*p`: its value is what to show.
      if (address === "pointer" && shown.length === 1 && shown[0]!.name.startsWith("*")) return { ...v, value: `${v.value} → ${shown[0]!.value}` };
      const fields = array ? `{${shown.map((k) => k.value).join(", ")}}` : `{${shown.map((k) => `${k.name} = ${k.value}`).join(", ")}}`;
      return { ...v, value: address === "pointer" ? `${v.value} → ${fields}` : fields };
    } catch {
      return v;
    }
  }

  /**
   * gdb's printer shows a unique_ptr or shared_ptr as `{get() = 0x…}`: the object it owns is read
   * with `*EXPR` (gdb's libstdc++ xmethods) and shown after it, as a raw pointer's is.
   */
  private async smartPointerNow(q: InQueue, v: VariableView, expression: string, frameId: number | undefined): Promise<VariableView> {
    if (!/^std::(?:unique|shared)_ptr</.test(v.type ?? "") || !/\{get\(\) = 0x[0-9a-f]*[1-9a-f][0-9a-f]*\}$/i.test(v.value) || !/^[A-Za-z_][\w.]*$/.test(expression)) return v;
    try {
      const r = await this.evaluateNow(q, `*${expression}`, this.host.adapter.printContext, undefined, frameId);
      const inside = await this.inlineValue(q, { name: `*${expression}`, type: r.type, value: compactValue(r.result, r.type), reference: r.variablesReference }, 1, frameId);
      const text = await this.consoleValueNow(q, inside, `*${expression}`, frameId ?? (await this.selectedFrameNow(q)).frame.id);
      return { ...v, value: `${v.value} → ${text.value}` };
    } catch {
      return v;
    }
  }

  /** What oneLevelDown reads with; expressions are evaluated in the frame the value belongs to. */
  private readerFor(q: InQueue, depth: number, frameId: number | undefined): ValueReader {
    return {
      children: (reference) => this.variablesNow(q, reference),
      inline: (k) => this.inlineValue(q, k, depth, frameId),
      evaluate: (expression) => this.evaluateNow(q, expression, this.host.adapter.printContext, undefined, frameId).then((r) => r.result, () => undefined),
    };
  }

  /** An evaluate result as one line: strings cut at their NUL, bytes as bytes, small structs and containers inline. */
  private async presentNow(q: InQueue, expression: string, r: P.EvaluateResponse["body"], format?: Format, frameId?: number): Promise<string> {
    const value = formatValue(compactValue(r.result, r.type), format);
    const shown = await this.inlineValue(q, { name: expression, type: r.type, value, reference: r.variablesReference }, 1, frameId);
    if (!this.host.adapter.consoleValue || this.host.state !== "stopped") return shown.value;
    const frame = frameId ?? (await this.selectedFrameNow(q)).frame.id;
    return (await this.smartPointerNow(q, await this.consoleValueNow(q, shown, expression, frame), expression, frame)).value;
  }

  async variablesNow(q: InQueue, reference: number, depth = 0): Promise<VariableView[]> {
    const { variables } = await this.host.requireLive().request("variables", { variablesReference: reference });
    const out: VariableView[] = [];
    for (const v of variables) {
      if (!this.showHidden && this.host.adapter.hideVariable?.(v.name, v.type)) continue;
      const view: VariableView = { name: v.name, type: shortType(v.type), value: compactValue(v.value, v.type), reference: v.variablesReference };
      if (depth > 0 && v.variablesReference > 0) view.children = await this.variablesNow(q, v.variablesReference, depth - 1);
      out.push(view);
    }
    return out;
  }

  /** In frame `at`, else the selected frame when stopped. */
  async evaluateNow(q: InQueue, expression: string, context: "watch" | "repl" | "hover", format?: P.ValueFormat, at?: number): Promise<P.EvaluateResponse["body"]> {
    const client = this.host.requireLive();
    let frameId = at;
    if (frameId === undefined && this.host.state === "stopped") frameId = (await this.selectedFrameNow(q)).frame.id;
    const spelled = context === "repl" ? { expression } : (this.host.adapter.rewriteExpression?.(expression) ?? { expression });
    try {
      const body = await client.request("evaluate", {
        expression: spelled.expression,
        frameId,
        context: spelled.context ?? context,
        ...(format && this.host.capabilities.supportsValueFormattingOptions ? { format } : {}),
      });
      this.host.adapter.checkEvaluate?.(expression, body);
      return body;
    } catch (e) {
      // A broken connection (a malformed frame) is not the expression's fault.
      if (e instanceof DebuggerError && e.code === "ADAPTER_ERROR" && !client.closed) {
        throw new DebuggerError("EVALUATE_FAILED", `cannot evaluate '${expression}': ${evaluateError(e.message)}`, "`debugger locals` lists the names in scope");
      }
      throw e;
    }
  }

  /** Expressions shown at a stop: each evaluated in frame `at` (else the selected one); a failure is reported in place, never thrown. */
  async displaysNow(q: InQueue, items: { id?: number; expression: string }[], at?: number): Promise<DisplayValue[]> {
    const out: DisplayValue[] = [];
    for (const d of items) {
      try {
        const r = await this.evaluateNow(q, d.expression, this.host.adapter.printContext, undefined, at);
        out.push({ ...d, value: truncateValue(await this.presentNow(q, d.expression, r, undefined, at), this.host.limits.maxValueLength).value, ...(r.type ? { type: shortType(r.type) } : {}) });
      } catch (e) {
        out.push({ ...d, error: (e as Error).message.replace(/^cannot evaluate '[^']*': /, "") });
      }
    }
    return out;
  }
}

/**
 * The one line of an evaluation error that says what is wrong: LLDB adds "error: <user expression
 * 3>:1:1: " and a caret diagram below, which cost bytes and say nothing more.
 */
export function evaluateError(message: string): string {
  // Python: the exception is the traceback's last line (`NameError: name 'x' is not defined`).
  if (/^Traceback \(most recent call last\):/.test(message)) return message.trim().split("\n").at(-1)!.trim();
  const first = message.split("\n").find((l) => l.trim()) ?? message;
  return first.replace(/^\s*error:\s*/i, "").replace(/^<user expression \d+>:\d+:\d+:\s*/, "").replace(/^error:\s*/i, "").trim();
}

function isArgumentsScope(s: P.Scope): boolean {
  return s.presentationHint === "arguments" || /^arg/i.test(s.name);
}

export function pickScopes(scopes: P.Scope[], which: "locals" | "arguments" | "all"): P.Scope[] {
  if (which === "all") return scopes.filter((s) => !s.expensive);
  const isLocals = (s: P.Scope) => s.presentationHint === "locals" || /^locals?$/i.test(s.name);
  if (which === "arguments") return scopes.filter(isArgumentsScope);
  const locals = scopes.filter(isLocals);
  return locals.length ? locals : scopes.filter((s) => !s.expensive && !isArgumentsScope(s)).slice(0, 1);
}

const RAW_HINT = "the text goes to the debugger's own console as typed: LLDB or gdb commands (`debugger raw help`), Python for debugpy, Go expressions for Delve";

/**
 * An integer in another base (negatives as 64-bit two's complement, as gdb does), as a character
 * (`char`: 65 → 'A' 65), or a pointer as its bare address (`address`: `0x5555… "hi"` → `0x5555…`).
 * Values that are not integers (or pointers, for `address`) are left as they are.
 */
export function formatValue(value: string, format: Format | undefined): string {
  if (!format) return value;
  const v = value.trim();
  if (format === "address") {
    const a = /^(0x[0-9a-f]+)\b/i.exec(v);
    if (a) return a[1]!.toLowerCase();
    return /^\d+$/.test(v) ? `0x${BigInt(v).toString(16)}` : value;
  }
  const m = /^(-?\d+)$/.exec(v);
  if (!m) return value;
  let n = BigInt(m[1]!);
  if (format === "dec") return n.toString();
  if (format === "char") return charOf(n) ?? value;
  if (n < 0n) n = (1n << 64n) + n;
  if (format === "hex") return `0x${n.toString(16)}`;
  if (format === "oct") return `0${n.toString(8)}`;
  return `0b${n.toString(2)}`;
}

/** 65 → `'A' 65`, 10 → `'\n' 10`, a byte past ASCII → `'\xe9' 233` (signed -3: `'\xfd' -3`), from 256 on the character itself (`'λ' 955`). */
function charOf(n: bigint): string | undefined {
  if (n < -128n || n > 0x10ffffn) return undefined;
  const code = Number(n < 0n ? n + 256n : n);
  const named: Record<number, string> = { 0: "\\0", 7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v", 12: "\\f", 13: "\\r", 39: "\\'", 92: "\\\\" };
  const shown = named[code] ?? (code < 32 || (code >= 127 && code < 256) ? `\\x${code.toString(16).padStart(2, "0")}` : String.fromCodePoint(code));
  return `'${shown}' ${n}`;
}

function formatTree(vars: VariableView[], format: Format | undefined): VariableView[] {
  return vars.map((x) => ({ ...x, value: formatValue(x.value, format), ...(x.children ? { children: formatTree(x.children, format) } : {}) }));
}

// Everything that sends breakpoint sets to the adapter: source, function, address and data
// breakpoints and exception filters. The registry is the truth; DAP replaces whole sets, so every
// change re-sends the complete set it belongs to (adding a breakpoint never drops another).
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import { existsSync } from "node:fs";
import { sourceMatchScore, suffixCandidates } from "../../../common/sourcePaths.ts";
import { localPathFacts } from "./pathFacts.ts";
import type { CatchpointDef } from "../../../adapters/types.ts";
import { DebuggerError } from "../../../common/errors.ts";
import type { Location } from "../../../common/location.ts";
import type { BreakpointView } from "../../../ipc/types.ts";
import type { DapClient } from "../../../dap/client.ts";
import { BreakpointRegistry, type Breakpoint, type BreakpointOptions, type SetKey } from "./breakpointRegistry.ts";
import type { SessionCore } from "../facts.ts";
import type { Inspector } from "../inspection/inspector.ts";
import { pickScopes } from "../inspection/valueInspector.ts";
import { dataIdAddress } from "./watchStops.ts";
import { breakpointView } from "./breakpointView.ts";
import type { InQueue, Queue } from "../core/queue.ts";
import { isAbsolutePath } from "../../../common/hostPath.ts";

/** What `catch throw TYPE` takes: a C++ type name, qualified or not, templates included. */
const CXX_TYPE = /^[A-Za-z_:][\w:<>, *&]*$/;

export interface ExceptionFilterView {
  filter: string;
  label: string;
  description?: string;
  enabled: boolean;
  /** The shorter name `catch` also takes for it (`throw` for cpp_throw). */
  alias?: string;
  /** The C++ types a throw filter stops for (`catch throw TYPE…`); absent: every throw. */
  types?: string[];
}

export class BreakpointSync {
  readonly registry = new BreakpointRegistry();
  /** Exception filters chosen with `catch`; undefined: the adapter's defaults. */
  private chosenExceptionFilters: string[] | undefined;
  /** The C++ types `catch throw TYPE…` narrowed the throw filter to; empty: every throw stops. */
  throwTypes: string[] = [];
  /** A file the adapter knows by a shorter path (bindBySuffix): the path its set is sent as. */
  private readonly sentAs = new Map<string, string>();

  constructor(
    private readonly session: SessionCore,
    private readonly inspector: Inspector,
    private readonly queue: Queue,
  ) {}

  /** The user's breakpoints as replies show them. */
  views(): BreakpointView[] {
    return this.registry.userList().map(breakpointView);
  }

  // ---- queued operations ----------------------------------------------------------------

  add(text: string, loc: Location, opts: BreakpointOptions): Promise<Breakpoint> {
    return this.queue((q) => this.addNow(q, text, loc, opts));
  }

  /** `watch EXPR`: asks the adapter where the value lives (`dataBreakpointInfo`), then sets the whole data set. */
  addWatch(expression: string, accessType: "read" | "write" | "readWrite", opts: BreakpointOptions): Promise<Breakpoint> {
    return this.queue(async (q) => {
      const client = this.session.requireStopped();
      this.requireCapability("supportsDataBreakpoints", "watchpoints");
      const { frame } = await this.inspector.selectedFrameNow(q);
      const { scopes } = await client.request("scopes", { frameId: frame.id });
      const locals = pickScopes(scopes, "locals")[0];
      // As the adapter's evaluator spells it (Rust's `pair.0`, `v[1]` under LLDB); a comparison read now names no memory.
      const spelled = await this.inspector.reader.translateNow(q, expression);
      if (spelled.readNow && !spelled.lvalue)
        throw new DebuggerError(
          "EVALUATE_FAILED",
          `cannot watch '${expression}': it is read through values of this stop (an enum's variant compared, or an element LLDB reaches only through its formatters), which name no memory LLDB can watch`,
          "watch the enum or the collection itself (`debugger watch opt`), or stop when it holds: `--break 'LINE if opt == Some(3)'`",
        );
      // A path LLDB's parser cannot take (`new.qty`): the memory it names now.
      const asked = spelled.lvalue ?? spelled.expression;
      // A plain local is asked for by name in its scope; anything else as an expression in the frame.
      let args: P.DataBreakpointInfoArguments = { name: this.session.adapter.dataBreakpointExpression?.(asked) ?? asked, frameId: frame.id };
      // Or by the memory it names now, where the adapter cannot watch it as written.
      const pinned = this.session.adapter.watchByLocation?.(expression, this.registry.nextWatchSlot(), this.session.foundAdapter);
      if (pinned) {
        const at = await client.request("evaluate", { expression: pinned.pin, frameId: frame.id, context: "watch" }).then(
          (r) => r.result,
          () => "",
        );
        if (!/0x[0-9a-f]+/i.test(at)) {
          // Why, in the words a print of it would give (cdt-gdb-adapter answers the pin with "Error: …").
          const why = await this.inspector.reader.evaluateNow(q, expression, "watch").then(
            () => "it has no address (not an lvalue)",
            (e: Error) => e.message.replace(/^cannot evaluate '.*?': /s, ""),
          );
          throw new DebuggerError(
            "EVALUATE_FAILED",
            `cannot watch '${expression}': ${why}`,
            "watch a variable or an lvalue in the selected frame (`debugger locals`)",
          );
        }
        args = { name: pinned.name, frameId: frame.id };
      } else if (locals && /^[A-Za-z_]\w*$/.test(expression)) {
        const { variables } = await client.request("variables", { variablesReference: locals.variablesReference });
        if (variables.some((v) => v.name === expression)) args = { name: expression, variablesReference: locals.variablesReference };
      }
      const info = await client.request("dataBreakpointInfo", args);
      if (!info.dataId) {
        throw new DebuggerError(
          "EVALUATE_FAILED",
          `cannot watch '${expression}': ${info.description || "the adapter found no memory for it"}`,
          "watch a variable or an lvalue in the selected frame (`debugger locals`)",
        );
      }
      if (info.accessTypes && !info.accessTypes.includes(accessType)) {
        throw new DebuggerError(
          "UNSUPPORTED",
          `${this.session.adapter.name} cannot watch '${expression}' for ${accessType} access (it offers ${info.accessTypes.join(", ")})`,
          "drop --read/--access, or use another access type",
        );
      }
      const bp = this.registry.addData(
        expression,
        info.dataId,
        accessType,
        pinned ? `${expression}, at the address it has now (gdb's watch -location)` : info.description,
        opts,
      );
      bp.readAs = pinned?.name ?? (await this.readByAddressNow(q, asked, info.dataId)) ?? (asked !== expression ? asked : undefined);
      bp.lastValue = await this.inspector.reader.evaluateNow(q, bp.readAs ?? expression, this.session.adapter.printContext).then(
        (r) => r.result,
        () => undefined,
      );
      try {
        await this.syncSet(q, { kind: "data" });
      } catch (e) {
        this.registry.remove(bp.id);
        await this.syncSet(q, { kind: "data" }).catch(() => {});
        throw e;
      }
      return bp;
    });
  }

  /**
   * How to read what a watchpoint watches where the adapter watches an address (lldb-dap's dataId
   * `ADDR/SIZE`): `*(TYPE *)0xADDR`. The expression as written would read another place once its
   * pointer or index moves (`a[i]` with another i) or in another frame (recursion), and the stop
   * would show a value that did not change. Used only when it reads the same value now.
   */
  private async readByAddressNow(q: InQueue, expression: string, dataId: string): Promise<string | undefined> {
    const address = dataIdAddress(dataId);
    if (address === undefined) return undefined;
    const context = this.session.adapter.printContext;
    const now = await this.inspector.reader.evaluateNow(q, expression, context).catch(() => undefined);
    if (!now?.type || /[[\]()]/.test(now.type)) return undefined; // arrays and functions do not cast this way
    const read = `*(${now.type} *)0x${address.toString(16)}`;
    const same = await this.inspector.reader.evaluateNow(q, read, context).then(
      (r) => r.result === now.result,
      () => false,
    );
    return same ? read : undefined;
  }

  remove(ids: number[]): Promise<Breakpoint[]> {
    return this.queue((q) => this.removeNow(q, ids));
  }

  setEnabled(ids: number[], enabled: boolean): Promise<void> {
    for (const id of ids) if (!this.registry.get(id)) throw this.notFound(id);
    return this.queue(async (q) => {
      for (const id of ids) {
        const bp = this.registry.get(id);
        if (!bp) throw this.notFound(id);
        if (bp.enabled === enabled) continue;
        bp.enabled = enabled;
        await this.syncSet(q, this.registry.keyOf(bp));
      }
    });
  }

  /**
   * `catch`: switch exception filters on or off (the whole set is re-sent, as DAP wants), and the
   * daemon's own catchpoints (function breakpoints standing for `panic`, `throw` …).
   */
  setExceptionFilters(add: string[], remove: string[]): Promise<void> {
    return this.queue(async (q) => {
      this.session.requireLive();
      const available = this.session.capabilities.exceptionBreakpointFilters ?? [];
      const own = this.catchpointDefs();
      if (!available.length && !own.length) this.unsupported("exceptionBreakpointFilters", "exception breakpoints");
      const aliases = this.session.adapter.filterAliases ?? {};
      const names = [...available.map((f) => f.filter), ...own.map((c) => c.filter)];
      const canonical = (f: string) => (own.some((c) => c.filter === f) ? f : (aliases[f] ?? f));
      const throwFilter = this.session.adapter.throwFilter;
      const unknown = (f: string) =>
        new DebuggerError(
          "INVALID_ARGUMENT",
          `${this.session.adapter.name} has no exception filter '${f}'`,
          `its filters: ${names.join(", ")} (\`debugger catch list\`)${throwFilter ? "; `catch throw TYPE…` stops only for those C++ types" : ""}`,
        );
      // `catch throw TYPE…`: the words after the throw filter that name no filter are types.
      const filters: string[] = [];
      let types: string[] | undefined;
      for (const word of add) {
        if (names.includes(canonical(word))) {
          filters.push(word);
          if (canonical(word) === throwFilter) types = [];
        } else if (types && filters.length && canonical(filters.at(-1)!) === throwFilter) {
          if (!CXX_TYPE.test(word))
            throw new DebuggerError(
              "INVALID_ARGUMENT",
              `'${word}' is not a C++ type name`,
              "`debugger catch throw std::out_of_range` (or the name without its namespaces: `out_of_range`)",
            );
          types.push(word);
        } else throw unknown(word);
      }
      for (const f of remove) if (!names.includes(canonical(f))) throw unknown(f);
      add = filters;
      const isOwn = (f: string) => own.find((c) => c.filter === f);
      for (const f of add.filter(isOwn)) await this.setCatchpoint(q, isOwn(f)!, true);
      for (const f of remove.filter(isOwn)) await this.setCatchpoint(q, isOwn(f)!, false);
      const typesBefore = this.throwTypes;
      if (types) this.throwTypes = [...new Set(types)];
      if (remove.some((f) => canonical(f) === throwFilter)) this.throwTypes = [];
      const adds = add.filter((f) => !isOwn(f)).map(canonical);
      const removes = remove.filter((f) => !isOwn(f)).map(canonical);
      if (!adds.length && !removes.length) return;
      const next = new Set(this.activeExceptionFilters());
      for (const f of adds) next.add(f);
      for (const f of removes) next.delete(f);
      const before = this.chosenExceptionFilters;
      this.chosenExceptionFilters = [...next];
      try {
        await this.syncExceptionFilters();
      } catch (e) {
        this.chosenExceptionFilters = before;
        this.throwTypes = typesBefore;
        throw e;
      }
    });
  }

  /** The adapter's exception filters and the daemon's catchpoints, and which are on. */
  exceptionFilters(): ExceptionFilterView[] {
    const available = this.session.capabilities.exceptionBreakpointFilters ?? [];
    const on = new Set(this.activeExceptionFilters());
    const aliases = Object.entries(this.session.adapter.filterAliases ?? {});
    const filters: ExceptionFilterView[] = available.map((f) => {
      const alias = aliases.find(([, to]) => to === f.filter)?.[0];
      return { filter: f.filter, label: f.label, description: f.description, enabled: on.has(f.filter), ...(alias ? { alias } : {}) };
    });
    for (const c of this.catchpointDefs()) filters.push({ filter: c.filter, label: c.label, description: c.description, enabled: !!this.catchpoint(c) });
    const thrown = filters.find((f) => f.filter === this.session.adapter.throwFilter);
    if (thrown?.enabled && this.throwTypes.length) thrown.types = [...this.throwTypes];
    return filters;
  }

  private catchpointDefs(): CatchpointDef[] {
    return this.session.adapter.catchpoints?.(this.session.program) ?? [];
  }

  private catchpoint(c: CatchpointDef): Breakpoint | undefined {
    return this.registry.list().find((b) => b.internal && b.kind === "function" && b.function === c.function);
  }

  private async setCatchpoint(q: InQueue, c: CatchpointDef, on: boolean): Promise<void> {
    const have = this.catchpoint(c);
    if (on === !!have) return;
    if (on) {
      const bp = await this.addSynced(q, c.function, { kind: "function", name: c.function }, { internal: c.reason });
      if (!bp.verified) {
        await this.dropSynced(q, bp);
        throw new DebuggerError(
          "UNSUPPORTED",
          `catch ${c.filter}: ${c.function} is not in this program`,
          "it is only there when the program uses the runtime that defines it",
        );
      }
    } else {
      this.registry.remove(have!.id);
      await this.syncSet(q, this.registry.keyOf(have!));
    }
  }

  notFound(id: number): DebuggerError {
    return new DebuggerError("BREAKPOINT_NOT_FOUND", `no breakpoint ${id} in session '${this.session.name}'`, "`debugger breakpoint list` shows the ids");
  }

  // ---- inside the queue (start-up, stop reports) ----------------------------------------

  async addNow(q: InQueue, text: string, loc: Location, opts: BreakpointOptions): Promise<Breakpoint> {
    const caps = this.session.capabilities;
    if (opts.condition && caps.supportsConditionalBreakpoints === false) this.unsupported("supportsConditionalBreakpoints", "conditional breakpoints");
    if (opts.hitCondition && caps.supportsHitConditionalBreakpoints === false) this.unsupported("supportsHitConditionalBreakpoints", "hit counts");
    if (opts.logMessage && caps.supportsLogPoints === false) this.unsupported("supportsLogPoints", "log points");
    return this.addSynced(q, text, loc, opts);
  }

  /** Adds a breakpoint and sends its set; if the adapter refuses, the registry and the adapter's view go back the way they were. */
  private async addSynced(q: InQueue, text: string, loc: Location, opts: BreakpointOptions): Promise<Breakpoint> {
    const bp = this.registry.add(text, loc, opts);
    try {
      await this.syncSet(q, this.registry.keyOf(bp));
    } catch (e) {
      await this.dropSynced(q, bp);
      throw e;
    }
    return bp;
  }

  private async dropSynced(q: InQueue, bp: Breakpoint): Promise<void> {
    this.registry.remove(bp.id);
    await this.syncSet(q, this.registry.keyOf(bp)).catch(() => {});
  }

  async removeNow(q: InQueue, ids: number[]): Promise<Breakpoint[]> {
    const missing = ids.filter((id) => !this.registry.get(id));
    if (missing.length) throw this.notFound(missing[0]!);
    const removed = ids.map((id) => this.registry.remove(id)!);
    const keys = new Map<string, SetKey>();
    for (const b of removed) {
      const k = this.registry.keyOf(b);
      keys.set(JSON.stringify(k), k);
    }
    for (const k of keys.values()) await this.syncSet(q, k);
    return removed;
  }

  /** Temporary breakpoints go after their first hit, as in gdb. */
  async removeTemporaryNow(q: InQueue, ids: number[]): Promise<void> {
    for (const id of ids) {
      const b = this.registry.get(id);
      if (!b?.temporary) continue;
      this.registry.remove(b.id);
      await this.syncSet(q, this.registry.keyOf(b)).catch(() => {});
    }
  }

  /** Re-sends the set a breakpoint belongs to (the condition probe hands its condition over). */
  async resyncNow(q: InQueue, bp: Breakpoint): Promise<void> {
    await this.syncSet(q, this.registry.keyOf(bp));
  }

  /** Start-up: every set, then the exception filters. */
  async syncAllNow(q: InQueue): Promise<void> {
    for (const key of this.registry.allKeys()) await this.syncSet(q, key);
    // An adapter just started has no exception breakpoint: nothing to send when none is wanted
    // (lldb-dap spent ~8 ms of a start on an empty set a raw client never sends).
    if (this.session.capabilities.exceptionBreakpointFilters && (this.activeExceptionFilters().length || this.exceptionOptions()))
      await this.syncExceptionFilters().catch(() => {});
  }

  private spellCondition<T extends { condition?: string }>(b: T): T {
    const spell = this.session.adapter.breakpointCondition;
    return b.condition && spell ? { ...b, condition: spell(b.condition, this.session.foundAdapter) } : b;
  }

  /** Re-sends the whole set a breakpoint belongs to: DAP replaces sets, never single entries. */
  private async syncSet(q: InQueue, key: SetKey): Promise<void> {
    const client = this.session.dap;
    if (!client) return;
    if (key.kind === "source") {
      const breakpoints = this.registry.sourceBreakpoints(key.file).map((b) => this.spellCondition(b));
      const res = await this.sendSource(client, this.sentAs.get(key.file) ?? key.file, breakpoints);
      this.registry.applyResponse(key, res.breakpoints);
      if (breakpoints.length && !this.sentAs.has(key.file) && !res.breakpoints.some((b) => b.verified)) await this.bindBySuffix(client, key, breakpoints);
      for (const bp of this.registry.members(key)) if (bp.enabled && !bp.verified && !bp.message) bp.message = await this.whyUnbound(q, bp);
    } else if (key.kind === "function") {
      this.requireCapability("supportsFunctionBreakpoints", "function breakpoints");
      const spell = (name: string) => this.session.adapter.functionBreakpointName?.(name) ?? name;
      const res = await client.request("setFunctionBreakpoints", {
        breakpoints: this.registry.functionBreakpoints().map((b) => this.spellCondition({ ...b, name: spell(b.name) })),
      });
      this.registry.applyResponse(key, await this.inRequestOrder(q, res.breakpoints, (b) => spell(b.function!)));
      for (const bp of this.registry.members(key)) {
        if (bp.enabled && !bp.verified && !bp.message)
          bp.message = `no function named '${bp.function}' in the program's debug info (a typo, inlined away, or in a library not loaded yet)`;
      }
    } else if (key.kind === "data") {
      this.requireCapability("supportsDataBreakpoints", "watchpoints");
      const res = await client.request("setDataBreakpoints", { breakpoints: this.registry.dataBreakpoints() });
      this.registry.applyResponse(key, res.breakpoints);
    } else {
      this.requireCapability("supportsInstructionBreakpoints", "address breakpoints");
      const res = await client.request("setInstructionBreakpoints", { breakpoints: this.registry.instructionBreakpoints() });
      this.registry.applyResponse(key, res.breakpoints);
    }
  }

  private sendSource(client: DapClient, path: string, breakpoints: P.SourceBreakpoint[]): Promise<P.SetBreakpointsResponse["body"]> {
    return client.request("setBreakpoints", {
      source: { path, name: path.slice(path.lastIndexOf("/") + 1) },
      breakpoints,
      lines: breakpoints.map((b) => b.line),
    });
  }

  /**
   * A file none of whose breakpoints bound by its path: the program's debug info may name it by
   * another (a symlinked directory, a prefix rewritten by -fdebug-prefix-map). Its real path is
   * tried first. gdb and LLDB bind a
   * relative path to any file whose path ends with it: the longest trailing part of two
   * components or more that binds is used from then on, unless the adapter says it bound a file
   * that exists here and is another one. Each try that binds nothing is taken back.
   */
  private async bindBySuffix(client: DapClient, key: SetKey & { kind: "source" }, breakpoints: P.SourceBreakpoint[]): Promise<void> {
    // The file's real path first (a symlinked directory: Delve knows files only by the path it
    // built them from), then its trailing components.
    const real = localPathFacts.real(key.file);
    // Written as a bare name (`time.rs:99`, found below the cwd: handlers/common.ts), it may still
    // bind by that name alone, as it did before it was looked up.
    const base = key.file.split(/[\\/]/).pop()!;
    const bare = this.registry.members(key).every((b) => b.location.startsWith(`${base}:`)) ? [base] : [];
    for (const path of [...(real && real !== key.file ? [real] : []), ...suffixCandidates(key.file), ...bare]) {
      const res = await this.sendSource(client, path, breakpoints).catch(() => undefined);
      if (!res) continue;
      const bound = res.breakpoints.filter((b) => b.verified);
      const elsewhere = bound.some((b) => {
        const at = b.source?.path;
        return !!at && isAbsolutePath(at) && existsSync(at) && sourceMatchScore(key.file, at, localPathFacts) === 0;
      });
      if (bound.length && !elsewhere) {
        await this.sendSource(client, key.file, []).catch(() => {});
        this.sentAs.set(key.file, path);
        this.registry.applyResponse(key, res.breakpoints);
        return;
      }
      await this.sendSource(client, path, []).catch(() => {});
    }
  }

  /** The answers to a function set in the order it was sent, where the adapter answers in its own (AdapterSpec.functionBreakpointIds). */
  private async inRequestOrder(q: InQueue, answered: P.Breakpoint[], nameOf: (b: Breakpoint) => string): Promise<P.Breakpoint[]> {
    const byName = this.session.adapter.functionBreakpointIds;
    const members = this.registry.members({ kind: "function" });
    if (!byName || members.length < 2) return answered;
    const text = await this.inspector.console.rawNow(q, byName.command).then(
      (r) => r.result,
      () => undefined,
    );
    const ids = text === undefined ? undefined : byName.parse(text);
    if (!ids) return answered;
    return members.map((b, i) => {
      const id = ids.get(nameOf(b));
      return (id === undefined ? undefined : answered.find((r) => r.id === id)) ?? answered[i]!;
    });
  }

  /** Why a line breakpoint did not bind, when the adapter does not say: the nearest lines with code, or the file is not in the program. */
  private async whyUnbound(q: InQueue, bp: Breakpoint): Promise<string> {
    const file = bp.file!;
    const probe = this.session.adapter.codeLines;
    if (probe) {
      const answer = await this.inspector.reader.evaluateNow(q, probe.command(file), "repl").then(
        (r) => r.result,
        (e: Error) => e.message,
      );
      const lines = probe.parse(answer);
      if (!lines) return `${file} is not in the program's debug info (not compiled into it, or built without -g)`;
      const after = lines.find((n) => n > bp.line!);
      const before = [...lines].reverse().find((n) => n < bp.line!);
      const near = [after, before].filter((n): n is number => n !== undefined).map((n) => `${n}`);
      return `no code at line ${bp.line}${near.length ? `; the nearest lines with code: ${near.join(", ")}` : ""}`;
    }
    if (!existsSync(file)) return `no file ${file} here; the program's debug info may name its source by another path (the one the compiler was given)`;
    return `no code at line ${bp.line} in the program's debug info (a line without a statement, or a file not compiled into this program with -g)`;
  }

  private activeExceptionFilters(): string[] {
    const known = new Set((this.session.capabilities.exceptionBreakpointFilters ?? []).map((f) => f.filter));
    return (this.chosenExceptionFilters ?? this.session.adapter.defaultExceptionFilters ?? []).filter((f) => known.has(f));
  }

  /** Default exception options only until the user chooses filters: debugpy ignores the filters when options are present. */
  private exceptionOptions(): P.ExceptionOptions[] | undefined {
    return !this.chosenExceptionFilters && this.session.capabilities.supportsExceptionOptions ? this.session.adapter.defaultExceptionOptions : undefined;
  }

  private async syncExceptionFilters(): Promise<void> {
    const client = this.session.dap;
    if (!client) return;
    let filters = this.activeExceptionFilters();
    const options = this.exceptionOptions();
    const conditions =
      !this.chosenExceptionFilters && this.session.capabilities.supportsExceptionFilterOptions ? this.session.adapter.defaultExceptionConditions : undefined;
    const filterOptions = conditions ? filters.filter((f) => conditions[f]).map((filterId) => ({ filterId, condition: conditions[filterId] })) : [];
    if (filterOptions.length) filters = filters.filter((f) => !conditions![f]);
    await client.request("setExceptionBreakpoints", {
      filters,
      ...(filterOptions.length ? { filterOptions } : {}),
      ...(options ? { exceptionOptions: options } : {}),
    });
  }

  private requireCapability(cap: keyof P.Capabilities, what: string): void {
    if (!this.session.capabilities[cap]) this.unsupported(cap, what);
  }

  private unsupported(cap: string, what: string): never {
    throw new DebuggerError(
      "UNSUPPORTED",
      `${this.session.adapter.name} does not support ${what} (capability ${cap})`,
      "use another kind of breakpoint or another adapter",
    );
  }
}

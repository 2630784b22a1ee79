// Reading values from a stopped program: variables of the selected frame, `print`, `eval`, `set`,
// and the values shown at a stop. How each value reads (the presentation rules) is in ../values/values.ts;
// this file asks the adapter and fills in what a value's own line cannot say.
import { NO_VALUE } from "../../../adapters/cLibrary.ts";
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import { DebuggerError } from "../../../common/errors.ts";
import type { PrintResult, Replies, ValueData } from "../../../ipc/commands.ts";
import type { DisplayValue, VariableView } from "../../../ipc/types.ts";
import { truncateValue, truncateVariables } from "../values/truncate.ts";
import type { DebuggerConsole } from "./debuggerConsole.ts";
import type { Translation } from "../../../adapters/lldbExpressions.ts";
import type { SessionCore } from "../facts.ts";
import type { SelectedFrame } from "./inspectorHost.ts";
import type { InQueue, Queue } from "../core/queue.ts";
import { checkedCount, oneLevelDown, type ValueReader } from "../values/oneLevelDown.ts";
import { functionName } from "./frameView.ts";
import { quoteBytes } from "../../../adapters/cValues.ts";
import { byteOf } from "../../../adapters/nativeValues.ts";
import {
  compactValue,
  evaluateError,
  formatTree,
  formatValue,
  isOpaqueValue,
  isStringLike,
  NULL_POINTER,
  typeAsWritten,
  type Format,
} from "../values/values.ts";

export class ValueInspector {
  /** `locals --all`: the adapter's grouping rows too (set only inside one queued operation). */
  private showHidden = false;
  /** The runtime's version (AdapterSpec.runtimeValue.versionExpression: Go's runtime.buildVersion), asked once. */
  private runtimeVersion: Promise<string | undefined> | undefined;
  /**
   * Expressions the debugger took only in another spelling (AdapterSpec.retryExpression: a C library
   * call cast to its return type), learned once for the session: later rows and calls ask that
   * spelling first instead of paying a refused evaluate each time.
   */
  private readonly learnedSpelling = new Map<string, string>();
  /** The program's named types as far as values' parts needed them (AdapterSpec.typedParts), learned once for the program. */
  private readonly namedTypes = new Map<string, string>();

  constructor(
    private readonly session: SessionCore,
    private readonly frames: SelectedFrame,
    private readonly console: DebuggerConsole,
    private readonly queue: Queue,
  ) {}

  variables(which: "locals" | "arguments", depth: number, all = false): Promise<Replies["locals"]> {
    return this.queue(async (q) => {
      const { frame, index } = await this.frames.selectedFrameNow(q);
      this.showHidden = all;
      let vars = await this.scopeVariablesNow(q, frame.id, which).finally(() => (this.showHidden = false));
      if (which === "arguments" && vars.length === 0) {
        const { scopes } = await this.session.requireStopped().request("scopes", { frameId: frame.id });
        if (!scopes.some(isArgumentsScope)) {
          // The locals scope holds the arguments too: the debugger's own command names them.
          const named = this.session.adapter.argumentNames;
          if (!named)
            throw new DebuggerError(
              "UNSUPPORTED",
              `${this.session.adapter.name} does not tell arguments from locals (scopes: ${scopes.map((x) => x.name).join(", ")})`,
              "`debugger locals` shows the frame's variables, arguments included",
            );
          const names = named.parse((await this.console.rawNow(q, named.command)).result);
          const locals = await this.scopeVariablesNow(q, frame.id, "locals");
          vars = names.flatMap((n) => locals.filter((v) => v.name === n).slice(0, 1));
        }
      }
      const expanded =
        depth > 0
          ? await Promise.all(vars.map(async (x) => (x.reference > 0 ? { ...x, children: await this.variablesNow(q, x.reference, depth - 1) } : x)))
          : vars;
      const cut = truncateVariables(expanded, { ...this.session.limits, maxLocals: 500 });
      return {
        frameIndex: index,
        frame: functionName(frame.name, this.session.adapter),
        variables: cut.variables,
        ...(cut.note ? { truncated: [cut.note] } : {}),
      };
    });
  }

  /** `print` (the selected frame; the program must be stopped) and `eval` (the console; may run). */
  /** `depth` undefined: one level, unless the value already reads as a string (a `char[32]` would list 32 characters). */
  value(expression: string, context: "print" | "eval", format: Format | undefined, depth: number | undefined, frame?: number): Promise<ValueData> {
    return this.queue(async (q) => {
      if (context === "print") this.session.requireStopped();
      return this.inFrameNow(q, frame, () => this.valueNow(q, expression, context, format, depth));
    });
  }

  /** Runs `read` with frame `index` selected, the selection put back after (`print --frame N`); undefined: as selected. */
  private async inFrameNow<T>(q: InQueue, index: number | undefined, read: () => Promise<T>): Promise<T> {
    if (index === undefined) return read();
    const restore = await this.frames.borrowFrameNow(q, index);
    try {
      return await read();
    } finally {
      restore();
    }
  }

  private async valueNow(q: InQueue, expression: string, context: "print" | "eval", format: Format | undefined, depth: number | undefined): Promise<ValueData> {
    const spelled = context === "print" ? await this.translateNow(q, expression) : { expression };
    format ??= spelled.format;
    const r = await this.evaluateNow(
      q,
      spelled.expression,
      context === "print" ? this.session.adapter.printContext : "repl",
      format === "hex" ? { hex: true } : undefined,
      undefined,
      expression,
    );
    const limit = Math.max(this.session.limits.maxValueLength * 20, 4000);
    const frameId = this.session.state === "stopped" ? (await this.frames.selectedFrameNow(q)).frame.id : undefined;
    const compact = compactValue(this.session.adapter, r.result, r.type);
    const pointer = context === "print" ? await this.pointerNow(q, compact, r.type, spelled.expression, frameId) : undefined;
    const full = formatValue(pointer ? `${pointer.address} → ${pointer.pointee}` : compact, format);
    const shown = truncateValue(full, limit);
    const truncated: string[] = [];
    if (shown.cut) truncated.push(`result: cut at ${limit} of ${full.length} characters; \`debugger print ${expression} --depth 1\` shows the parts`);
    // --format address: the pointer's bare address, nothing read behind it (no `→ {…}`, no children).
    if (isBareAddress(full, format)) return { expression, result: full, type: typeAsWritten(this.session.adapter, r.type), reference: r.variablesReference };
    const head = await this.smartPointerNow(
      q,
      await this.consoleValueNow(
        q,
        await this.inlineValue(q, { name: expression, type: r.type, value: shown.value, reference: r.variablesReference }, 1, frameId),
        expression,
        frameId,
      ),
      expression,
      frameId,
    );
    depth ??= context === "eval" || isStringLike(head.value) || this.session.adapter.nativeValues?.isByteArray(r.type) ? 0 : 1;
    const data: ValueData = { expression, result: head.value, type: typeAsWritten(this.session.adapter, r.type), reference: r.variablesReference };
    // A null pointer has nothing behind it: its one child would be an error or a type name (gdb: `int`).
    if (r.variablesReference > 0 && depth > 0 && !NULL_POINTER.test(head.value.trim())) {
      const children = await this.variablesNow(q, r.variablesReference, depth - 1, { frameId });
      data.children = formatTree(children.slice(0, 200), format);
      if (children.length > 200) truncated.push(`children: ${children.length - 200} more not shown`);
    }
    if (truncated.length) data.truncated = truncated;
    return data;
  }

  /** Several expressions in order; each failure is reported in place. */
  values(expressions: string[], format: Format | undefined, frame?: number): Promise<PrintResult[]> {
    return this.queue(async (q) => {
      this.session.requireStopped();
      return this.inFrameNow(q, frame, () => this.valuesNow(q, expressions, format));
    });
  }

  private async valuesNow(q: InQueue, expressions: string[], format: Format | undefined): Promise<PrintResult[]> {
    const out = [];
    for (const expression of expressions) {
      try {
        const spelled = await this.translateNow(q, expression);
        const shownAs = format ?? spelled.format;
        const r = await this.wholeElementsNow(
          q,
          expression,
          await this.evaluateNow(
            q,
            spelled.expression,
            this.session.adapter.printContext,
            shownAs === "hex" ? { hex: true } : undefined,
            undefined,
            expression,
          ),
        );
        const shown = await this.presentNow(q, spelled.expression, r, shownAs);
        out.push({
          expression,
          result: truncateValue(shown, this.session.limits.maxValueLength * 5).value,
          type: typeAsWritten(this.session.adapter, r.type),
          reference: r.variablesReference,
        });
      } catch (e) {
        out.push({ expression, error: (e as Error).message.replace(/^cannot evaluate '[^']*': /, "") });
      }
    }
    return out;
  }

  set(name: string, value: string): Promise<Replies["set"]> {
    return this.queue(async (q) => {
      const { frame } = await this.frames.selectedFrameNow(q);
      const client = this.session.requireStopped();
      const caps = this.session.capabilities;
      const { scopes } = await client.request("scopes", { frameId: frame.id });
      // What the adapter answers is not always the value (lldb-dap: none for a variable, its
      // console's `(int) $0 = 7` for an expression): the variable is read back.
      const readBack = async (said: { value?: string; type?: string }): Promise<Replies["set"]> => {
        const now = await this.evaluateNow(q, name, this.session.adapter.printContext, undefined).catch(() => undefined);
        if (now)
          return { name, value: compactValue(this.session.adapter, now.result, now.type), type: typeAsWritten(this.session.adapter, now.type ?? said.type) };
        return { name, value: said.value ?? value, type: said.type };
      };
      for (const scope of scopes.filter((x) => !x.expensive)) {
        const { variables } = await client.request("variables", { variablesReference: scope.variablesReference });
        if (!variables.some((x) => x.name === name)) continue;
        if (!caps.supportsSetVariable) break;
        const r = await client.request("setVariable", { variablesReference: scope.variablesReference, name, value }).catch((e) => {
          if (!(e instanceof DebuggerError) || e.code !== "ADAPTER_ERROR" || client.closed) throw e;
          const why = /^'setVariable' failed$/.test(e.message) ? "the debugger refused it" : e.message;
          throw new DebuggerError(
            "EVALUATE_FAILED",
            `cannot set '${name}' to '${value}': ${why}`,
            `\`debugger print ${name}\` shows its type; a struct is set a field at a time (\`${name}.field\`)`,
          );
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

  /**
   * `locals --scope NAME|all`: what the adapter offers for the frame beyond its locals (Globals,
   * Registers, …). A scope can hold thousands (a Python module's globals, a C program's statics):
   * each is cut at SCOPE_MAX and says how many were left out.
   */
  scoped(wanted: string, depth: number, all: boolean): Promise<Replies["locals"]> {
    return this.queue(async (q) => {
      const { frame, index } = await this.frames.selectedFrameNow(q);
      const { scopes } = await this.session.requireStopped().request("scopes", { frameId: frame.id });
      const chosen = wanted.toLowerCase() === "all" ? scopes : scopes.filter((s) => scopeMatches(s.name, wanted));
      if (!chosen.length) {
        throw new DebuggerError(
          "INVALID_ARGUMENT",
          `${this.session.adapter.name} offers no scope '${wanted}' in this frame (it offers: ${scopes.map((s) => s.name).join(", ") || "none"})`,
          `\`debugger locals --scope NAME\` with one of those, or --scope all; a variable of another scope reads by name: \`debugger print NAME\``,
        );
      }
      const variables: VariableView[] = [];
      const shown: { name: string; total: number; shown: number }[] = [];
      const truncated: string[] = [];
      this.showHidden = all;
      try {
        for (const s of chosen) {
          const listed = await this.variablesNow(q, s.variablesReference);
          const kept = await this.presentVariablesNow(q, listed.slice(0, SCOPE_MAX), frame.id);
          const expanded =
            depth > 0
              ? await Promise.all(kept.map(async (x) => (x.reference > 0 ? { ...x, children: await this.variablesNow(q, x.reference, depth - 1) } : x)))
              : kept;
          const cut = truncateVariables(expanded, { ...this.session.limits, maxLocals: SCOPE_MAX });
          for (const v of cut.variables) variables.push(chosen.length > 1 ? { ...v, scope: s.name } : v);
          shown.push({ name: s.name, total: listed.length, shown: cut.variables.length });
          if (listed.length > kept.length)
            truncated.push(`${s.name}: ${listed.length - kept.length} more not shown (${listed.length} in all); \`debugger print NAME\` reads one`);
          else if (cut.note) truncated.push(`${s.name}: ${cut.note.replace(/^locals: /, "")}`);
        }
      } finally {
        this.showHidden = false;
      }
      return { frameIndex: index, frame: functionName(frame.name, this.session.adapter), variables, scopes: shown, ...(truncated.length ? { truncated } : {}) };
    });
  }

  async scopeVariablesNow(q: InQueue, frameId: number, which: "locals" | "arguments" | "all"): Promise<VariableView[]> {
    const { scopes } = await this.session.requireLive().request("scopes", { frameId });
    // Scopes do not depend on each other: their variables are asked for at once.
    const out = (await Promise.all(pickScopes(scopes, which).map((s) => this.variablesNow(q, s.variablesReference)))).flat();
    return this.presentVariablesNow(q, out, frameId);
  }

  /** Variables as a frame's listing shows them: inline structs, values the adapter shows as nothing, smart pointers. */
  private async presentVariablesNow(q: InQueue, out: VariableView[], frameId: number): Promise<VariableView[]> {
    const shown = await Promise.all(out.map(async (v) => this.addressedNow(q, await this.inlineValue(q, v, 1, frameId), frameId)));
    // Console reads one at a time: each collects the adapter's output while it runs.
    for (const [i, v] of shown.entries()) shown[i] = await this.smartPointerNow(q, await this.consoleValueNow(q, v, v.name, frameId), v.name, frameId);
    return shown;
  }

  /** A value the adapter shows as nothing, read through the debugger's console (AdapterSpec.consoleValue). */
  private async consoleValueNow(_q: InQueue, v: VariableView, expression: string, frameId: number | undefined): Promise<VariableView> {
    const spec = this.session.adapter.consoleValue;
    if (!spec?.applies(v.value, v.reference, this.session.foundAdapter) || this.session.state !== "stopped") return v;
    const how = this.session.adapter.rawCommand?.(spec.command(expression), this.session.foundAdapter);
    if (!how?.textAsOutput) return v;
    const client = this.session.requireStopped();
    try {
      const { text } = await this.session.captureOutput(() => client.request("evaluate", { expression: how.expression, frameId, context: "repl" }));
      const value = spec.parse(text);
      return value ? { ...v, value: compactValue(this.session.adapter, value, v.type) } : v;
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
    // What the adapter's text leaves out, the language's own printing says (AdapterSpec.ownText: a Python deque's maxlen).
    const ownText = this.session.adapter.ownText;
    if (ownText?.applies(v)) {
      const own = await this.evaluateNow(q, ownText.expression(v.name), "repl", undefined, frameId).catch(() => undefined);
      const text = own && ownText.parse(own.result);
      return text ? { ...v, value: text } : v;
    }
    v = await this.typedPartsNow(v);
    const early = await checkedCount(this.session.adapter, v, v.name, this.readerFor(q, depth, frameId)).catch(() => undefined);
    if (early) return early;
    if (v.reference <= 0 || this.session.adapter.valuesAreRepr) return v;
    const down = await oneLevelDown(this.session.adapter, v, this.readerFor(q, depth, frameId)).catch(() => undefined);
    if (down) return down;
    // C, C++ and Rust spellings (bytes, `char` arrays, sizes): the native debuggers' own (AdapterSpec.nativeValues).
    const native = this.session.adapter.nativeValues;
    const size = native?.containerSize(v.value);
    const byteArray = !!native?.isByteArray(v.type);
    const struct = /(^\{)|( @ 0x[0-9a-f]+$)/i.test(v.value);
    // A C++ reference or a pointer to a struct shows as a bare address: the fields say more.
    const address = /^0x[0-9a-f]+$/i.test(v.value) ? native?.addressKind(v.type) : undefined;
    // LLDB shows a `char *` it cannot read as `0x10 ""`, like an empty string: its one child tells.
    if (native?.maybeUnreadableCharPointer(v.value, v.type)) {
      const [first] = await this.variablesNow(q, v.reference).catch(() => []);
      return first && native.isNulChar(first.value) ? v : { ...v, value: `${v.value.slice(0, -3)} <unreadable>` };
    }
    // gdb (through cdt-gdb-adapter) shows a `char[N]` as `[N]`: its elements are the string.
    if (native?.isCharArrayShownAsSize(v.value, v.type)) {
      const kids = await this.variablesNow(q, v.reference).catch(() => []);
      const bytes = kids.map((k) => native.byteValue(k.value));
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
        const shown = await Promise.all(
          kids.map((k) =>
            / @ 0x[0-9a-f]+$/i.test(k.value)
              ? this.inlineValue(q, k, 1, frameId)
              : depth > 0 && native?.containerSize(k.value) !== undefined
                ? this.inlineValue(q, k, depth - 1, frameId)
                : k,
          ),
        );
        // Children named by their keys (a Rust BTreeMap's `[1]`, `["apple"]`) keep them: `[1] = "x"`.
        const keyed = shown.some((k, i) => k.name !== `[${i}]`);
        return { ...v, value: `size=${size} [${shown.map((k) => (keyed ? `${k.name} = ${k.value}` : k.value)).join(", ")}]` };
      }
      // Plain fields: whatever already says its value in a short line (scalars, pointers, strings,
      // `Some(5)`, `{[0] = 1, [1] = 2}`), not a placeholder (`Item @ 0x…`, `{...}`, a bare `size=2`).
      // A byte array field is not plain even when LLDB prints it as a string: it reads as bytes.
      const plain = (k: VariableView) =>
        !(k.reference > 0 && native?.isByteArray(k.type) && !k.value.startsWith("{")) &&
        (k.reference <= 0 ||
          /^0x[0-9a-f]+$/i.test(k.value) ||
          isStringLike(k.value) ||
          /^raw: /.test(k.value) ||
          (!isOpaqueValue(k.value) && k.value.length <= 80));
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
   * A pointer whose text shows what it points at but not where (AdapterSpec.pointerAddress: Delve's
   * `*"E100"`): its address, asked for in the value's frame, and the pointee's text. Undefined when
   * the value is no such pointer or the address cannot be read (the value then stays as it was).
   */
  private async pointerNow(
    q: InQueue,
    value: string,
    type: string | undefined,
    expression: string,
    frameId: number | undefined,
  ): Promise<{ address: string; pointee: string } | undefined> {
    const spec = this.session.adapter.pointerAddress;
    const pointee = spec?.pointee(value, type);
    if (!spec || pointee === undefined) return undefined;
    const r = await this.evaluateNow(q, spec.expression(expression), "repl", undefined, frameId).catch(() => undefined);
    const address = r && spec.address(r.result);
    return address ? { address, pointee } : undefined;
  }

  /** A frame's variable that is such a pointer, shown `0x… → pointee` (a name Delve marks shadowed, `(x)`, is not an expression: left as it is). */
  private async addressedNow(q: InQueue, v: VariableView, frameId: number): Promise<VariableView> {
    if (!/^[A-Za-z_]\w*$/.test(v.name)) return v;
    const pointer = await this.pointerNow(q, v.value, v.type, v.name, frameId);
    return pointer ? { ...v, value: `${pointer.address} → ${pointer.pointee}` } : v;
  }

  /**
   * A smart pointer shown as its pointer only (AdapterSpec.ownedObject: gdb's `{get() = 0x…}`): the
   * object it owns is read and shown after it, as a raw pointer's is.
   */
  private async smartPointerNow(q: InQueue, v: VariableView, expression: string, frameId: number | undefined): Promise<VariableView> {
    const owned = /^[A-Za-z_][\w.]*$/.test(expression) ? this.session.adapter.ownedObject?.(v, expression) : undefined;
    if (!owned) return v;
    try {
      const r = await this.evaluateNow(q, owned, this.session.adapter.printContext, undefined, frameId);
      const inside = await this.inlineValue(
        q,
        { name: owned, type: r.type, value: compactValue(this.session.adapter, r.result, r.type), reference: r.variablesReference },
        1,
        frameId,
      );
      const text = await this.consoleValueNow(q, inside, owned, frameId ?? (await this.frames.selectedFrameNow(q)).frame.id);
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
      evaluate: (expression) =>
        this.evaluateNow(q, expression, this.session.adapter.printContext, undefined, frameId).then(
          (r) => r.result,
          () => undefined,
        ),
    };
  }

  /** An evaluate result as one line: strings cut at their NUL, bytes as bytes, small structs and containers inline. */
  private async presentNow(q: InQueue, expression: string, r: P.EvaluateResponse["body"], format?: Format, frameId?: number): Promise<string> {
    const compact = await this.runtimeValueNow(q, compactValue(this.session.adapter, r.result, r.type), r.type);
    const pointer = await this.pointerNow(q, compact, r.type, expression, frameId);
    // `&x` asks for an address: what is behind it is not read (`0x… → {…}` filled rows).
    const addressOf = /^&(?!&)/.test(expression.trim());
    if (pointer && (addressOf || format === "address")) return pointer.address;
    const value = formatValue(pointer ? `${pointer.address} → ${pointer.pointee}` : compact, format);
    if (isBareAddress(value, format) || (addressOf && /^0x[0-9a-f]+$/i.test(value.trim()))) return value;
    const shown = await this.inlineValue(q, { name: expression, type: r.type, value, reference: r.variablesReference }, 1, frameId);
    if (!this.session.adapter.consoleValue || this.session.state !== "stopped") return shown.value;
    const frame = frameId ?? (await this.frames.selectedFrameNow(q)).frame.id;
    return (await this.smartPointerNow(q, await this.consoleValueNow(q, shown, expression, frame), expression, frame)).value;
  }

  /** The runtime's values by meaning (AdapterSpec.runtimeValue: Go's sync and time), for the runtime's version, read once. */
  private async runtimeValueNow(q: InQueue, value: string, type: string | undefined): Promise<string> {
    const runtime = this.session.adapter.runtimeValue;
    if (!runtime?.applies(type)) return value;
    this.runtimeVersion ??= this.evaluateNow(q, runtime.versionExpression, "repl").then(
      (r) => r.result,
      () => undefined,
    );
    return runtime.read(value, type, await this.runtimeVersion);
  }

  /** A value's parts read by their own types (AdapterSpec.typedParts: Go's time.Duration fields), the named types it needs learned once. */
  private async typedPartsNow(v: VariableView): Promise<VariableView> {
    const parts = this.session.adapter.typedParts;
    if (!parts || v.reference <= 0) return v;
    // A bound on what a long session keeps (a type is a few hundred bytes).
    if (this.namedTypes.size > 5000) this.namedTypes.clear();
    await parts.learn(v, { children: (reference) => this.rawChildrenNow(reference) }, this.namedTypes).catch(() => undefined);
    const value = parts.read(v.value, v.type, this.namedTypes);
    return value === v.value ? v : { ...v, value };
  }

  /** A value's children as the adapter names and types them, nothing read further (for learning types). */
  private async rawChildrenNow(reference: number): Promise<VariableView[]> {
    const { variables } = await this.session.requireLive().request("variables", { variablesReference: reference });
    return variables.map((v) => ({ name: v.name, type: v.type, value: v.value, reference: v.variablesReference }));
  }

  /** The program was started again (a restart may have rebuilt it): its types are learned anew. */
  forgetProgramTypes(): void {
    this.namedTypes.clear();
  }

  /**
   * `addresses`: a pointer child whose text has no address (AdapterSpec.pointerAddress) gets it, read
   * by its evaluateName in that frame (`print`'s children: a few, where one extra request each is cheap).
   */
  async variablesNow(q: InQueue, reference: number, depth = 0, addresses?: { frameId: number | undefined }): Promise<VariableView[]> {
    const { variables } = await this.session.requireLive().request("variables", { variablesReference: reference });
    const out: VariableView[] = [];
    for (const v of variables) {
      if (!this.showHidden && this.session.adapter.hideVariable?.(v.name, v.type)) continue;
      const compact = await this.runtimeValueNow(q, compactValue(this.session.adapter, v.value, v.type), v.type);
      const value =
        v.variablesReference > 0 ? (await this.typedPartsNow({ name: v.name, type: v.type, value: compact, reference: v.variablesReference })).value : compact;
      const pointer =
        addresses && v.evaluateName && out.length < ADDRESSED_CHILDREN ? await this.pointerNow(q, value, v.type, v.evaluateName, addresses.frameId) : undefined;
      const view: VariableView = {
        name: v.name,
        type: typeAsWritten(this.session.adapter, v.type),
        value: pointer ? `${pointer.address} → ${pointer.pointee}` : value,
        reference: v.variablesReference,
      };
      if (depth > 0 && v.variablesReference > 0) view.children = await this.variablesNow(q, v.variablesReference, depth - 1, addresses);
      out.push(view);
    }
    return out;
  }

  /**
   * An expression as the agent wrote it, spelled for the adapter's evaluator (AdapterSpec.translateExpression),
   * in frame `at`, else the selected frame; a refusal is thrown.
   */
  async translateNow(q: InQueue, expression: string, at?: number): Promise<Translation> {
    const translate = this.session.adapter.translateExpression;
    if (!translate) return { expression };
    const evaluate = (e: string) => this.evaluateNow(q, e, this.session.adapter.printContext, undefined, at);
    return translate(expression, {
      program: this.session.program,
      evaluate,
      fields: async (e) => {
        const reference = (await evaluate(e)).variablesReference;
        return reference > 0 ? (await this.variablesNow(q, reference)).map((v) => v.name) : [];
      },
    });
  }

  /** In frame `at`, else the selected frame when stopped. `asWritten`: the expression before translateNow, for errors. */
  async evaluateNow(
    q: InQueue,
    expression: string,
    context: "watch" | "repl" | "hover" | "clipboard",
    format?: P.ValueFormat,
    at?: number,
    asWritten = expression,
  ): Promise<P.EvaluateResponse["body"]> {
    const client = this.session.requireLive();
    let frameId = at;
    if (frameId === undefined && this.session.state === "stopped") frameId = (await this.frames.selectedFrameNow(q)).frame.id;
    const spell = (text: string) =>
      context === "repl" ? { expression: text } : (this.session.adapter.rewriteExpression?.(text, this.session.foundAdapter) ?? { expression: text });
    const spelled = spell(expression);
    const ask = (text: string, how: typeof context) =>
      client.request("evaluate", {
        expression: text,
        frameId,
        context: how,
        ...(format && this.session.capabilities.supportsValueFormattingOptions ? { format } : {}),
      });
    // A spelling the debugger asks for after refusing this one with ERROR (a C library call cast to
    // its declared type), asked once: undefined when there is none.
    const retry = async (error: string) => {
      if (context === "repl") return undefined;
      const again = this.session.adapter.retryExpression?.(expression, error, this.session.program);
      if (again === undefined) return undefined;
      const other = spell(again);
      const body = await ask(other.expression, other.context ?? context);
      this.session.adapter.checkEvaluate?.(again, body);
      if (this.learnedSpelling.size < 1000) this.learnedSpelling.set(expression, again);
      return body;
    };
    // The spelling learned before, asked first; where it fails now (another frame), the usual way follows.
    const learned = context === "repl" ? undefined : this.learnedSpelling.get(expression);
    if (learned !== undefined) {
      const other = spell(learned);
      const body = await ask(other.expression, other.context ?? context).catch(() => undefined);
      if (body && body.result !== "") {
        this.session.adapter.checkEvaluate?.(learned, body);
        return body;
      }
    }
    try {
      let body: P.EvaluateResponse["body"];
      try {
        body = await ask(spelled.expression, spelled.context ?? context);
        // An empty value (gdb's answer to a call it cannot type) may have a spelling that has one.
        if (body.result === "") body = (await retry(NO_VALUE).catch(() => undefined)) ?? body;
        this.session.adapter.checkEvaluate?.(expression, body);
      } catch (e) {
        if (!(e instanceof DebuggerError) || (e.code !== "ADAPTER_ERROR" && e.code !== "EVALUATE_FAILED") || client.closed) throw e;
        const again = await retry(e.message).catch(() => undefined);
        if (again) body = again;
        // The adapter's other spelling failed: the expression as written says why, or works.
        else if (!spelled.orAsWritten || e.code !== "ADAPTER_ERROR") throw e;
        else {
          body = await ask(expression, context);
          this.session.adapter.checkEvaluate?.(expression, body);
        }
      }
      return body;
    } catch (e) {
      // A broken connection (a malformed frame) is not the expression's fault.
      if (e instanceof DebuggerError && e.code === "ADAPTER_ERROR" && !client.closed) {
        const asked = asWritten === expression ? "" : ` (${this.session.adapter.name} was asked \`${expression}\`)`;
        const noAddress = /^\s*&(?!&)/.test(asWritten) && this.session.adapter.noAddressOf ? `; ${this.session.adapter.noAddressOf}` : "";
        throw new DebuggerError(
          "EVALUATE_FAILED",
          `cannot evaluate '${asWritten}': ${evaluateError(this.session.adapter, e.message)}${asked}${noAddress}`,
          "`debugger locals` lists the names in scope",
        );
      }
      throw e;
    }
  }

  /**
   * A text the adapter cut short (cutByAdapter: pydevd in each element's middle, Delve at 256 bytes),
   * asked again in the clipboard context, which gives it whole (pydevd answers an error there as a
   * value, so only a value that evaluated is asked again).
   */
  private async wholeElementsNow(q: InQueue, expression: string, r: P.EvaluateResponse["body"], at?: number): Promise<P.EvaluateResponse["body"]> {
    if (!this.session.adapter.cutByAdapter?.(r.result)) return r;
    return this.evaluateNow(q, expression, "clipboard", undefined, at).catch(() => r);
  }

  /**
   * Expressions shown at a stop: each evaluated in frame `at` (else the selected one); a failure is
   * reported in place, never thrown. Each text is cut at MAXLENGTH (the session's value budget),
   * unless the caller cuts it by its meaning itself, as `run`'s rows do (rowValue).
   */
  async displaysNow(q: InQueue, items: { id?: number; expression: string }[], at?: number, maxLength?: number): Promise<DisplayValue[]> {
    const out: DisplayValue[] = [];
    for (const d of items) {
      try {
        const spelled = await this.translateNow(q, d.expression, at);
        const r = await this.wholeElementsNow(
          q,
          d.expression,
          await this.evaluateNow(
            q,
            spelled.expression,
            this.session.adapter.printContext,
            spelled.format === "hex" ? { hex: true } : undefined,
            at,
            d.expression,
          ),
          at,
        );
        out.push({
          ...d,
          value: truncateValue(await this.presentNow(q, spelled.expression, r, spelled.format, at), maxLength ?? this.session.limits.maxValueLength).value,
          ...(r.type ? { type: typeAsWritten(this.session.adapter, r.type) } : {}),
        });
      } catch (e) {
        out.push({ ...d, error: (e as Error).message.replace(/^cannot evaluate '[^']*': /, "") });
      }
    }
    return out;
  }
}

/** Children of a `print` whose addresses are read, one request each; the rest keep the adapter's text. */
const ADDRESSED_CHILDREN = 50;

/** Variables listed per scope by `locals --scope`: enough to find a global, a bounded reply. */
const SCOPE_MAX = 100;

/** `globals` names lldb-dap's and debugpy's Globals, `local` gdb's Local: case and a plural s do not matter, a prefix will do. */
export function scopeMatches(name: string, wanted: string): boolean {
  const norm = (x: string) => x.trim().toLowerCase().replace(/s$/, "");
  const n = norm(name);
  const w = norm(wanted);
  return w.length > 0 && (n === w || n.startsWith(w));
}

function isArgumentsScope(s: P.Scope): boolean {
  return s.presentationHint === "arguments" || /^arg/i.test(s.name);
}

/** The scopes that hold a frame's locals, its arguments, or every cheap one. */
export function pickScopes(scopes: P.Scope[], which: "locals" | "arguments" | "all"): P.Scope[] {
  if (which === "all") return scopes.filter((s) => !s.expensive);
  const isLocals = (s: P.Scope) => s.presentationHint === "locals" || /^locals?$/i.test(s.name);
  if (which === "arguments") return scopes.filter(isArgumentsScope);
  const locals = scopes.filter(isLocals);
  return locals.length ? locals : scopes.filter((s) => !s.expensive && !isArgumentsScope(s)).slice(0, 1);
}

/** A value `--format address` made an address: shown as it is, without the pointee. */
function isBareAddress(value: string, format: Format | undefined): boolean {
  return format === "address" && /^0x[0-9a-f]+$/i.test(value);
}

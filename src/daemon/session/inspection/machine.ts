// The machine level of a stopped program: registers, memory and disassembly.
import { DebuggerError } from "../../../common/errors.ts";
import type { Replies } from "../../../ipc/commands.ts";
import { readLines } from "./sourceWindow.ts";
import type { SessionCore } from "../facts.ts";
import type { SelectedFrame } from "./inspectorHost.ts";
import { memoryLines, type MemoryFormat } from "../../../common/memoryFormat.ts";
import type { InQueue, Queue } from "../core/queue.ts";
import { functionName } from "./frameView.ts";
import type { ValueInspector } from "./valueInspector.ts";

export class Machine {
  constructor(
    private readonly session: SessionCore,
    private readonly frames: SelectedFrame,
    private readonly values: ValueInspector,
    private readonly queue: Queue,
  ) {}

  registers(names: string[], all: boolean): Promise<Replies["registers"]> {
    return this.queue(async (q) => {
      const { frame, index } = await this.frames.selectedFrameNow(q);
      const { scopes } = await this.session.requireStopped().request("scopes", { frameId: frame.id });
      const scope = scopes.find((x) => x.presentationHint === "registers" || /regist/i.test(x.name));
      if (!scope)
        throw new DebuggerError(
          "UNSUPPORTED",
          `${this.session.adapter.name} shows no registers (scopes: ${scopes.map((x) => x.name).join(", ")})`,
          "`debugger raw` may reach the debugger's own register command",
        );
      // lldb-dap groups registers in sets ("General Purpose Registers", …): flatten them.
      const top = await this.values.variablesNow(q, scope.variablesReference);
      const groups = top.every((x) => x.reference > 0) ? top : [{ name: scope.name, value: "", reference: 0, children: top }];
      const wanted = new Set(names.map((n) => n.replace(/^\$/, "").toLowerCase()));
      const out: { name: string; value: string; group: string }[] = [];
      for (const [i, g] of groups.entries()) {
        // Without names: the first set (general purpose) only, unless --all.
        if (!wanted.size && !all && i > 0) break;
        const regs = g.children ?? (await this.values.variablesNow(q, g.reference));
        for (const r of regs) if (!wanted.size || wanted.has(r.name.toLowerCase())) out.push({ name: r.name, value: r.value, group: g.name });
      }
      const missing = [...wanted].filter((n) => !out.some((r) => r.name.toLowerCase() === n));
      if (missing.length) throw new DebuggerError("INVALID_ARGUMENT", `no register ${missing.join(", ")}`, "`debugger registers --all` lists them");
      return { frameIndex: index, registers: out };
    });
  }

  readMemory(location: string, count: number, format: MemoryFormat = "hex"): Promise<Replies["memory.read"]> {
    return this.queue(async (q) => {
      const client = this.session.requireStopped();
      const own = this.session.adapter.memoryCommand;
      if (!this.session.capabilities.supportsReadMemoryRequest && !own) {
        throw new DebuggerError(
          "UNSUPPORTED",
          `${this.session.adapter.name} cannot read memory (capability supportsReadMemoryRequest)`,
          "`debugger print` shows values; `debugger raw` may reach the debugger's own command",
        );
      }
      // An address as given, or an expression whose value (`&x`, a pointer) is one.
      let address = /^(0x[0-9a-f]+|\d+)$/i.test(location) ? location : undefined;
      if (!address) {
        const r = await this.values.evaluateNow(q, location, this.session.adapter.printContext);
        address = r.memoryReference ?? /0x[0-9a-f]+/i.exec(r.result)?.[0];
        if (!address)
          throw new DebuggerError(
            "INVALID_ARGUMENT",
            `'${location}' is not an address (it is ${r.result})`,
            "give an address (0x7ffe…) or a pointer expression such as &x",
          );
      }
      let start: string;
      let bytes: Uint8Array;
      let via: string;
      if (this.session.capabilities.supportsReadMemoryRequest) {
        const body = await client.request("readMemory", { memoryReference: address, count });
        bytes = body?.data ? Buffer.from(body.data, "base64") : new Uint8Array(0);
        start = body?.address ?? address;
        via = "readMemory";
      } else {
        const r = await this.values.evaluateNow(q, own!.command(address, count), "repl");
        const read = own!.parse(r.result);
        start = read?.address ?? (/^\d+$/.test(address) ? `0x${BigInt(address).toString(16)}` : address);
        bytes = read?.bytes.subarray(0, count) ?? new Uint8Array(0);
        via = own!.via;
      }
      const unreadable = Math.max(0, count - bytes.length);
      return { address: start, count: bytes.length, unreadable, hex: Buffer.from(bytes).toString("hex"), dump: memoryLines(BigInt(start), bytes, format), via };
    });
  }

  /**
   * From the current instruction or ADDR, COUNT instructions; or (`fn`) a whole function: the
   * selected frame's (`true`) or one by name, from its first instruction to the next symbol's,
   * at most `count` (default FUNCTION_MAX).
   */
  disassemble(address: string | undefined, count: number | undefined, withSource = false, fn?: boolean | string): Promise<Replies["disassemble"]> {
    return this.queue(async (q) => {
      const client = this.session.requireStopped();
      if (!this.session.capabilities.supportsDisassembleRequest)
        throw new DebuggerError(
          "UNSUPPORTED",
          `${this.session.adapter.name} does not support disassembly (capability supportsDisassembleRequest)`,
          "`debugger raw` may reach the debugger's own disassembler",
        );
      const { frame } = await this.frames.selectedFrameNow(q);
      const pc = frame.instructionPointerReference;
      const whole = fn !== undefined && fn !== false ? await this.functionStartNow(q, fn === true ? undefined : fn, frame.name, pc) : undefined;
      const at = whole?.start ?? address ?? pc;
      if (!at)
        throw new DebuggerError(
          "UNSUPPORTED",
          `${this.session.adapter.name} gave no instruction address for this frame`,
          "give one: `debugger disassemble 0x401000`",
        );
      if (!/^(0x[0-9a-f]+|\d+)$/i.test(at)) throw new DebuggerError("INVALID_ARGUMENT", `'${at}' is not an address`, "e.g. `debugger disassemble 0x401000`");
      const limit = whole ? (count ?? FUNCTION_MAX) : (count ?? 16);
      // One more than the limit: an instruction past it that is still the function's means it was cut.
      const body = await client.request("disassemble", { memoryReference: at, instructionCount: whole ? limit + 1 : limit, resolveSymbols: true });
      const current = pc ? BigInt(pc) : undefined;
      let raw = body?.instructions ?? [];
      let truncated: string | undefined;
      if (whole) {
        // The symbol's own spelling where the debugger gives one (`Foo::bar(int)` for `Foo::bar`).
        if (!whole.end) whole.name = raw[0]?.symbol?.replace(/\+\d+$/, "") || whole.name;
        const end = whole.end ? countBefore(raw, BigInt(whole.end)) : functionEnd(raw, whole.name);
        if (end > limit) {
          truncated = `cut at ${limit} instructions: the function goes on (\`debugger disassemble ${raw[limit]!.address} --count N\` shows the rest)`;
          raw = raw.slice(0, limit);
        } else raw = raw.slice(0, end);
      }
      const instructions = raw.map((i) => ({
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
      // A listing by count runs on into the next function: said, with the flag that stops at the end.
      const into = whole ? undefined : nextFunction(raw);
      const next = into && { address: raw[into]!.address, function: raw[into]!.symbol!.replace(/\+\d+$/, ""), note: "" };
      if (next)
        next.note = `from ${next.address} on this is ${next.function}, another function: ${address === undefined ? "`debugger disassemble --function` shows the current function, to its end" : "`debugger disassemble --function NAME` shows one function, to its end"}`;
      return { address: at, instructions, ...(whole ? { function: whole.name } : {}), ...(truncated ? { truncated } : {}), ...(next ? { next } : {}) };
    });
  }

  /**
   * Where a function starts: gdb names each instruction `add+10`, so the current one says how far
   * in it is; otherwise (lldb-dap names only a symbol's first instruction) the function's name is
   * evaluated, which both debuggers answer with its address. The selected frame's function must
   * then hold the current instruction, or the name meant another (an overload).
   */
  private async functionStartNow(
    q: InQueue,
    name: string | undefined,
    frameName: string,
    pc: string | undefined,
  ): Promise<{ start: string; name: string; end?: string }> {
    const own = this.session.adapter.functionRange;
    if (own && name === undefined && pc) {
      const range = own.parse((await this.values.evaluateNow(q, own.command(pc), "repl")).result);
      if (range) return range;
    }
    if (name === undefined) {
      if (!pc)
        throw new DebuggerError(
          "UNSUPPORTED",
          `${this.session.adapter.name} gave no instruction address for this frame`,
          "`debugger disassemble --function NAME` names the function",
        );
      const here = (await this.session.requireStopped().request("disassemble", { memoryReference: pc, instructionCount: 1, resolveSymbols: true }))
        ?.instructions?.[0];
      const m = /^(.+)\+(\d+)$/.exec(here?.symbol ?? "");
      if (m && BigInt(pc) >= BigInt(m[2]!)) return { start: `0x${(BigInt(pc) - BigInt(m[2]!)).toString(16)}`, name: m[1]! };
    }
    const wanted = name ?? functionName(frameName, this.session.adapter);
    const r = await this.values.evaluateNow(q, wanted, this.session.adapter.printContext).catch((e: Error) => {
      throw new DebuggerError(
        "INVALID_ARGUMENT",
        `cannot find function '${wanted}': ${e.message.replace(/^cannot evaluate '[^']*': /, "")}`,
        "`debugger disassemble ADDR --count N` disassembles from an address",
      );
    });
    const start = /^0x[0-9a-f]+$/i.test(r.memoryReference ?? "") ? r.memoryReference! : /0x[0-9a-f]+/i.exec(r.result)?.[0];
    // A function's type ends in its parameter list: `int (*)(int, int)` (LLDB), `int (int, int)` (gdb); Go's is `func(…)…`.
    if (!/\)\s*$/.test(r.type ?? "") && !/^func\b/.test(r.type ?? "")) {
      throw new DebuggerError(
        "INVALID_ARGUMENT",
        `'${wanted}' is not a function (it is ${r.result})`,
        "`debugger disassemble ADDR --count N` disassembles from an address",
      );
    }
    // Delve shows a function as its name, with no address, and names no instruction's symbol.
    if (!start)
      throw new DebuggerError(
        "UNSUPPORTED",
        `${this.session.adapter.name} does not say where function '${wanted}' starts (its value is ${r.result}, with no address)`,
        "`debugger disassemble --count N` disassembles from the current instruction, `debugger disassemble ADDR --count N` from an address",
      );
    if (name === undefined && pc && (BigInt(pc) < BigInt(start) || BigInt(pc) - BigInt(start) > 1_000_000n)) {
      throw new DebuggerError(
        "UNSUPPORTED",
        `cannot tell where the current function starts ('${wanted}' is at ${start}, the frame at ${pc})`,
        "`debugger disassemble --count N` disassembles from the current instruction",
      );
    }
    if (own) {
      const range = own.parse((await this.values.evaluateNow(q, own.command(start), "repl")).result);
      if (range) return range;
    }
    return { start, name: wanted };
  }
}

/** Instructions shown by `disassemble --function` unless --count says otherwise. */
const FUNCTION_MAX = 400;

/**
 * How many of INSTRUCTIONS (from a function's first) belong to it: up to the first that starts
 * another symbol. A debugger that names every instruction (gdb: `add+10`) names none past the
 * last function of a section; one that names only a symbol's first cannot tell (functionRange).
 */
export function functionEnd(instructions: readonly { symbol?: string }[], name: string): number {
  const everyOne = instructions.length > 1 && !!instructions[0]!.symbol && !!instructions[1]!.symbol;
  for (let i = 1; i < instructions.length; i++) {
    const s = instructions[i]!.symbol;
    if (s ? s.replace(/\+\d+$/, "") !== name : everyOne) return i;
  }
  return instructions.length;
}

/**
 * The index of the first of INSTRUCTIONS that starts another function than the first's, if any:
 * gdb names every instruction (`add+10`), lldb-dap only a function's first (`factorial`).
 */
export function nextFunction(instructions: readonly { symbol?: string }[]): number | undefined {
  const first = instructions[0]?.symbol?.replace(/\+\d+$/, "");
  const i = instructions.findIndex((x, k) => k > 0 && !!x.symbol && x.symbol.replace(/\+\d+$/, "") !== first);
  return i > 0 ? i : undefined;
}

/** How many of INSTRUCTIONS (in address order) lie before END. */
function countBefore(instructions: readonly { address: string }[], end: bigint): number {
  const i = instructions.findIndex((x) => /^0x[0-9a-f]+$/i.test(x.address) && BigInt(x.address) >= end);
  return i < 0 ? instructions.length : i;
}

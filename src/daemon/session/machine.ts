// The machine level of a stopped program: registers, memory and disassembly.
import { DebuggerError } from "../../common/errors.ts";
import type { Replies } from "../../ipc/commands.ts";
import { readLines } from "../sourceWindow.ts";
import type { InspectorHost, SelectedFrame } from "./inspectorHost.ts";
import { memoryLines, type MemoryFormat } from "../../common/memoryFormat.ts";
import type { Queue } from "./queue.ts";
import type { ValueInspector } from "./valueInspector.ts";

export class Machine {
  constructor(
    private readonly host: InspectorHost,
    private readonly frames: SelectedFrame,
    private readonly values: ValueInspector,
    private readonly queue: Queue,
  ) {}

  registers(names: string[], all: boolean): Promise<Replies["registers"]> {
    return this.queue(async (q) => {
      const { frame, index } = await this.frames.selectedFrameNow(q);
      const { scopes } = await this.host.requireStopped().request("scopes", { frameId: frame.id });
      const scope = scopes.find((x) => x.presentationHint === "registers" || /regist/i.test(x.name));
      if (!scope) throw new DebuggerError("UNSUPPORTED", `${this.host.adapter.name} shows no registers (scopes: ${scopes.map((x) => x.name).join(", ")})`, "`debugger raw` may reach the debugger's own register command");
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
      const client = this.host.requireStopped();
      const own = this.host.adapter.memoryCommand;
      if (!this.host.capabilities.supportsReadMemoryRequest && !own) {
        throw new DebuggerError("UNSUPPORTED", `${this.host.adapter.name} cannot read memory (capability supportsReadMemoryRequest)`, "`debugger print` shows values; `debugger raw` may reach the debugger's own command");
      }
      // An address as given, or an expression whose value (`&x`, a pointer) is one.
      let address = /^(0x[0-9a-f]+|\d+)$/i.test(location) ? location : undefined;
      if (!address) {
        const r = await this.values.evaluateNow(q, location, this.host.adapter.printContext);
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

  disassemble(address: string | undefined, count: number, withSource = false): Promise<Replies["disassemble"]> {
    return this.queue(async (q) => {
      const client = this.host.requireStopped();
      if (!this.host.capabilities.supportsDisassembleRequest) throw new DebuggerError("UNSUPPORTED", `${this.host.adapter.name} does not support disassembly (capability supportsDisassembleRequest)`, "`debugger raw` may reach the debugger's own disassembler");
      const { frame } = await this.frames.selectedFrameNow(q);
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
}

// Rust's std wrappers as both native debuggers show them through rustc's own formatters (LLDB's
// lldb_providers.py, gdb's gdb_providers.py): the state on the value's line (`strong=1, weak=0`),
// the value one level down (AdapterSpec.wrappers of lldb-dap, CodeLLDB, the lldb console and gdb).
// Unit-tested from a table of the debuggers' text.
import type { VariableView } from "../ipc/types.ts";
import type { ValueReader, ValueWrappers } from "./types.ts";

export const byName = (kids: VariableView[], name: string) => kids.find((k) => k.name === name);

/** The child picked from `v`'s children, as one line. */
export async function insideOf(v: VariableView, r: ValueReader, pick: (kids: VariableView[]) => VariableView | undefined): Promise<string | undefined> {
  const kid = pick(await r.children(v.reference));
  return kid ? (await r.inline(kid)).value : undefined;
}

/** `v` shown as its state, then what is inside (`strong=1, weak=0 → 5`). */
export function stateThenInside(v: VariableView, label: string, inside: string | undefined): VariableView | undefined {
  return inside === undefined ? undefined : { ...v, value: inside.startsWith(label) ? inside : `${label} → ${inside}` };
}

export const rustWrappers: ValueWrappers = {
  async inside(v, r) {
    const value = v.value.trim();
    const type = v.type ?? "";
    // Rc/Arc (`strong=1, weak=0`) and RefCell (`borrow=0`) hold `value` (rustc's Arc provider names it `data`).
    if (/^strong=\d+, weak=\d+$/.test(value) || /^borrow=-?\d+$/.test(value))
      return stateThenInside(v, value, await insideOf(v, r, (k) => byName(k, "value") ?? byName(k, "data")));
    // A Mutex or RwLock has no provider: LLDB shows `Mutex<i32> @ 0x…`, gdb `{...}`; its `data` is the value.
    // std's own types only (shown bare or under std/core): a program's `generics::Cell<T>` is its own struct.
    if (/^(?:std::sync::(?:[a-z_]+::)*)?(?:Mutex|RwLock)<.*>$/.test(type) && / @ 0x[0-9a-f]+$|^\{/.test(value)) {
      const data = await insideOf(v, r, (k) => byName(k, "data"));
      return data === undefined ? undefined : { ...v, value: `Mutex {data = ${data}}` };
    }
    if (/^(?:core::cell::)?(?:UnsafeCell|Cell|SyncUnsafeCell)<.*>$/.test(type)) {
      const inside = await insideOf(v, r, (k) => byName(k, "value"));
      return inside === undefined ? undefined : { ...v, value: inside };
    }
    return undefined;
  },
};

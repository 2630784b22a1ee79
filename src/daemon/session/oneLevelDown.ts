// Values whose own line names a state but not the value inside it: a C++ optional's `Has Value=true`,
// a variant's `Active Type = …`, a unique_ptr's address, Rust's `strong=1, weak=0` (Rc, Arc) and
// `borrow=0` (RefCell), a Mutex's fields, a Go channel's `2/4`, a C++ tuple LLDB has no formatter
// for. The value one level down is read from the children and shown after the state, as pointers
// already are (`0x… → {x = 3}`). And a container's size is checked against the count the runtime
// keeps where LLDB's formatter is known to misread it (libstdc++'s unordered containers on GCC 12).
import type { VariableView } from "../../ipc/types.ts";
import { stringView } from "../../adapters/cValues.ts";

export interface ValueReader {
  children(reference: number): Promise<VariableView[]>;
  /** A child as one line (its own one-level-down, small structs inline). */
  inline(v: VariableView): Promise<VariableView>;
  /** An expression's value in the selected frame, or undefined when it cannot be read. */
  evaluate(expression: string): Promise<string | undefined>;
}

const byName = (kids: VariableView[], name: string) => kids.find((k) => k.name === name);

/** The value one level down, or undefined when `v` is not such a wrapper (or its inside cannot be read). */
export async function oneLevelDown(v: VariableView, r: ValueReader): Promise<VariableView | undefined> {
  const value = v.value.trim();
  const type = v.type ?? "";
  if (v.reference <= 0) return undefined;
  const inner = async (pick: (kids: VariableView[]) => VariableView | undefined): Promise<string | undefined> => {
    const kid = pick(await r.children(v.reference));
    return kid ? (await r.inline(kid)).value : undefined;
  };
  const shown = (label: string, inside: string | undefined) =>
    inside === undefined ? undefined : { ...v, value: inside.startsWith(label) ? inside : `${label} → ${inside}` };
  // LLDB's libstdc++ formatters: optional and variant hold their value in a child named `Value`.
  if (value === "Has Value=true" || /^Active Type = /.test(value)) return shown(value, await inner((k) => byName(k, "Value")));
  // unique_ptr: LLDB shows the address, its child `pointer` the object.
  if (/^(?:const )?std::unique_ptr</.test(type) && /^0x[0-9a-f]+$/i.test(value) && !/^0x0+$/i.test(value))
    return shown(value, await inner((k) => byName(k, "pointer")));
  // Rust: Rc/Arc (`strong=1, weak=0`) and RefCell (`borrow=0`) hold `value`; a Mutex its `data`, a cell its `value`.
  // (rustc's Arc provider names the child `data`.)
  if (/^strong=\d+, weak=\d+$/.test(value) || /^borrow=-?\d+$/.test(value)) return shown(value, await inner((k) => byName(k, "value") ?? byName(k, "data")));
  if (/(?:^|::)(?:Mutex|RwLock)<.*>$/.test(type) && / @ 0x[0-9a-f]+$|^\{/.test(value)) {
    const data = await inner((k) => byName(k, "data"));
    return data === undefined ? undefined : { ...v, value: `Mutex {data = ${data}}` };
  }
  if (/(?:^|::)(?:UnsafeCell|Cell|SyncUnsafeCell)<.*>$/.test(type)) return cellValue(v, await inner((k) => byName(k, "value")));
  // LLDB 19 has no libstdc++ string_view formatter: the _M_len bytes at _M_str are the value.
  if (/^std::(?:basic_)?string_view\b/.test(type) && / @ 0x[0-9a-f]+$/i.test(value)) {
    const kids = await r.children(v.reference);
    const len = byName(kids, "_M_len")?.value;
    const str = byName(kids, "_M_str")?.value;
    const viewed = len !== undefined && str !== undefined ? stringView(`{_M_len = ${len}, _M_str = ${str}}`, type) : undefined;
    return viewed?.startsWith('"') ? { ...v, value: viewed } : undefined;
  }
  if (/^std::tuple</.test(type) && / @ 0x[0-9a-f]+$/i.test(value)) return tupleValue(v, r);
  if (/^chan /.test(type) && /^chan .* \d+\/\d+$/.test(value)) return goChannel(v, r);
  return undefined;
}

function cellValue(v: VariableView, inside: string | undefined): VariableView | undefined {
  return inside === undefined ? undefined : { ...v, value: inside };
}

/** libstdc++'s tuple: element N is `_M_head_impl` of the base `_Head_base<N, …>`, nested in `_Tuple_impl`s. */
async function tupleValue(v: VariableView, r: ValueReader): Promise<VariableView | undefined> {
  const found = new Map<number, string>();
  const walk = async (kids: VariableView[], depth: number): Promise<void> => {
    for (const k of kids) {
      const head = /_Head_base<(\d+)/.exec(k.name);
      if (head && k.reference > 0) {
        const item = byName(await r.children(k.reference), "_M_head_impl");
        if (item) found.set(Number(head[1]), (await r.inline(item)).value);
      } else if (/_Tuple_impl</.test(k.name) && k.reference > 0 && depth < 32) await walk(await r.children(k.reference), depth + 1);
    }
  };
  await walk(await r.children(v.reference), 0);
  if (!found.size) return undefined;
  const items = [...found.keys()].sort((a, b) => a - b);
  if (items.some((n, i) => n !== i)) return undefined;
  return { ...v, value: `{${items.map((n) => found.get(n)).join(", ")}}` };
}

/** Delve shows a buffered channel as `chan int 2/4`: the items waiting in it are buf[(recvx + i) % dataqsiz]. */
async function goChannel(v: VariableView, r: ValueReader): Promise<VariableView | undefined> {
  const kids = await r.children(v.reference);
  const num = (name: string) => {
    const k = byName(kids, name);
    // Delve: `2 = 0x2`.
    const m = k ? /^(\d+)(?: = 0x[0-9a-f]+)?$/i.exec(k.value.trim()) : null;
    return m ? Number(m[1]) : undefined;
  };
  const count = num("qcount");
  const size = num("dataqsiz");
  const recvx = num("recvx") ?? 0;
  const buf = byName(kids, "buf");
  if (count === undefined || size === undefined || !buf || buf.reference <= 0) return undefined;
  if (count === 0) return { ...v, value: `${v.value} []` };
  // buf is a pointer to an array: its one child is the array, whose children are the slots.
  let slots = await r.children(buf.reference);
  if (slots.length === 1 && slots[0]!.reference > 0) slots = await r.children(slots[0]!.reference);
  if (slots.length < size) return undefined;
  const items: string[] = [];
  for (let i = 0; i < Math.min(count, 20); i++) items.push((await r.inline(slots[(recvx + i) % size]!)).value);
  return { ...v, value: `${v.value} [${items.join(", ")}${count > 20 ? `, … ${count - 20} more` : ""}]` };
}

/**
 * LLDB 19's libstdc++ formatter reads GCC 12's unordered containers as empty (`size=0` for 2
 * entries; its "DW_TAG_member … extends beyond the bounds" complaint is the sign). The table keeps
 * its own count: when the two disagree, the count is shown raw and the formatter's reading is not.
 */
export async function checkedCount(v: VariableView, expression: string, r: ValueReader): Promise<VariableView | undefined> {
  if (!/^std::unordered_(?:multi)?(?:map|set)</.test(v.type ?? "")) return undefined;
  const said = /^size=(\d+)/.exec(v.value.trim());
  if (!said || !/^[A-Za-z_][\w.]*(?:->\w+)*$/.test(expression)) return undefined;
  const own = await r.evaluate(`${expression}._M_h._M_element_count`);
  if (own === undefined || !/^\d+$/.test(own.trim()) || own.trim() === said[1]) return undefined;
  return {
    ...v,
    value: `raw: _M_h._M_element_count = ${own.trim()} (the formatter read size=${said[1]}: wrong for this libstdc++; --adapter gdb lists the elements)`,
  };
}

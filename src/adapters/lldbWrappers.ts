// LLDB 19's libstdc++ formatters where a value's own line names a state but not the value inside
// it (`Has Value=true`, `Active Type = …`, a unique_ptr's address, a tuple or string_view as
// `T @ 0x…`), and a container size its formatter misreads: AdapterSpec.wrappers of lldb-dap,
// CodeLLDB and the lldb console. Unit-tested from a table of LLDB's text.
import type { VariableView } from "../ipc/types.ts";
import { stringView } from "./cValues.ts";
import { byName, insideOf, stateThenInside } from "./rustValues.ts";
import type { ValueReader, ValueWrappers } from "./types.ts";

export const lldbWrappers: ValueWrappers = {
  async inside(v, r) {
    const value = v.value.trim();
    const type = v.type ?? "";
    // optional and variant hold their value in a child named `Value`.
    if (value === "Has Value=true" || /^Active Type = /.test(value)) return stateThenInside(v, value, await insideOf(v, r, (k) => byName(k, "Value")));
    // unique_ptr: the address, its child `pointer` the object.
    if (/^(?:const )?std::unique_ptr</.test(type) && /^0x[0-9a-f]+$/i.test(value) && !/^0x0+$/i.test(value))
      return stateThenInside(v, value, await insideOf(v, r, (k) => byName(k, "pointer")));
    // No libstdc++ string_view formatter: the _M_len bytes at _M_str are the value.
    if (/^std::(?:basic_)?string_view\b/.test(type) && / @ 0x[0-9a-f]+$/i.test(value)) {
      const kids = await r.children(v.reference);
      const len = byName(kids, "_M_len")?.value;
      const str = byName(kids, "_M_str")?.value;
      const viewed = len !== undefined && str !== undefined ? stringView(`{_M_len = ${len}, _M_str = ${str}}`, type) : undefined;
      return viewed?.startsWith('"') ? { ...v, value: viewed } : undefined;
    }
    if (/^std::tuple</.test(type) && / @ 0x[0-9a-f]+$/i.test(value)) return tupleValue(v, r);
    return undefined;
  },
  checkedCount,
};

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

/**
 * LLDB 19's libstdc++ formatter reads GCC 12's unordered containers as empty (`size=0` for 2
 * entries; its "DW_TAG_member … extends beyond the bounds" complaint is the sign). The table keeps
 * its own count: when the two disagree, the count is shown raw and the formatter's reading is not.
 */
async function checkedCount(v: VariableView, expression: string, r: ValueReader): Promise<VariableView | undefined> {
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

// Values whose own line names a state, not the value (AdapterSpec.wrappers): each adapter's text →
// what the agent sees, from a table of the text lldb-dap 19, gdb 13 (cdt-gdb-adapter) and Delve
// gave for the same programs (a C++17 optional, variant, unique_ptr, tuple, string_view,
// unordered_map; Rust's Rc, Arc, RefCell, Cell, Mutex; a buffered Go channel).
import { expect, test } from "bun:test";
import { codelldb } from "../../src/adapters/codelldb.ts";
import { delve } from "../../src/adapters/delve.ts";
import { debugpy } from "../../src/adapters/debugpy.ts";
import { gdb } from "../../src/adapters/gdb.ts";
import { lldbCli } from "../../src/adapters/lldbCli/index.ts";
import { lldbDap } from "../../src/adapters/lldbDap.ts";
import { node } from "../../src/adapters/node.ts";
import type { AdapterSpec, ValueReader } from "../../src/adapters/types.ts";
import type { VariableView } from "../../src/ipc/types.ts";
import { checkedCount, oneLevelDown } from "../../src/daemon/session/values/oneLevelDown.ts";

type Kid = [name: string, value: string, kids?: Kid[]];

/** A reader over a tree of children (reference n+1 for the n-th node made); evaluate answers from a map. */
function reader(kids: Kid[], evaluated: Record<string, string> = {}): { root: number; r: ValueReader } {
  const children = new Map<number, VariableView[]>();
  let next = 1;
  const make = (list: Kid[]): number => {
    const ref = next++;
    children.set(
      ref,
      list.map(([name, value, sub]) => ({ name, value, reference: sub ? make(sub) : 0 })),
    );
    return ref;
  };
  const root = make(kids);
  return {
    root,
    r: {
      children: async (reference) => children.get(reference) ?? [],
      inline: async (v) => v,
      evaluate: async (expression) => evaluated[expression],
    },
  };
}

async function seen(spec: AdapterSpec, type: string, value: string, kids: Kid[]): Promise<string | undefined> {
  const { root, r } = reader(kids);
  return (await oneLevelDown(spec, { name: "v", type, value, reference: root }, r))?.value;
}

const lldbs = [lldbDap, codelldb, lldbCli];

test.each([
  // LLDB 19's libstdc++ formatters.
  ["std::optional<int>", "Has Value=true", [["Value", "5"]], "Has Value=true → 5"],
  ["std::variant<int, double>", "Active Type = double", [["Value", "2.5"]], "Active Type = double → 2.5"],
  ["std::unique_ptr<Part>", "0x000055555556eeb0", [["pointer", "{x = 3, y = 4}"]], "0x000055555556eeb0 → {x = 3, y = 4}"],
  [
    "std::tuple<int, char, double>",
    "std::tuple<int, char, double> @ 0x00007fffffffe0f0",
    [
      [
        "std::_Tuple_impl<0, int, char, double>",
        "",
        [
          [
            "std::_Tuple_impl<1, char, double>",
            "",
            [
              ["std::_Head_base<1, char, false>", "", [["_M_head_impl", "'a'"]]],
              ["std::_Tuple_impl<2, double>", "", [["std::_Head_base<2, double, false>", "", [["_M_head_impl", "2.5"]]]]],
            ],
          ],
          ["std::_Head_base<0, int, false>", "", [["_M_head_impl", "1"]]],
        ],
      ],
    ],
    "{1, 'a', 2.5}",
  ],
  [
    "std::string_view",
    "std::string_view @ 0x00007fffffffe0e0",
    [
      ["_M_len", "6"],
      ["_M_str", '0x000055555555a004 "a view and more"'],
    ],
    '"a view"',
  ],
  // Rust through rustc's LLDB providers.
  [
    "Rc<int>",
    "strong=1, weak=0",
    [
      ["value", "5"],
      ["strong", "1"],
      ["weak", "0"],
    ],
    "strong=1, weak=0 → 5",
  ],
  [
    "RefCell<int>",
    "borrow=0",
    [
      ["value", "9"],
      ["borrow", "0"],
    ],
    "borrow=0 → 9",
  ],
  [
    "Mutex<int>",
    "Mutex<int> @ 0x00007fffffffe1ac",
    [
      ["inner", "{...}"],
      ["poison", "{...}"],
      ["data", "13"],
    ],
    "Mutex {data = 13}",
  ],
  ["Cell<int>", "Cell<int> @ 0x00007fffffffe1a8", [["value", "11"]], "11"],
  ["core::cell::Cell<int>", "core::cell::Cell<int> @ 0x00007fffffffe1a8", [["value", "11"]], "11"],
  // Nothing to read one level down: a program's own struct named Cell or Mutex is no wrapper.
  [
    "generics::Cell<unsigned long>",
    "generics::Cell<unsigned long> @ 0x00007fffffffe1a8",
    [
      ["value", "5"],
      ["hits", "1"],
    ],
    undefined,
  ],
  ["app::Mutex<int>", "app::Mutex<int> @ 0x00007fffffffe1ac", [["data", "13"]], undefined],
  ["std::optional<int>", "Has Value=false", [], undefined],
  ["std::unique_ptr<Part>", "0x0000000000000000", [], undefined],
  ["Part", "Part @ 0x00007fffffffe0f0", [["x", "3"]], undefined],
] as [string, string, Kid[], string | undefined][])("LLDB: %s %s → %s", async (type, value, kids, want) => {
  for (const spec of lldbs) expect(await seen(spec, type, value, kids)).toBe(want);
});

test.each([
  // gdb 13 with rustc's gdb providers: a Mutex has none, cdt-gdb-adapter shows `{...}`.
  [
    "Mutex<i32>",
    "{...}",
    [
      ["inner", "{...}"],
      ["poison", "{...}"],
      ["data", "13"],
    ],
    "Mutex {data = 13}",
  ],
  ["Cell<i32>", "{...}", [["value", "11"]], "11"],
  // LLDB's spellings are not gdb's: its printers say these another way (AdapterSpec.consoleValue reads them).
  ["std::optional<int>", "Has Value=true", [["Value", "5"]], undefined],
  ["std::unique_ptr<Part>", "0x000055555556eeb0", [["pointer", "{x = 3, y = 4}"]], undefined],
] as [string, string, Kid[], string | undefined][])("gdb: %s %s → %s", async (type, value, kids, want) => {
  expect(await seen(gdb, type, value, kids)).toBe(want);
});

test.each([
  // Delve: a buffered channel, its ring buffer read from recvx.
  [
    "chan int",
    "chan int 2/4",
    [
      ["qcount", "2 = 0x2"],
      ["dataqsiz", "4 = 0x4"],
      ["recvx", "0 = 0x0"],
      [
        "buf",
        "*[4]int [1,2,0,0]",
        [
          [
            "",
            "[4]int [1,2,0,0]",
            [
              ["[0]", "1"],
              ["[1]", "2"],
              ["[2]", "0"],
              ["[3]", "0"],
            ],
          ],
        ],
      ],
    ],
    "chan int 2/4 [1, 2]",
  ],
  [
    "chan int",
    "chan int 2/4",
    [
      ["qcount", "2 = 0x2"],
      ["dataqsiz", "4 = 0x4"],
      ["recvx", "3 = 0x3"],
      [
        "buf",
        "*[4]int",
        [
          [
            "",
            "[4]int",
            [
              ["[0]", "9"],
              ["[1]", "0"],
              ["[2]", "0"],
              ["[3]", "8"],
            ],
          ],
        ],
      ],
    ],
    "chan int 2/4 [8, 9]",
  ],
  [
    "chan int",
    "chan int 0/4",
    [
      ["qcount", "0 = 0x0"],
      ["dataqsiz", "4 = 0x4"],
      ["buf", "*[4]int", [["", "[4]int", []]]],
    ],
    "chan int 0/4 []",
  ],
  // A Rust or LLDB spelling is not Go's.
  ["Rc<int>", "strong=1, weak=0", [["value", "5"]], undefined],
] as [string, string, Kid[], string | undefined][])("Delve: %s %s → %s", async (type, value, kids, want) => {
  expect(await seen(delve, type, value, kids)).toBe(want);
});

test("debugpy and js-debug: no wrapper rules fire on their text", async () => {
  for (const spec of [debugpy, node]) {
    expect(await seen(spec, "Rc<int>", "strong=1, weak=0", [["value", "5"]])).toBeUndefined();
    expect(await seen(spec, "chan int", "chan int 2/4", [["qcount", "2"]])).toBeUndefined();
  }
});

test.each([
  // LLDB 19 reads GCC 12's unordered_map as empty; the table's own count says 2.
  [lldbDap, "2", "raw: _M_h._M_element_count = 2 (the formatter read size=0: wrong for this libstdc++; --adapter gdb lists the elements)"],
  [lldbDap, "0", undefined],
  [gdb, "2", undefined],
] as [AdapterSpec, string, string | undefined][])("checkedCount on %#", async (spec, count, want) => {
  const { root, r } = reader([], { "um._M_h._M_element_count": count });
  const v = { name: "um", type: "std::unordered_map<int, int>", value: "size=0", reference: root };
  expect((await checkedCount(spec, v, "um", r))?.value).toBe(want);
});

// The LLDB adapter's expression translation: an expression as the agent writes it → what LLDB is
// asked (or the refusal). The fake frame answers with the values and types lldb-dap 19 gave for
// test/fixtures/rust/exprs.rs (frame `Req::score`, and `main` below it) and a C frame.
import { describe, expect, test } from "bun:test";
import { DebuggerError } from "../../src/common/errors.ts";
import { translateForLldb, type ExpressionContext } from "../../src/adapters/lldbExpressions.ts";

const VEC = "alloc::vec::Vec<unsigned long, alloc::alloc::Global>";
/** Expression → what LLDB's evaluate answered (variable paths and C alike). */
const RUST_FRAME: Record<string, { result: string; type: string }> = {
  self: { result: "0x00007fffffffdfd0", type: "exprs::Req *" },
  "self->runs": { result: "size=3", type: VEC },
  "self->base": { result: "0x00005555555beae0", type: "exprs::Base *" },
  "self->name": { result: '"pick"', type: "alloc::string::String" },
  "self->pair": { result: '(7, "seven")', type: "(i32, &str)" },
  "self->pair.__1": { result: '"seven"', type: "&str" },
  "self->limit": { result: "Some(3)", type: "core::option::Option<u32>" },
  "self->limit.0": { result: "3", type: "unsigned int" },
  "self->none": { result: "None", type: "core::option::Option<u32>" },
  "self->outcome": { result: "Ok(5)", type: "core::result::Result<i32, alloc::string::String>" },
  "self->outcome.0": { result: "5", type: "int" },
  "self->failed": { result: 'Err("bad")', type: "core::result::Result<i32, alloc::string::String>" },
  "self->failed.0": { result: '"bad"', type: "alloc::string::String" },
  "self->counts": {
    result: "size=2",
    type: "std::collections::hash::map::HashMap<alloc::string::String, int, std::hash::random::RandomState, alloc::alloc::Global>",
  },
  "self->counts.base.table.table.items": { result: "2", type: "unsigned long" },
  "self->counts[0].0": { result: '"b"', type: "alloc::string::String" },
  "self->counts[1].0": { result: '"a"', type: "alloc::string::String" },
  older: { result: "size=2", type: "&[u64]" },
  word: { result: '"hello"', type: "&str" },
  boxed: { result: "0x00005555555bf000", type: "int *" },
  ratio: { result: "2.75", type: "double" },
  i: { result: "1", type: "unsigned long" },
  "i + 2": { result: "3", type: "unsigned long" },
  rr: { result: "0x00007fffffffd000", type: "exprs::Req **" },
  "(*rr)->runs": { result: "size=3", type: VEC },
  grid: { result: "{...}", type: "int[4]" },
  items: { result: "size=2", type: "alloc::vec::Vec<(i32, &str), alloc::alloc::Global>" },
  p: { result: "0x00007fffffffd100", type: "int *" },
  "*p": { result: "1", type: "int" },
  "node->next": { result: "0x0", type: "Node *" },
};

function frame(values: Record<string, { result: string; type: string }>, rust: boolean, gdb = true): ExpressionContext & { asked: string[] } {
  const asked: string[] = [];
  return {
    rust,
    gdb,
    asked,
    evaluate: async (e) => {
      asked.push(e);
      const v = values[e];
      if (!v) throw new DebuggerError("EVALUATE_FAILED", `cannot evaluate '${e}': use of undeclared identifier`);
      return v;
    },
  };
}

async function outcome(expression: string, rust = true): Promise<string> {
  try {
    const t = await translateForLldb(expression, frame(RUST_FRAME, rust));
    return `${t.expression}${t.format ? ` [${t.format}]` : ""}${t.readNow ? " [now]" : ""}`;
  } catch (e) {
    return `error ${(e as DebuggerError).code}: ${(e as Error).message}`;
  }
}

describe("Rust on LLDB", () => {
  const table: [string, string][] = [
    // Through references and Boxes (C pointers in LLDB).
    ["self.runs", "self->runs"],
    ["self.base.major", "self->base->major"],
    ["self.base.label", "self->base->label"],
    ["rr.runs", "(*rr)->runs"],
    ["*boxed + 1", "*boxed + 1"],
    // Lengths, by the collection's own fields.
    ["self.runs.len()", "self->runs.len"],
    ["self.name.len()", "self->name.vec.len"],
    ["word.len()", "word.length"],
    ["older.len()", "older.length"],
    ["self.counts.len()", "self->counts.base.table.table.items"],
    ["grid.len()", "4"],
    ["self.runs.is_empty()", "(self->runs.len == 0)"],
    ["self.runs.len() > 2 && older.len() == 2", "self->runs.len > 2 && older.length == 2"],
    // Indexing: a path alone reads the formatters' children; inside an expression, memory.
    ["self.runs[1]", "self->runs[1]"],
    ["older[1]", "older[1]"],
    ["self.runs[i]", "((unsigned long *)self->runs.buf.inner.ptr.pointer.pointer)[i]"],
    ["self.runs[0] + older[1]", "((unsigned long *)self->runs.buf.inner.ptr.pointer.pointer)[0] + older.data_ptr[1]"],
    ["older[i] * 2", "older.data_ptr[i] * 2"],
    ["grid[i]", "grid[i]"],
    // Tuples: `.0` would parse as the number .0 in C.
    ["self.pair.0", "self->pair.__0"],
    ["self.pair.0 + 1", "self->pair.__0 + 1"],
    ["self.pair.1.len()", "self->pair.__1.length"],
    // Casts and literals.
    ["ratio as i32", "((int)(ratio))"],
    ["i as u8 + 1u8", "((unsigned char)(i)) + 1"],
    ["1_000u64 * i", "1000 * i"],
    ["(ratio as i64) as f32", "((float)((((long)(ratio)))))"],
    // Enums, read through the formatters, for this stop only.
    ["self.limit == Some(3)", "true [now]"],
    ["self.limit == Some(4)", "false [now]"],
    ["self.limit != None", "true [now]"],
    ["self.none == None", "true [now]"],
    ["None == self.none", "true [now]"],
    ["self.outcome == Ok(5)", "true [now]"],
    ['self.failed == Err("bad")', "true [now]"],
    ["self.failed.is_err() && self.runs.len() == 3", "true && self->runs.len == 3 [now]"],
    ["self.limit.is_some()", "true [now]"],
    ["self.limit == Some(i + 2)", "true [now]"],
    // Strings against a literal: length and bytes, C that LLDB checks by itself.
    [
      'self.name == "pick"',
      "(self->name.vec.len == 4 && ((unsigned char *)self->name.vec.buf.inner.ptr.pointer.pointer)[0] == 112 && ((unsigned char *)self->name.vec.buf.inner.ptr.pointer.pointer)[1] == 105 && ((unsigned char *)self->name.vec.buf.inner.ptr.pointer.pointer)[2] == 99 && ((unsigned char *)self->name.vec.buf.inner.ptr.pointer.pointer)[3] == 107)",
    ],
    ['word != "hé"', "!(word.length == 3 && word.data_ptr[0] == 104 && word.data_ptr[1] == 195 && word.data_ptr[2] == 169)"],
    ['"\\n" == word', "(word.length == 1 && word.data_ptr[0] == 10)"],
    ['ratio == "x"', 'ratio == "x"'],
    // Nothing Rust-only: as written, no request.
    ["i + 1", "i + 1"],
    ["p/x i", "i [hex]"],
    ["/d ratio", "ratio [dec]"],
    // Refusals that say what works instead.
    [
      "self.base.is_prerelease()",
      "error UNSUPPORTED: cannot evaluate 'self.base.is_prerelease()': LLDB cannot call Rust methods ('.is_prerelease()'): read fields instead; gdb can call the program's own methods (`--adapter gdb`)",
    ],
    [
      "ratio.len()",
      "error UNSUPPORTED: cannot evaluate 'ratio.len()': LLDB cannot call Rust methods ('.len()'), and 'double' is not a collection whose length it knows (Vec, String, &str, slices, arrays, VecDeque, HashMap, HashSet, BTreeMap): read fields instead; gdb can call the program's own methods (`--adapter gdb`)",
    ],
    ["self.counts[0]", `error EVALUATE_FAILED: cannot evaluate 'self.counts[0]': 'self.counts' has no key 0: its keys are "b", "a"`],
    ["ratio == Some(3)", "error EVALUATE_FAILED: cannot evaluate 'ratio == Some(3)': 'ratio' is a double, not an Option"],
    [
      "ratio as Foo",
      "error EVALUATE_FAILED: cannot evaluate 'ratio as Foo': LLDB casts to Rust's number types here (i8 … u128, f32, f64, bool, char, and *const/*mut of them), not to 'Foo'",
    ],
    // An element type C cannot name (a tuple): the formatters' child, the index read now.
    ["items[i]", "items[1] [now]"],
    [
      "Some(3)",
      "error EVALUATE_FAILED: cannot evaluate 'Some(3)': LLDB has no value 'Some(…)': Rust's enums are read here only compared with == or != (`opt == Some(3)`)",
    ],
    ["missing.len()", "error EVALUATE_FAILED: cannot evaluate 'missing.len()': 'missing': use of undeclared identifier"],
    ["p/q i", "error EVALUATE_FAILED: cannot evaluate 'p/q i': '/q' is gdb's print format, and not one LLDB has here"],
  ];
  for (const [input, want] of table) test(`${input} → ${want}`, async () => expect(await outcome(input)).toBe(want));

  test("a method refusal names gdb where it is installed, and not where it is not", async () => {
    const err = (gdb: boolean) =>
      translateForLldb("self.base.is_prerelease()", frame(RUST_FRAME, true, gdb)).then(
        () => undefined,
        (e: DebuggerError) => e.hint ?? "",
      );
    expect(await err(true)).toContain("--adapter gdb");
    expect(await err(false)).not.toContain("gdb");
    expect(await err(false)).toContain("`.len()`");
  });

  test("an expression with nothing Rust-only asks LLDB nothing beforehand", async () => {
    const f = frame(RUST_FRAME, true);
    expect((await translateForLldb("i + 1 > 2 && ratio < 3.5", f)).expression).toBe("i + 1 > 2 && ratio < 3.5");
    expect(f.asked).toEqual([]);
  });

  test("what does not parse goes to LLDB as written", async () => {
    for (const e of ["(int)ratio", "sizeof(x)", "a ? b : c", "|x| x + 1"]) expect((await translateForLldb(e, frame(RUST_FRAME, true))).expression).toBe(e);
  });
});

describe("gdb's habits on LLDB", () => {
  const table: [string, string][] = [
    ["*p@3", "*(int (*)[3])&(*p)"],
    ["*p @ 2", "*(int (*)[2])&(*p)"],
    ["p/x *p", "*p [hex]"],
    ["print/t i", "i [bin]"],
    ["/x i", "i [hex]"],
    ["p / x", "p / x"],
    ["node->next", "node->next"],
    ["*p@0", "error EVALUATE_FAILED: cannot evaluate '*p@0': the count after '@' must be a positive whole number ('0' is not)"],
    ["@3", "error EVALUATE_FAILED: cannot evaluate '@3': gdb's `@` takes a value on its left and a count on its right (`*p@12`)"],
    ['strcmp(s, "a@b") == 0', 'strcmp(s, "a@b") == 0'],
  ];
  for (const [input, want] of table) test(`${input} → ${want}`, async () => expect(await outcome(input, false)).toBe(want));

  test("C programs keep `.0` and method-looking text as written", async () => {
    expect(await outcome("s.len()", false)).toBe("s.len()");
  });
});

/**
 * Generic element types (test/fixtures/rust/generics.rs, frame `Cache<String, Cents>::get` at i = 1):
 * LLDB's C++ parser cannot name `genlib::Slot<alloc::string::String, generics::Cents>` ("no member
 * named 'Slot' in namespace 'genlib'"), so the element is LLDB's variable path through the
 * formatters' children. These are lldb-dap 19's answers there.
 */
const CACHE = "generics::Cache<alloc::string::String, generics::Cents>";
const SLOT = "genlib::Slot<alloc::string::String, generics::Cents>";
const GENERIC_FRAME: Record<string, { result: string; type: string }> = {
  self: { result: "0x00007fffffffde50", type: `${CACHE} *` },
  i: { result: "1", type: "unsigned long" },
  "i + 1": { result: "2", type: "unsigned long" },
  "i >= self->slots.len": { result: "false", type: "bool" },
  "i < self->slots.len": { result: "true", type: "bool" },
  "self->slots": { result: "size=2", type: `alloc::vec::Vec<${SLOT}, alloc::alloc::Global>` },
  "self->slots.len": { result: "2", type: "unsigned long" },
  "self->slots[1]": { result: "{...}", type: SLOT },
  "self->slots[1].value": { result: "{...}", type: "generics::Cents" },
  "&self->slots[1].value": { result: "0x00005555555bfe88", type: "generics::Cents *" },
  "(*(generics::Cents *)0x00005555555bfe88)": { result: "{...}", type: "generics::Cents" },
  "self->slots[1].key": { result: '"CRUX"', type: "alloc::string::String" },
  // `alloc::string::String` has no `<>` and still does not parse ("'string' is not a class"): not in this table.
  "&self->slots[1].key": { result: '0x00005555555bfe70 "CRUX"', type: "alloc::string::String *" },
  "self->slots[1].key.vec.len": { result: "4", type: "unsigned long" },
  // u8 reads in decimal (the formatters' `-f u`), and so does a pointer to it.
  "&self->slots[1].key[0]": { result: '93824992673488 "CRUX"', type: "unsigned char *" },
  "self->cells": { result: "size=3", type: "alloc::vec::Vec<generics::Cell<core::option::Option<u64> >, alloc::alloc::Global>" },
  "self->cells.len": { result: "3", type: "unsigned long" },
  "self->cells[1]": { result: "{...}", type: "generics::Cell<core::option::Option<u64> >" },
  "self->cells[2]": { result: "{...}", type: "generics::Cell<core::option::Option<u64> >" },
  "self->cells[1].hits": { result: "3", type: "unsigned int" },
  "&self->cells[1].hits": { result: "0x00005555555bfea8", type: "unsigned int *" },
  "(*(unsigned int *)0x00005555555bfea8)": { result: "3", type: "unsigned int" },
  "self->cells[2].value": { result: "Some(9)", type: "core::option::Option<u64>" },
  "self->cells[2].value.0": { result: "9", type: "unsigned long" },
  "self->wraps": { result: "size=2", type: "alloc::vec::Vec<generics::Wrap<long>, alloc::alloc::Global>" },
  "self->wraps.len": { result: "2", type: "unsigned long" },
  "self->wraps[1]": { result: "{...}", type: "generics::Wrap<long>" },
  // A formatter's child with no address of its own: its value stands in.
  "self->wraps[1].0": { result: "11", type: "long" },
  "self->boxed": { result: "0x00005555555bffd0", type: "generics::Cell<double> *" },
  "self->queue": { result: "size=2", type: "alloc::collections::vec_deque::VecDeque<unsigned long, alloc::alloc::Global>" },
  "self->queue.len": { result: "2", type: "unsigned long" },
  "self->queue[1]": { result: "8", type: "unsigned long" },
  "self->by_name": {
    result: "size=2",
    type: "std::collections::hash::map::HashMap<alloc::string::String, generics::Cell<u64>, std::hash::random::RandomState, alloc::alloc::Global>",
  },
  "self->by_name.base.table.table.items": { result: "2", type: "unsigned long" },
  "self->by_name[0].0": { result: '"b"', type: "alloc::string::String" },
  "self->by_name[1].0": { result: '"a"', type: "alloc::string::String" },
  "self->by_name[1].1": { result: "{...}", type: "generics::Cell<u64>" },
  "self->by_name[1].1.value": { result: "5", type: "unsigned long" },
  "&self->by_name[1].1.value": { result: "0x00005555555c0010", type: "unsigned long *" },
  "(*(unsigned long *)0x00005555555c0010)": { result: "5", type: "unsigned long" },
  name: { result: '"a"', type: "&str" },
  slice: { result: "size=3", type: "&[generics::Cell<core::option::Option<u64>>]" },
  "slice.data_ptr[j]": { result: "{...}", type: "generics::Cell<core::option::Option<u64> >" },
  j: { result: "1", type: "unsigned long" },
  ratio: { result: "2.5", type: "double" },
};

describe("Rust generics on LLDB", () => {
  const fields: Record<string, string[]> = { "self->slots[1]": ["key", "value", "prev", "next"] };
  async function generic(expression: string): Promise<string> {
    try {
      const t = await translateForLldb(expression, { ...frame(GENERIC_FRAME, true), fields: async (e) => fields[e] ?? [] });
      return `${t.expression}${t.readNow ? " [now]" : ""}`;
    } catch (e) {
      return `error ${(e as DebuggerError).code}: ${(e as Error).message}`;
    }
  }
  const table: [string, string][] = [
    // A path alone: LLDB's variable path, the index read now (a literal one is the same at every stop).
    ["self.slots[i].value", "self->slots[1].value [now]"],
    ["self.slots[1].value", "self->slots[1].value"],
    ["self.slots[i]", "self->slots[1] [now]"],
    ["&self.slots[i]", "&self->slots[1] [now]"],
    ["self.wraps[i].0", "self->wraps[1].0 [now]"],
    ["self.cells[i + 1].value == Some(9)", "true [now]"],
    ["self.cells[i + 1].value.is_some()", "true [now]"],
    ["self.queue[i]", "self->queue[1] [now]"],
    // A map's entry by its key, found among the formatters' children.
    ['self.by_name["a"]', "self->by_name[1].1 [now]"],
    ["self.by_name[name].value", "self->by_name[1].1.value [now]"],
    ["self.by_name[&name].value + 1", "(*(unsigned long *)0x00005555555c0010) + 1 [now]"],
    ['self.by_name["z"]', `error EVALUATE_FAILED: cannot evaluate 'self.by_name["z"]': 'self.by_name' has no key "z": its keys are "b", "a"`],
    // Inside an expression: the longest path that reads as a named type, at its address, or its value.
    ["self.slots[i].value.0 + 1", "(*(generics::Cents *)0x00005555555bfe88).__0 + 1 [now]"],
    ["self.cells[i].hits * 2", "(*(unsigned int *)0x00005555555bfea8) * 2 [now]"],
    ["self.wraps[i].0 + 1", "11 + 1 [now]"],
    ["self.slots[i].key.len()", "4 [now]"],
    ["self.slots[i].key.is_empty()", "(4 == 0) [now]"],
    [
      'self.slots[i].key == "CRUX"',
      "(4 == 4 && ((unsigned char *)93824992673488)[0] == 67 && ((unsigned char *)93824992673488)[1] == 82 && ((unsigned char *)93824992673488)[2] == 85 && ((unsigned char *)93824992673488)[3] == 88) [now]",
    ],
    ['self.slots[i].key != "CR"', "true [now]"],
    // What C reaches by itself stays C: a Box, a slice's typed pointer.
    ["self.boxed.value * ratio", "self->boxed->value * ratio"],
    ["slice[j].hits + 1", "slice.data_ptr[j].hits + 1"],
    ["self.slots.len()", "self->slots.len"],
    // Rust does not read the right of `&&` when the left is false: neither does the translation.
    ["i >= self.slots.len() && self.slots[i + 1].value.0 > 0", "false [now]"],
    ["i < self.slots.len() && self.slots[i].value.0 > 0", "i < self->slots.len && (*(generics::Cents *)0x00005555555bfe88).__0 > 0 [now]"],
    // Errors name what is there.
    ["self.slots[i + 1].value", "error EVALUATE_FAILED: cannot evaluate 'self.slots[i + 1].value': index 2 is out of range: 'self.slots' has 2 elements"],
    [
      "self.slots[i].valu",
      "error EVALUATE_FAILED: cannot evaluate 'self.slots[i].valu': genlib::Slot<String, generics::Cents> has no field 'valu': its fields are key, value, prev, next",
    ],
    [
      "self.slots[i] == 3",
      "error EVALUATE_FAILED: cannot evaluate 'self.slots[i] == 3': LLDB's expressions cannot name the element type 'genlib::Slot<String, generics::Cents>' of 'self.slots': its elements are read through the formatters, alone or down to a field of a named type or a number",
    ],
    ["self.slots[ratio].value", "error EVALUATE_FAILED: cannot evaluate 'self.slots[ratio].value': the index 'ratio' is 2.5, not a whole number"],
    [
      "self.slots[i].value.total()",
      "error UNSUPPORTED: cannot evaluate 'self.slots[i].value.total()': LLDB cannot call Rust methods ('.total()'): read fields instead; gdb can call the program's own methods (`--adapter gdb`)",
    ],
  ];
  for (const [input, want] of table) test(`${input} → ${want}`, async () => expect(await generic(input)).toBe(want));
});

/**
 * Names that are C++ keywords (test/fixtures/rust/keywords.rs, frame `insert` at its `push` line):
 * LLDB's parser cannot take them, its variable path can (lldb-dap asks that first). These are
 * lldb-dap 19's answers there, with `default` a tuple and `o` another Order, in a frame with no `id`.
 */
const ORDER = "keywords::Order";
const AT = "0x00007fffffffe440";
const KEYWORD_FRAME: Record<string, { result: string; type: string }> = {
  new: { result: '{id = 108, class = 0, qty = 8, tag = "GOLD"}', type: ORDER },
  "&new": { result: `${AT}`, type: `${ORDER} *` },
  [`(*(${ORDER} *)${AT})`]: { result: '{id = 108, class = 0, qty = 8, tag = "GOLD"}', type: ORDER },
  [`(*(${ORDER} *)${AT}).tag`]: { result: '"GOLD"', type: "alloc::string::String" },
  "new.id": { result: "108", type: "unsigned long" },
  "&new.id": { result: "0x00007fffffffe448", type: "unsigned long *" },
  "(*(unsigned long *)0x00007fffffffe448)": { result: "108", type: "unsigned long" },
  "new.class": { result: "0", type: "unsigned int" },
  "&new.class": { result: "0x00007fffffffe450", type: "unsigned int *" },
  "(*(unsigned int *)0x00007fffffffe450)": { result: "0", type: "unsigned int" },
  this: { result: "16", type: "long" },
  "&this": { result: "0x00007fffffffe348", type: "long *" },
  "(*(long *)0x00007fffffffe348)": { result: "16", type: "long" },
  default: { result: "(1, 2)", type: "(i32, i32)" },
  o: { result: "{...}", type: ORDER },
};
const KEYWORD_FRAME_WITH_ID: Record<string, { result: string; type: string }> = {
  ...KEYWORD_FRAME,
  id: { result: "108", type: "unsigned long" },
  "&id": { result: "0x00007fffffffe358", type: "unsigned long *" },
  "(*(unsigned long *)0x00007fffffffe358)": { result: "108", type: "unsigned long" },
};

async function keywordOutcome(expression: string, values = KEYWORD_FRAME): Promise<string> {
  try {
    const t = await translateForLldb(expression, frame(values, true));
    return `${t.expression}${t.readNow ? " [now]" : ""}${t.lvalue ? ` [at ${t.lvalue}]` : ""}`;
  } catch (e) {
    return `error ${(e as DebuggerError).code}: ${(e as Error).message}`;
  }
}

describe("C++ keywords as Rust names on LLDB", () => {
  const table: [string, string][] = [
    // A path alone: LLDB's variable path (a condition the daemon checks), and the memory it names for a watchpoint.
    ["new", `new [now] [at (*(${ORDER} *)${AT})]`],
    ["new.id", "new.id [now] [at (*(unsigned long *)0x00007fffffffe448)]"],
    ["new.class", "new.class [now] [at (*(unsigned int *)0x00007fffffffe450)]"],
    // Inside an expression: the path read now stands in as its object at its address.
    ["new.id == 108", `(*(${ORDER} *)${AT}).id == 108 [now]`],
    ["new.class + 1", "(*(unsigned int *)0x00007fffffffe450) + 1 [now]"],
    ["this * 2", "(*(long *)0x00007fffffffe348) * 2 [now]"],
    ["new.tag.len()", `(*(${ORDER} *)${AT}).tag.vec.len [now]`],
    [
      'new.tag == "GOLD"',
      `((*(${ORDER} *)${AT}).tag.vec.len == 4 && ((unsigned char *)(*(${ORDER} *)${AT}).tag.vec.buf.inner.ptr.pointer.pointer)[0] == 71 && ((unsigned char *)(*(${ORDER} *)${AT}).tag.vec.buf.inner.ptr.pointer.pointer)[1] == 79 && ((unsigned char *)(*(${ORDER} *)${AT}).tag.vec.buf.inner.ptr.pointer.pointer)[2] == 76 && ((unsigned char *)(*(${ORDER} *)${AT}).tag.vec.buf.inner.ptr.pointer.pointer)[3] == 68) [now]`,
    ],
    // `id` is a field C reads, unless a local `id` is in scope (then its name breaks the expression).
    ["o.id == 3", "o.id == 3"],
    ["delete + 1", "error EVALUATE_FAILED: cannot evaluate 'delete + 1': 'delete' is no local here"],
    // A value neither C names nor a number: refused, saying why and what works.
    [
      "default + 1",
      "error EVALUATE_FAILED: cannot evaluate 'default + 1': 'default' is a C++ keyword to LLDB's expression parser, so 'default' is read through LLDB's variable path, alone or down to a number or a value of a named type, not as (i32, i32)",
    ],
  ];
  for (const [input, want] of table) test(`${input} → ${want}`, async () => expect(await keywordOutcome(input)).toBe(want));

  test("a local `id` in scope: it and a field `id` are read through the variable path", async () => {
    expect(await keywordOutcome("id + 1", KEYWORD_FRAME_WITH_ID)).toBe("(*(unsigned long *)0x00007fffffffe358) + 1 [now]");
    expect(await keywordOutcome("new.id == 108", KEYWORD_FRAME_WITH_ID)).toBe("(*(unsigned long *)0x00007fffffffe448) == 108 [now]");
  });

  test("C frames read `new`, `class` and `this` as names: nothing is asked beforehand", async () => {
    const f = frame(KEYWORD_FRAME, false);
    expect((await translateForLldb("new->id == 108 && class > this", f)).expression).toBe("new->id == 108 && class > this");
    expect(f.asked).toEqual([]);
  });
});

// The fidelity suite's judge (test/fidelity/verdict.ts) and the value rules it drove
// (string_view, gdb's Rust char): what counts as the same value, as partial, as raw, as wrong.
import { describe, expect, test } from "bun:test";
import { stringView } from "../../src/adapters/cValues.ts";
import { gdbRustChar } from "../../src/adapters/gdbValues.ts";
import { atoms, judge } from "../fidelity/verdict.ts";

describe("atoms", () => {
  test.each([
    ['Item { id: 1, name: "one" }', ["n:1", "s:one"]],
    ["main.Point {X: 1, Y: -2}", ["n:1", "n:-2"]],
    ["[]int len: 3, cap: 3, [1,2,3]", ["n:1", "n:2", "n:3"]],
    ["std::vector of length 3, capacity 3 = {1, 2, 3}", ["n:1", "n:2", "n:3"]],
    ["std::set with 3 elements = {[0] = 1, [1] = 2, [2] = 3}", ["n:1", "n:2", "n:3"]],
    ['BTreeMap(size=3) = {[1] = "x", [2] = "y"}', ["n:1", "s:x", "n:2", "s:y"]],
    ["strong=1, weak=0 → borrow=0 → size=2 [10, 20]", ["n:10", "n:20"]],
    ["Has Value=false", ["null"]],
    ["0x7ffd5a3c1e20 → {x = 3}", ["n:3"]],
    ['"tagged\\000\\000"', ["s:tagged"]],
    ["'λ' U+03BB", ["s:λ"]],
    ["340282366920938463463374607431768211454", ["n:340282366920938463463374607431768211454"]],
    // A Go time.Duration's spelling beside its nanoseconds: dropped when it says the same amount, judged when not.
    ["1500000000 (1.5s)", ["n:1500000000"]],
    ["-5400000000000 (-1h30m0s)", ["n:-5400000000000"]],
    ["1500000000 (2.5s)", ["n:1500000000", "n:2"]],
  ])("%s", (text, want) => expect(atoms(text as string)).toEqual(want as string[]));

  test("names count only where they carry data (a variant)", () => {
    expect(atoms('[Alpha("rc"), Num(1)]', ["Alpha", "Num"])).toEqual(["t:Alpha", "s:rc", "t:Num", "n:1"]);
    expect(atoms('[Alpha("rc"), Num(1)]')).toEqual(["s:rc", "n:1"]);
  });
});

describe("judge", () => {
  const spec = { name: "v", tags: ["Some", "Ok", "Err", "Alpha", "Num"] };
  test("the same data in another spelling is exact", () => {
    expect(judge(spec, 'Some("present")', 'Some("present")').verdict).toBe("exact");
    expect(judge({ name: "m", unordered: true }, '{"a": 1, "b": 2}', 'size=2 [("b", 2), ("a", 1)]').verdict).toBe("exact");
  });
  test("another variant, or a made-up string, is WRONG — the bugs this suite was built on", () => {
    expect(judge(spec, "None", 'Some("I")').verdict).toBe("WRONG");
    expect(judge(spec, "Ok(200)", 'Err("")').verdict).toBe("WRONG");
    expect(judge(spec, '[Alpha("rc"), Num(1)]', '[Alpha("rc"), Alpha({[0]:(), [1]:()})]').verdict).toBe("WRONG");
    expect(judge({ name: "h" }, '{["x"] = 10, ["y"] = 20}', "size=0 []").verdict).toBe("WRONG");
  });
  test("visibly partial is elided; visibly raw is raw", () => {
    expect(judge({ name: "n" }, "{'list': [{'deep': (1, 2)}], 'set': {5}}", "{'list': [{...}], 'set': {5}}").verdict).toBe("elided");
    expect(judge({ name: "n" }, "[1, 2, 3]", "size=3").verdict).toBe("elided");
    expect(judge({ name: "b" }, '{1: "x"}', "alloc::collections::btree::map::BTreeMap<int, &str> @ 0x7fffffffdb00").verdict).toBe("raw");
    expect(judge({ name: "h" }, '{["x"] = 10, ["y"] = 20}', "raw: _M_h._M_element_count = 2 (the formatter read size=0)").verdict).toBe("raw");
    // Raw, but holding a string the program does not: wrong.
    expect(judge({ name: "s" }, "None", 'raw: {ptr = 0x5555, text = "I"}').verdict).toBe("WRONG");
  });
  test("deeper: the debugger may follow a pointer the formatter does not", () => {
    expect(
      judge({ name: "e", deeper: true }, '"loading: gone"', 'error(*fmt.wrapError) *{msg: "loading: gone", err: error(*errors.errorString) *{s: "gone"}}')
        .verdict,
    ).toBe("exact");
    expect(judge({ name: "e" }, '"loading: gone"', '*{msg: "loading: gone", err: *{s: "gone"}}').verdict).toBe("WRONG");
  });
});

describe("value rules", () => {
  test("a string_view is the _M_len bytes it views", () => {
    expect(stringView('{_M_len = 6, _M_str = 0x55555556407c "a view and more"}', "std::string_view")).toBe('"a view"');
    expect(stringView('{_M_len = 3, _M_str = 0x5555 "héllo"}', "std::string_view")).toBe('"hé"');
    // LLDB read less than _M_len (a NUL inside): left raw, not cut short.
    expect(stringView('{_M_len = 9, _M_str = 0x5555 "ab"}', "std::string_view")).toBe('{_M_len = 9, _M_str = 0x5555 "ab"}');
    expect(stringView('{_M_len = 6, _M_str = 0x5555 "a view"}', "Other")).toBe('{_M_len = 6, _M_str = 0x5555 "a view"}');
  });
  test("gdb's Rust char reads as the character", () => {
    expect(gdbRustChar("955 '\\u{0003bb}'", "char")).toBe("'λ' U+03BB");
    expect(gdbRustChar("97 'a'", "char")).toBe("97 'a'");
    expect(gdbRustChar("956 '\\u{0003bb}'", "char")).toBe("956 '\\u{0003bb}'");
  });
});

test("a value read by meaning is exact only in the words given for it (Go's zero Mutex is unlocked)", () => {
  const mu = { name: "mu", meaning: /^sync\.Mutex \{unlocked\}$/ };
  expect(judge(mu, "{0 0}", "sync.Mutex {unlocked}").verdict).toBe("exact");
  expect(judge(mu, "{0 0}", "sync.Mutex {state: 0, sema: 0}").verdict).toBe("exact");
  expect(judge(mu, "{0 0}", "sync.Mutex {locked, 1 waiting}").verdict).toBe("WRONG");
  expect(judge({ name: "mu" }, "{0 0}", "sync.Mutex {unlocked}").verdict).toBe("WRONG");
});

// Delve's value text → what the agent sees: Delve's value facet (src/adapters/delveValues.ts),
// from a table of Delve's own text.
import { expect, test } from "bun:test";
import { debugpy } from "../../src/adapters/debugpy.ts";
import { delve } from "../../src/adapters/delve.ts";
import { node } from "../../src/adapters/node.ts";

test.each([
  ["[]uint8 len: 5, cap: 5, [104,101,108,108,111]", "[]uint8", '[]uint8 len: 5, cap: 5, [104,101,108,108,111] "hello"'],
  ["[]uint8 len: 2, cap: 2, [10,34]", "[]byte", '[]uint8 len: 2, cap: 2, [10,34] "\\n\\""'],
  // Cut by Delve (`...+198 more`): the string would be a part told as the whole.
  ["[]uint8 len: 200, cap: 200, [1,2,...+198 more]", "[]uint8", "[]uint8 len: 200, cap: 200, [1,2,...+198 more]"],
  ["[]int len: 1, cap: 1, [1]", "[]int", "[]int len: 1, cap: 1, [1]"],
  ["*int(0xc000012345)", "*int", "*int(0xc000012345)"],
  // A generic function's local of a GC-shape type (dlv 1.20, go-sessions' Sweep): the type is said beside the value.
  [
    "[]*github.com/lumenhq/ttlcache.item[go.shape.string_0,go.shape.struct { Token string; User string; Issued time.Time }_1] len: 0, cap: 0, nil",
    "[]*github.com/lumenhq/ttlcache.item[go.shape.string_0,go.shape.struct { Token string; User string; Issued time.Time }_1]",
    "len: 0, cap: 0, nil",
  ],
  ["github.com/x/c.pair[go.shape.int_0] {k: 1, v: 2}", "github.com/x/c.pair[go.shape.int_0]", "{k: 1, v: 2}"],
  // An instantiated type (no shape) reads as before: it is the program's own name.
  ["main.Box[int] {v: 1}", "main.Box[int]", "main.Box[int] {v: 1}"],
  // A []uint8 of a shape type still gets its string.
  ["[]go.shape.uint8_0 len: 2, cap: 2, [104,105]", "[]go.shape.uint8_0", "len: 2, cap: 2, [104,105]"],
  // A time.Time is its instant (dlv 1.20's text): the clock words and the zone table are left out, a field's too.
  [
    'time.Time(2024-03-10T01:30:00-06:00){wall: 0, ext: 63845652600, loc: *time.Location {name: "America/Chicago", zone: []time.zone len: 4, cap: 4, [{name: "LMT", offset: -21036, isDST: false}], extend: "CST6CDT,M3.2.0,M11.1.0", cacheZone: *(*time.zone)(0xc0000b2040)}}',
    "time.Time",
    "time.Time(2024-03-10T01:30:00-06:00)",
  ],
  [
    'main.Shift {Start: time.Time(2024-03-10T01:30:00-06:00){wall: 0, ext: 63845652600, loc: *(*time.Location)(0xc0000b6000)}, End: time.Time(2024-03-10T09:00:00-05:00){wall: 0, ext: 63845676000, loc: *(*time.Location)(0xc0000b6000)}, Who: "a}{"}',
    "main.Shift",
    'main.Shift {Start: time.Time(2024-03-10T01:30:00-06:00), End: time.Time(2024-03-10T09:00:00-05:00), Who: "a}{"}',
  ],
  [
    'time.Time(2026-11-28T07:04:59Z, +268071){wall: 14031735564092716890, ext: 268071, loc: *time.Location {name: ""}}',
    "time.Time",
    "time.Time(2026-11-28T07:04:59Z, +268071)",
  ],
  // Cut before its closing brace (Delve's own cut or a row's): left as it is.
  ["time.Time(2024-03-10T01:30:00-06:00){wall: 0, ext: 638456", "time.Time", "time.Time(2024-03-10T01:30:00-06:00){wall: 0, ext: 638456"],
  ["23400000000000", "time.Duration", "23400000000000 (6h30m0s)"],
  ["1500000", "time.Duration", "1500000 (1.5ms)"],
  ["-90000000000", "time.Duration", "-90000000000 (-1m30s)"],
  ["0", "time.Duration", "0 (0s)"],
  ["3600000000000", "time.Duration", "3600000000000 (1h0m0s)"],
  ["2500", "time.Duration", "2500 (2.5µs)"],
  ["23400000000000", "int64", "23400000000000"],
])("delve: %s (%s) → %s", (value, type, want) => expect(delve.compactValue?.(value, type)).toBe(want));

test("Python's and JavaScript's values are the language's own text: no rule rewrites them", () => {
  expect(debugpy.compactValue).toBeUndefined();
  expect(node.compactValue).toBeUndefined();
});

// Delve's text for a pointer is its pointee (`*"E100"`): the row says `0x… → pointee`, the address
// read by `uintptr(p)` (issue 31 item 4). Texts as dlv 1.20 sends them.
test.each([
  ['*"E100"', "*string", '"E100"'],
  ["*7", "*int", "7"],
  // A struct's type is said once, by the pointer's type: `0x… → {…}`, as C's pointers read.
  ['*main.node {id: "E100", next: *main.node nil}', "*main.node", '{id: "E100", next: *main.node nil}'],
  // A pointer to a pointer keeps the inner pointer's star: it is not the struct.
  ['**main.node {id: "E100", next: *main.node nil}', "**main.node", '*main.node {id: "E100", next: *main.node nil}'],
  ["*[]int len: 2, cap: 4, [1,2]", "*[]int", "[]int len: 2, cap: 4, [1,2]"],
  ["*sync.WaitGroup {counter 5, 1 waiting}", "*sync.WaitGroup", "{counter 5, 1 waiting}"],
  // Nil, unreadable, an address already in the text, and values that are no pointers: left alone.
  ["*main.node nil", "*main.node", undefined],
  ["nil", "*int", undefined],
  ['*(unreadable unknown or unsupported kind: "invalid")', "*int", undefined],
  ["(*main.node)(0xc000012345)", "*main.node", undefined],
  ["main.Sizer(*main.queue) *[{source: 0}]", "main.Sizer", undefined],
  ["7", "int", undefined],
])("delve pointee: %s (%s) → %s", (value, type, want) => expect(delve.pointerAddress?.pointee(value, type)).toBe(want));

test("delve: a pointer's address is read by uintptr(), from Delve's `N = 0x…` answer", () => {
  const spec = delve.pointerAddress!;
  expect(spec.expression("&left[0]")).toBe("uintptr(&left[0])");
  expect(spec.address("824634212416 = 0xc000078040")).toBe("0xc000078040");
  expect(spec.address("0")).toBeUndefined();
  expect(spec.address('"E100"')).toBeUndefined();
});

// Delve's log shares the program's stderr (dlv 1.20's own text, go-sessions): its lines are console
// text, and "could not resolve parametric type" (up to 8 a stop, nothing to act on) stays out of reports.
test.each([
  ["2026-11-28T05:13:34Z error layer=debugger could not resolve parametric type of evicted\n", "stderr", "console", true],
  ["2026-11-28T05:13:34+01:00 warning layer=rpc something else\n", "stderr", "console", false],
  ["2026/11/28 05:13:34 error layer=debugger from the program's log package\n", "stderr", "stderr", false],
  ["--- FAIL: TestReloginAfterExpiry (0.00s)\n", "stdout", "stdout", false],
  ["could not resolve parametric type of x\n", "stderr", "stderr", false],
])("delve output %j (%s) → %s, out of reports: %s", (text, category, want, noise) => {
  expect(delve.outputCategory?.(category, text)).toBe(want as "console");
  expect(delve.reportNoise!.test(text)).toBe(noise);
});

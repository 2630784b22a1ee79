// `diff`'s comparison (src/daemon/handlers/diff.ts): stops by index, places before values, addresses
// not a difference unless asked, --ignore, where control flow parts, the first differing output lines.
import { describe, expect, test } from "bun:test";
import { compare } from "../../src/daemon/handlers/diff.ts";
import type { RunData, RunHit } from "../../src/ipc/commands.ts";

const hit = (n: number, line: number, values: Record<string, string>): RunHit => ({
  hit: n,
  breakpointIds: [1],
  frame: { function: "main", file: "/src/a.c", line },
  values: Object.entries(values).map(([expression, value]) => ({ expression, value })),
});
const run = (hits: RunHit[], exitCode = 0): RunData => ({
  session: {} as never,
  hits,
  stoppedBy: "exit",
  kept: false,
  breakpoints: [],
  stop: { reason: "exited", breakpointIds: [], exitCode, source: [], locals: [], output: "" } as never,
});
const how = { ignore: new Set<string>(), addresses: false };

describe("diff's comparison", () => {
  test("the first stop whose values part, with the shared prefix counted; only the differing expressions", () => {
    const a = run([hit(1, 10, { x: "1", t: "0" }), hit(2, 10, { x: "8", t: "1" })]);
    const b = run([hit(1, 10, { x: "1", t: "0" }), hit(2, 10, { x: "0", t: "1" })], 1);
    const d = compare(a, b, how, "total 9\n", "total 1\n");
    expect(d.agree).toBe(1);
    expect(d.differs).toEqual({ stop: 2, at: "a.c:10", values: [{ expression: "x", a: "8", b: "0" }] });
    expect(d.parts).toBeUndefined();
    expect(d.a).toEqual({ stops: 2, stoppedBy: "exit", exitCode: 0 });
    expect(d.b).toEqual({ stops: 2, stoppedBy: "exit", exitCode: 1 });
    expect(d.output).toEqual([{ line: 1, a: "total 9", b: "total 1" }]);
  });

  test("addresses are one token unless asked for; --ignore drops an expression", () => {
    const a = run([hit(1, 10, { p: '0x7ffe10 "ab"', t: "12:00" })]);
    const b = run([hit(1, 10, { p: '0x7ffe20 "ab"', t: "12:01" })]);
    expect(compare(a, b, { ignore: new Set(["t"]), addresses: false }, "", "").differs).toBeUndefined();
    expect(compare(a, b, { ignore: new Set(["t"]), addresses: true }, "", "").differs?.values.map((v) => v.expression)).toEqual(["p"]);
    expect(compare(a, b, how, "", "").differs?.values.map((v) => v.expression)).toEqual(["t"]);
  });

  test("control flow parts where the places differ: the last common stop, each side's next place, the counts", () => {
    const a = run([hit(1, 10, { x: "1" }), hit(2, 10, { x: "2" }), hit(3, 10, { x: "3" })]);
    const b = run([hit(1, 10, { x: "1" }), hit(2, 12, { x: "0" }), hit(3, 10, { x: "3" }), hit(4, 10, { x: "4" })]);
    const d = compare(a, b, how, "", "");
    expect(d.agree).toBe(1);
    // The values at stop 2 are not compared: the two runs are at different places.
    expect(d.differs).toBeUndefined();
    expect(d.parts).toEqual({ after: 1, lastCommon: "a.c:10", a: "a.c:10", b: "a.c:12", counts: [{ at: "a.c:12", a: 0, b: 1 }] });
  });

  test("one run with more stops parts at the end of the other; a run that never stops parts at once", () => {
    const a = run([hit(1, 10, { x: "1" })]);
    const b = run([hit(1, 10, { x: "1" }), hit(2, 10, { x: "2" })]);
    expect(compare(a, b, how, "", "").parts).toEqual({ after: 1, lastCommon: "a.c:10", a: "end", b: "a.c:10", counts: [{ at: "a.c:10", a: 1, b: 2 }] });
    const none = compare(run([]), b, how, "", "");
    expect(none.parts).toMatchObject({ after: 0, a: "end", b: "a.c:10" });
    expect(none.parts?.lastCommon).toBeUndefined();
    expect(none.a.stops).toBe(0);
  });

  test("output: the first differing lines, a missing line shown as absent; the same output has none", () => {
    expect(compare(run([]), run([]), how, "a\nb\n", "a\nb\n").output).toBeUndefined();
    expect(compare(run([]), run([]), how, "a\nb\nc\n", "a\nB\n").output).toEqual([
      { line: 2, a: "b", b: "B" },
      { line: 3, a: "c" },
    ]);
  });
});

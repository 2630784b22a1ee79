// Go's runtime values by meaning where the layout is known for the Go version, raw with a note
// where it is not (src/adapters/goValues.ts, Delve's runtimeValue facet). Values as Delve prints them.
import { describe, expect, test } from "bun:test";
import { debugpy } from "../../src/adapters/debugpy.ts";
import { delve } from "../../src/adapters/delve.ts";
import { gdb } from "../../src/adapters/gdb.ts";
import { goDuration, goRuntimeValue } from "../../src/adapters/goValues.ts";
import { lldbDap } from "../../src/adapters/lldbDap.ts";

describe("sync.WaitGroup", () => {
  test("Go 1.18-1.19: state1 packs the counter (high 32 bits) and the waiters (low 32)", () => {
    // 21474836481 = 5 << 32 | 1; the 4294967297 = 1 << 32 | 1
    expect(goRuntimeValue("sync.WaitGroup {noCopy: sync.noCopy {}, state1: 21474836481, state2: 0}", "sync.WaitGroup", "go1.19.8")).toBe(
      "sync.WaitGroup {counter 5, 1 waiting}",
    );
    expect(goRuntimeValue("*sync.WaitGroup {noCopy: sync.noCopy {}, state1: 4294967297, state2: 0}", "*sync.WaitGroup", "go1.18")).toBe(
      "*sync.WaitGroup {counter 1, 1 waiting}",
    );
    expect(goRuntimeValue("sync.WaitGroup {noCopy: sync.noCopy {}, state1: 0, state2: 0}", "sync.WaitGroup", "go1.19")).toBe(
      "sync.WaitGroup {counter 0, 0 waiting}",
    );
  });

  test("Go 1.20-1.24: state is an atomic.Uint64 with the same packing", () => {
    const v =
      "sync.WaitGroup {noCopy: sync.noCopy {}, state: sync/atomic.Uint64 {_: sync/atomic.noCopy {}, _: sync/atomic.align64 {}, v: 8589934594}, sema: 0}";
    expect(goRuntimeValue(v, "sync.WaitGroup", "go1.22.5")).toBe("sync.WaitGroup {counter 2, 2 waiting}");
  });

  test("a version whose layout is not known here: raw, with a note", () => {
    const v = "sync.WaitGroup {noCopy: sync.noCopy {}, state: sync/atomic.Uint64 {v: 8589934594}, sema: 0}";
    expect(goRuntimeValue(v, "sync.WaitGroup", "go1.25.1")).toBe(`${v} (raw: layout not known for go1.25.1)`);
    const old = "sync.WaitGroup {noCopy: sync.noCopy {}, state1: [3]uint32 [0,1,1]}";
    expect(goRuntimeValue(old, "sync.WaitGroup", "go1.16")).toBe(`${old} (raw: layout not known for go1.16)`);
    expect(goRuntimeValue(old, "sync.WaitGroup", undefined)).toBe(`${old} (raw: layout not known for this Go version)`);
  });

  test("a known version whose text does not have the expected shape stays as it is", () => {
    expect(goRuntimeValue("(*sync.WaitGroup)(0xc000012345)", "*sync.WaitGroup", "go1.19")).toBe("(*sync.WaitGroup)(0xc000012345)");
  });
});

describe("sync.Mutex", () => {
  test.each([
    ["sync.Mutex {state: 9, sema: 0}", "go1.19", "sync.Mutex {locked, 1 waiting}"],
    ["sync.Mutex {state: 0, sema: 0}", "go1.21", "sync.Mutex {unlocked}"],
    ["*sync.Mutex {state: 21, sema: 0}", "go1.19", "*sync.Mutex {locked, starving, 2 waiting}"],
    ["sync.Mutex {_: sync.noCopy {}, mu: internal/sync.Mutex {state: 1, sema: 0}}", "go1.24.2", "sync.Mutex {locked}"],
  ])("%s (%s)", (value, version, shown) => {
    expect(goRuntimeValue(value, value.startsWith("*") ? "*sync.Mutex" : "sync.Mutex", version)).toBe(shown);
  });

  test("unknown layout: raw with a note", () => {
    expect(goRuntimeValue("sync.Mutex {state: 9, sema: 0}", "sync.Mutex", "go1.26")).toBe("sync.Mutex {state: 9, sema: 0} (raw: layout not known for go1.26)");
  });
});

describe("time.Ticker and time.Timer", () => {
  const ticker =
    "*time.Ticker {C: <-chan time.Time 0/1, r: time.runtimeTimer {pp: 824633894144, when: 4103972821248, period: 3600000000000, f: time.sendTime, arg: interface {}(chan time.Time) *(*interface {})(0xc00008e000), seq: 0, nextwhen: 0, status: 1}}";
  test("up to Go 1.22 the runtime's timer collapses to the ticker's period", () => {
    expect(goRuntimeValue(ticker, "*time.Ticker", "go1.19.8")).toBe("*time.Ticker {C: <-chan time.Time 0/1, period 1h}");
    expect(goRuntimeValue(ticker.replace("*time.Ticker", "time.Timer").replace("period: 3600000000000", "period: 0"), "time.Timer", "go1.20")).toBe(
      "time.Timer {C: <-chan time.Time 0/1}",
    );
  });
  test("from Go 1.23 the timer is not in the value: as it is", () => {
    expect(goRuntimeValue("*time.Ticker {C: <-chan time.Time 0/1, initTicker: true}", "*time.Ticker", "go1.23")).toBe(
      "*time.Ticker {C: <-chan time.Time 0/1, initTicker: true}",
    );
  });
  test.each([
    [3_600_000_000_000n, "1h"],
    [5_400_000_000_000n, "1h30m"],
    [90_000_000_000n, "1m30s"],
    [250_000_000n, "250ms"],
    [1_500_000_000n, "1500ms"],
    [1_000n, "1µs"],
    [7n, "7ns"],
    [0n, "0s"],
  ])("duration %p", (ns, text) => expect(goDuration(ns)).toBe(text));
});

test("other types are left alone", () => {
  expect(goRuntimeValue("main.T {a: 1}", "main.T", "go1.19")).toBe("main.T {a: 1}");
});

describe("Delve's runtime-value facet", () => {
  const runtime = delve.runtimeValue!;
  test.each([
    ["sync.WaitGroup", true],
    ["*sync.Mutex", true],
    ["time.Ticker", true],
    ["*time.Timer", true],
    ["sync.RWMutex", false],
    ["int", false],
    [undefined, false],
  ])("applies to %s: %s", (type, want) => expect(runtime.applies(type)).toBe(want));

  test("the version as Delve answers runtime.buildVersion (a quoted Go string) is read", () => {
    expect(runtime.versionExpression).toBe("runtime.buildVersion");
    expect(runtime.read("sync.WaitGroup {noCopy: sync.noCopy {}, state1: 21474836481, state2: 0}", "sync.WaitGroup", '"go1.19.8"')).toBe(
      "sync.WaitGroup {counter 5, 1 waiting}",
    );
  });

  test("other adapters read no runtime values by meaning", () => {
    for (const spec of [lldbDap, gdb, debugpy]) expect(spec.runtimeValue).toBeUndefined();
  });
});

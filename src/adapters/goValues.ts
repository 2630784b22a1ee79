// Go's runtime values by meaning: Delve prints a sync.WaitGroup as the state words the runtime
// packs its counter and waiter count into (`state1: 21474836481`), a sync.Mutex as `state: 9`, and
// a time.Ticker as the runtime's timer. Where the layout is known for the program's Go version
// (runtime.buildVersion) they read `sync.WaitGroup {counter 5, 1 waiting}`, `sync.Mutex {locked,
// 1 waiting}`, `time.Ticker {C: …, period 1h}`; for a version whose layout is not known here the
// raw value stays, with a note. Pure functions, unit-tested from tables.

/** `go1.19.8` → [1, 19]; undefined when the string names no release. */
export function goRelease(version: string | undefined): [number, number] | undefined {
  const m = /\bgo(\d+)\.(\d+)/.exec(version ?? "");
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

function minor(version: string | undefined): number | undefined {
  const r = goRelease(version);
  return r && r[0] === 1 ? r[1] : undefined;
}

/** A Go duration in nanoseconds as Go writes it, shortened: 1h, 1m30s, 250ms. */
export function goDuration(ns: bigint): string {
  if (ns === 0n) return "0s";
  const units: [bigint, string][] = [
    [3_600_000_000_000n, "h"],
    [60_000_000_000n, "m"],
    [1_000_000_000n, "s"],
    [1_000_000n, "ms"],
    [1_000n, "µs"],
    [1n, "ns"],
  ];
  // Whole hours, minutes and seconds combine (1h30m); below a second, the largest unit that divides it.
  if (ns % 1_000_000_000n === 0n) {
    let left = ns;
    let out = "";
    for (const [size, name] of units.slice(0, 3)) {
      if (left >= size) {
        out += `${left / size}${name}`;
        left %= size;
      }
    }
    return out;
  }
  for (const [size, name] of units.slice(3)) if (ns % size === 0n) return `${ns / size}${name}`;
  return `${ns}ns`;
}

function unknownLayout(value: string, version: string | undefined): string {
  return `${value} (raw: layout not known for ${version ?? "this Go version"})`;
}

/**
 * A Go value shown by what it means, when its type is one of the runtime's and the layout is known
 * for `version`; otherwise the value as it was (with a note where the layout is not known).
 */
export function goRuntimeValue(value: string, type: string | undefined, version: string | undefined): string {
  const t = type?.replace(/^\*/, "");
  const ptr = value.startsWith("*") ? "*" : "";
  const v = minor(version);
  if (t === "sync.WaitGroup") {
    // 1.18–1.19: state1 uint64 (counter in the high 32 bits, waiters in the low 32), state2 the semaphore.
    // 1.20–1.24: state atomic.Uint64, the same packing. Before 1.18 ([3]uint32, aligned at run time) and from 1.25 (a flag bit among the waiters): raw.
    if (v === undefined || v < 18 || v > 24) return /^\*?sync\.WaitGroup \{/.test(value) ? unknownLayout(value, version) : value;
    const word = (v <= 19 ? /\bstate1: (\d+), state2: \d+\}$/ : /\bstate: sync\/atomic\.Uint64 \{.*\bv: (\d+)\}, sema: \d+\}$/).exec(value);
    if (!word) return value;
    const n = BigInt(word[1]!);
    const counter = BigInt.asIntN(32, n >> 32n);
    const waiters = n & 0xffff_ffffn;
    return `${ptr}sync.WaitGroup {counter ${counter}, ${waiters} waiting}`;
  }
  if (t === "sync.Mutex") {
    // state: bit 0 locked, bit 1 woken, bit 2 starving, the rest the number of waiters (1.9–1.24; in 1.24 inside internal/sync.Mutex `mu`).
    if (v === undefined || v < 9 || v > 24) return /^\*?sync\.Mutex \{/.test(value) ? unknownLayout(value, version) : value;
    const m = (v >= 24 ? /\bmu: internal\/sync\.Mutex \{state: (-?\d+), sema: \d+\}\}$/ : /^\*?sync\.Mutex \{state: (-?\d+), sema: \d+\}$/).exec(value);
    if (!m) return value;
    const state = Number(m[1]);
    const bits = [state & 1 ? "locked" : "unlocked"];
    if (state & 4) bits.push("starving");
    const waiters = state >>> 3;
    if (waiters) bits.push(`${waiters} waiting`);
    return `${ptr}sync.Mutex {${bits.join(", ")}}`;
  }
  if (t === "time.Ticker" || t === "time.Timer") {
    // Up to 1.22 the runtime's timer is a field (`r`); from 1.23 it is hidden and the value is already short.
    if (v === undefined || v > 22) return value;
    const m = /^(\*?time\.(?:Ticker|Timer) \{C: [^,{}]*), r: time\.runtimeTimer \{.*\bperiod: (\d+),.*\}\}$/.exec(value);
    if (!m) return value;
    return t === "time.Ticker" ? `${m[1]}, period ${goDuration(BigInt(m[2]!))}}` : `${m[1]}}`;
  }
  return value;
}

/** Delve's runtime-value facet (AdapterSpec.runtimeValue): the types read by meaning, Go's version from runtime.buildVersion. */
export const goRuntimeValues = {
  applies: (type: string | undefined): boolean => /^\*?(sync\.(WaitGroup|Mutex)|time\.(Ticker|Timer))$/.test(type ?? ""),
  versionExpression: "runtime.buildVersion",
  read: (value: string, type: string | undefined, version: string | undefined): string => goRuntimeValue(value, type, version?.replace(/^"|"$/g, "")),
};

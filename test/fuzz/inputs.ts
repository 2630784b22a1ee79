// Deterministic input generators for the fuzz tests and scripts/stress.ts: a seeded PRNG, random
// bytes, and mutations of valid inputs (bit flips, cut, duplicated and inserted spans, splices of
// hostile tokens). Same seed, same inputs, so a failure names the seed and case that reproduce it.

/** mulberry32: small, fast, good enough to spread inputs; not for anything secret. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Gen {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = prng(seed);
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = this.int(256);
    return out;
  }
  /** Cuts data into 1..8 chunks at random points (every decoder must handle any split). */
  split(data: Uint8Array): Uint8Array[] {
    const cuts = new Set<number>();
    const n = this.int(8);
    for (let i = 0; i < n; i++) cuts.add(this.int(data.length + 1));
    const points = [0, ...[...cuts].sort((a, b) => a - b), data.length];
    const out: Uint8Array[] = [];
    for (let i = 1; i < points.length; i++) out.push(data.subarray(points[i - 1]!, points[i]!));
    return out;
  }
  /** 1..4 mutations of `data`, each drawn from `tokens` or random bytes. */
  mutate(data: Uint8Array, tokens: readonly string[]): Uint8Array {
    let b = Array.from(data);
    const rounds = 1 + this.int(4);
    for (let r = 0; r < rounds; r++) {
      const at = this.int(b.length + 1);
      switch (this.int(6)) {
        case 0: // flip a bit
          if (b.length) b[Math.min(at, b.length - 1)]! ^= 1 << this.int(8);
          break;
        case 1: // cut a span
          b.splice(at, 1 + this.int(16));
          break;
        case 2: // duplicate a span
          b.splice(at, 0, ...b.slice(at, at + 1 + this.int(32)));
          break;
        case 3: // insert random bytes
          b.splice(at, 0, ...this.bytes(1 + this.int(8)));
          break;
        case 4: // insert a hostile token
          b.splice(at, 0, ...new TextEncoder().encode(this.pick(tokens)));
          break;
        case 5: // truncate
          b = b.slice(0, at);
          break;
      }
    }
    return Uint8Array.from(b);
  }
}

/** Strings that tend to break parsers: numbers at the edges, separators, escapes, prototypes. */
export const HOSTILE_TOKENS = [
  "\r\n",
  "\r\n\r\n",
  "\n",
  ":",
  "Content-Length: ",
  "Content-Length: 99999999999999999999\r\n\r\n",
  "Content-Length: -1\r\n\r\n",
  "Content-Length: 0\r\n\r\n",
  "Content-Length: 1e3\r\n\r\n",
  "Content-Length: 0x10\r\n\r\n",
  "{",
  "}",
  "[",
  "]",
  '"',
  "\\",
  "\\u0000",
  "\\ud800",
  "null",
  "true",
  "1e309",
  "-0",
  "NaN",
  '"__proto__"',
  '"constructor"',
  '{"__proto__":{"x":1}}',
  "\u00e9",
  "\u65e5",
  "\ud83d\ude00",
  "\u0000",
  "\xff\xfe",
];

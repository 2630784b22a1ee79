// Fuzzing at CI size: 100,000 generated inputs per decoder, fixed seeds (a failure prints the seed
// and case). `bun scripts/stress.ts fuzz` runs more seeds. Inputs and checks: test/fuzz/.
import { describe, expect, test } from "bun:test";
import { fuzzDapClient, fuzzDapDecoder, fuzzIpc } from "../fuzz/targets.ts";

const CASES = 100_000;

describe("fuzz", () => {
  test("DAP decoder: 100,000 random and mutated streams, only FramingError escapes, memory capped", () => {
    const r = fuzzDapDecoder(1, CASES);
    expect(r.cases).toBe(CASES);
    // Both paths are exercised: streams refused and messages decoded.
    expect(r.refused).toBeGreaterThan(CASES / 10);
    expect(r.decoded).toBeGreaterThan(CASES / 10);
  }, 60_000);

  test("DAP client: 20,000 odd but well-framed messages are dispatched without a throw", () => {
    const r = fuzzDapClient(2, 20_000);
    expect(r.decoded + r.refused).toBe(20_000);
    expect(r.decoded).toBeGreaterThan(0);
    expect(r.refused).toBeGreaterThan(0);
  }, 60_000);

  test("IPC line decoder and request validation: 100,000 inputs, never a throw, replies are IPC_ERROR", () => {
    const r = fuzzIpc(3, CASES);
    expect(r.refused).toBeGreaterThan(CASES / 10);
    expect(r.decoded).toBeGreaterThan(CASES / 10);
    expect(r.maxHeld).toBeLessThanOrEqual(64 * 1024);
  }, 60_000);
});

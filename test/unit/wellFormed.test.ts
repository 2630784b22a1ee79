// What a thin client's line reads in the daemon is what a client reads off the socket: no lone
// surrogate (debugpy's spelling of a byte that is not UTF-8), U+FFFD in its place; a value with
// none is handed on as it is, not copied.
import { expect, test } from "bun:test";
import { wellFormed, wellFormedJson } from "../../src/daemon/server.ts";

test("lone surrogates become U+FFFD at any depth, as on the socket", () => {
  const reply = { ok: true, data: { out: `bad ${String.fromCharCode(0xdcff)} byte`, hits: [{ values: ["fine", String.fromCharCode(0xd800)] }] } };
  const made = wellFormed(reply);
  expect(made).toEqual({ ok: true, data: { out: "bad \uFFFD byte", hits: [{ values: ["fine", "\uFFFD"] }] } });
  expect(JSON.parse(wellFormedJson(reply))).toEqual(made);
  // The original is left as it was.
  expect(reply.data.out.isWellFormed()).toBe(false);
});

test("a value with none is the same value", () => {
  const reply = { ok: true, data: { out: "a 😀 pair is one character", n: 3, list: [1, "x", null] } };
  expect(wellFormed(reply)).toBe(reply);
  expect(wellFormed("text")).toBe("text");
});

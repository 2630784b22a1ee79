import { expect, test } from "bun:test";
import { CrlfNormalizer } from "../../src/daemon/session/program/lineEndings.ts";

test("\\r\\n becomes \\n, also when the pair is cut between two events of a stream", () => {
  const n = new CrlfNormalizer();
  expect(n.push("stdout", "a\r\nb\r")).toBe("a\nb");
  expect(n.push("stderr", "x\r")).toBe("x");
  expect(n.push("stdout", "\nc")).toBe("\nc");
  expect(n.push("stderr", "y")).toBe("\ry"); // a lone \r (progress bars) is kept
  expect(n.push("stdout", "\r")).toBe("");
  expect(n.push("stdout", "\r\n")).toBe("\r\n"); // the held lone \r, then \r\n as \n
});

test("every cut of a CRLF text gives the same result as the whole", () => {
  const text = "one\r\ntwo\r\n\r\nthree\rfour\r\n";
  for (let i = 0; i <= text.length; i++) {
    const n = new CrlfNormalizer();
    expect(n.push("s", text.slice(0, i)) + n.push("s", text.slice(i))).toBe("one\ntwo\n\nthree\rfour\n");
  }
});

// What decides whether a launch made ahead is the start's: the launch arguments as canonical JSON
// (the caller's variables in any order are the same launch), and what the log says differs (names, never values).
import { describe, expect, test } from "bun:test";
import { canonicalJson, differsAt } from "../../src/daemon/session/program/launchAhead.ts";

describe("launches made ahead: comparing launches", () => {
  test("canonical JSON sorts object keys at every depth and keeps array order", () => {
    const a = { program: "/p", env: { B: "2", A: "1" }, args: ["x", "y"], nested: { z: { b: 1, a: [{ d: 1, c: 2 }] } } };
    const b = { nested: { z: { a: [{ c: 2, d: 1 }], b: 1 } }, args: ["x", "y"], env: { A: "1", B: "2" }, program: "/p" };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson({ args: ["x", "y"] })).not.toBe(canonicalJson({ args: ["y", "x"] }));
    expect(canonicalJson({ env: { A: "1" } })).not.toBe(canonicalJson({ env: { A: "1", B: "" } }));
  });

  test("the first difference is named by its path, without either value", () => {
    const base = { program: "/p", args: ["a", "b"], env: { SECRET: "s3cr3t", PATH: "/bin" }, stopOnEntry: false };
    expect(differsAt(base, structuredClone(base))).toBeUndefined();
    expect(differsAt(base, { ...base, args: ["a", "c"] })).toBe("args[1]");
    expect(differsAt(base, { ...base, args: ["a", "b", "c"] })).toBe("args[2]");
    const changed = differsAt(base, { ...base, env: { ...base.env, SECRET: "other" } });
    expect(changed).toBe("env.SECRET");
    expect(changed).not.toContain("s3cr3t");
    expect(differsAt(base, { ...base, env: { PATH: "/bin" } })).toBe("env.SECRET");
    expect(differsAt(base, { ...base, stopOnEntry: true })).toBe("stopOnEntry");
    expect(differsAt(1, 2)).toBe("the whole");
  });
});

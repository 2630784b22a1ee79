import { describe, expect, test } from "bun:test";
import * as v from "valibot";
import { RequestSchema } from "../../src/ipc/protocol.ts";

const VALID = { id: 1, version: "0.1.0", command: "continue", session: "default", cwd: "/home/u/proj", args: { timeout: 5 } };

/** The dotted paths of every issue, so a test names what was wrong, not just that something was. */
function issuePaths(input: unknown): string[] {
  const r = v.safeParse(RequestSchema, input);
  if (r.success) return [];
  return r.issues.map((i) => v.getDotPath(i) ?? "(root)");
}

describe("RequestSchema: accepted", () => {
  test.each<[string, Record<string, unknown>]>([
    ["a typical request", VALID],
    ["empty args", { ...VALID, args: {} }],
    ["nested args", { ...VALID, command: "start", args: { program: "./a.out", break: ["main.c:3", "add"], env: { A: "1" }, stopOnEntry: true } }],
    ["id 0", { ...VALID, id: 0 }],
    ["session with letters, digits, '.', '_' and '-'", { ...VALID, session: "my_sess-1.2" }],
    ["session of 64 characters", { ...VALID, session: "s".repeat(64) }],
    ["one-character session", { ...VALID, session: "a" }],
  ])("%s", (_name, input) => {
    const r = v.safeParse(RequestSchema, input);
    expect(r.success).toBe(true);
    expect(r.output).toEqual(input);
  });
});

describe("RequestSchema: rejected", () => {
  const { id: _id, ...noId } = VALID;
  const { args: _args, ...noArgs } = VALID;
  test.each<[string, unknown, string[]]>([
    ["missing id", noId, ["id"]],
    ["string id", { ...VALID, id: "1" }, ["id"]],
    ["fractional id", { ...VALID, id: 1.5 }, ["id"]],
    ["missing args", noArgs, ["args"]],
    ["args is a string", { ...VALID, args: "x" }, ["args"]],
    ["args is null", { ...VALID, args: null }, ["args"]],
    ["empty command", { ...VALID, command: "" }, ["command"]],
    ["session with a space", { ...VALID, session: "my session" }, ["session"]],
    ["session with a path", { ...VALID, session: "../x" }, ["session"]],
    ["session with a slash", { ...VALID, session: "a/b" }, ["session"]],
    ["empty session", { ...VALID, session: "" }, ["session", "session"]],
    ["session of 65 characters", { ...VALID, session: "s".repeat(65) }, ["session"]],
    ["unknown top-level key", { ...VALID, extra: true }, ["extra"]],
    ["not an object", "continue", ["(root)"]],
    ["null", null, ["(root)"]],
  ])("%s", (_name, input, paths) => {
    expect(issuePaths(input)).toEqual(paths);
  });

  test("a bad session name explains the rule", () => {
    const r = v.safeParse(RequestSchema, { ...VALID, session: "../x" });
    expect(r.success).toBe(false);
    expect(r.issues![0]!.message).toBe("session names use letters, digits, '.', '_' and '-'");
  });
});

// Addresses and pointers sized by their meaning (issue 31 item 4), through the binary on Delve:
// Delve's text for a pointer is only its pointee (`*"E100"`), so an agent could not show that two
// slices share one array. `&x` reads as the address, a pointer as `0x… → pointee`, each address the
// one the program itself prints with `%p`.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { buildGoFixtures, goFixturesDir, goMarkerLine } from "../fixtures/go/build.ts";
import { adapterAvailable, E2eEnv, missing, runCommand } from "./harness.ts";
import { markerLine, sourcePath } from "../../scripts/build-fixtures.ts";

const FILE = "test/e2e/addresses.test.ts";
const GO_SRC = join(goFixturesDir, "alias", "main.go");
let goFixtures: Record<string, string> = {};

const env = new E2eEnv();
beforeAll(async () => {
  goFixtures = await buildGoFixtures();
}, 240_000);
afterEach(() => env.stopSessions());
afterAll(() => env.close());

/** The addresses the program printed: `left 0xc… right 0xc… count 0xc… head 0xc… next 0xc…`. */
function printed(output: string): Record<string, string> {
  const m = /left (0x[0-9a-f]+) right (0x[0-9a-f]+) count (0x[0-9a-f]+) head (0x[0-9a-f]+) next (0x[0-9a-f]+)/.exec(output);
  expect(m).not.toBeNull();
  return { left: m![1]!, right: m![2]!, count: m![3]!, head: m![4]!, next: m![5]! };
}

describe.skipIf(!adapterAvailable("dlv", FILE))("delve/Go", () => {
  const at = `${GO_SRC}:${goMarkerLine("alias", "shared")}`;

  test("run rows: &s[0] of two slices sharing an array is one real address; a pointer is its address and a short pointee", async () => {
    const r = await env.ok([
      "run",
      goFixtures.alias!,
      "--break",
      at,
      "--print",
      "&left[0]",
      "--print",
      "&right[0]",
      "--print",
      "cap(left)",
      "--print",
      "p",
      "--print",
      "head",
      "--print",
      "head.next",
      "--print",
      "head.next.next",
    ]);
    const row = Object.fromEntries(r.hits[0].values.map((v: { expression: string; value: string }) => [v.expression, v.value]));
    const go = printed(r.stop.output);
    expect(go.left).toBe(go.right);
    // `&x` asks for the address: nothing read behind it.
    expect(row["&left[0]"]).toBe(go.left);
    expect(row["&right[0]"]).toBe(go.left);
    expect(row["cap(left)"]).toBe("4");
    expect(row.p).toBe(`${go.count} → 7`);
    // The pointee's struct type is the pointer's own type, said once (as C's `0x… → {…}`).
    expect(row.head).toStartWith(`${go.head} → {id: "E100", next: `);
    expect(row["head.next"]).toBe(`${go.next} → {id: "E200", next: *main.node nil}`);
    // Nil has no address to read: Delve's own word stays.
    expect(row["head.next.next"]).toBe("*main.node nil");
  });

  test("print, locals and the stop report: a pointer shows its address and its pointee; --format address the bare address", async () => {
    const s = env.session("go-addr");
    const start = await s.ok(["start", goFixtures.alias!, "--break", at]);
    const local = (name: string) => start.stop.locals.find((v: { name: string }) => v.name === name)?.value;
    expect(local("p")).toMatch(/^0xc[0-9a-f]+ → 7$/);
    expect(local("head")).toMatch(/^0xc[0-9a-f]+ → \{id: "E100", next: \*main\.node \{id: "E200", next: \*main\.node nil\}\}$/);
    const p = local("p") ?? "";
    expect((await s.ok(["print", "&count"])).result).toBe(p);
    const left = await s.ok(["print", "&left[0]"]);
    expect(left.type).toBe("*string");
    expect(left.result).toMatch(/^0xc[0-9a-f]+ → "E100"$/);
    expect((await s.ok(["print", "&right[0]"])).result).toBe(left.result);
    expect((await s.ok(["print", "p", "--format", "address"])).result).toBe(p.split(" → ")[0]!);
    const locals = await s.ok(["locals"]);
    expect(locals.variables.find((v: { name: string }) => v.name === "tail")?.value).toMatch(/^0xc[0-9a-f]+ → \{id: "E200", next: \*main\.node nil\}$/);
    // A pointer field among print's children: its address too (read by the child's evaluateName).
    const node = await s.ok(["print", "*head"]);
    const next = node.children?.find((c: { name: string }) => c.name === "next")?.value ?? "";
    expect(next).toMatch(/^0xc[0-9a-f]+ → \{id: "E200", next: \*main\.node nil\}$/);
    // What the program prints with %p is what was shown.
    const out = await s.ok(["continue"]);
    const go = printed(JSON.stringify(out));
    expect(p).toStartWith(`${go.count} → `);
    expect(local("head") ?? "").toStartWith(`${go.head} → `);
    expect(left.result).toStartWith(`${go.left} → `);
    expect(next).toStartWith(`${go.next} → `);
  });
});

// Python and JavaScript have no `&`: the syntax error says what tells identity in the language.
const noAddress = [
  {
    name: "debugpy/Python",
    // debugpy is a module of the interpreter the program runs with, not a command on PATH.
    available: () =>
      ["python3", "/usr/bin/python3"].some((py) => runCommand([py, "-c", "import debugpy"]).exitCode === 0) ||
      missing("debugpy is not installed (apt-get install python3-debugpy)", FILE),
    src: sourcePath("python/basic.py"),
    mark: "add_body",
    says: "Python has no `&`: `id(x)`",
  },
  {
    name: "node/JavaScript",
    available: () => adapterAvailable("node", FILE),
    src: sourcePath("node/basic.js"),
    mark: "add_body",
    says: "JavaScript has no `&` nor addresses: `x === y`",
  },
];
for (const c of noAddress) {
  describe.skipIf(!c.available())(c.name, () => {
    test("`&x` is refused with the language's way to tell identity", async () => {
      const r = await env.ok(["run", c.src, "--break", `${c.src}:${markerLine(c.src, c.mark)}`, "--print", "&a", "--print", "a", "--max", "1"]);
      const [addr, a] = r.hits[0].values;
      expect(addr.error).toContain(c.says);
      expect(a.value).toBeDefined();
    });
  });
}

// `locals --scope NAME|all` (issue 23): what an adapter offers beyond a frame's locals, read by
// name, each scope bounded with a count of what was left out. Real lldb-dap and gdb on a C
// program with 130 globals, real debugpy on a Python module with as many.
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildGoFixtures, goFixturesDir, goMarkerLine } from "../fixtures/go/build.ts";
import { adapterAvailable, E2eEnv, missing, useEnv } from "../harness/index.ts";

const GLOBALS = 130;
const C_SRC = `${Array.from({ length: GLOBALS }, (_, i) => `int g${String(i).padStart(3, "0")} = ${i};`).join("\n")}
int sum(void) {
  int s = 0;
${Array.from({ length: GLOBALS }, (_, i) => `  s += g${String(i).padStart(3, "0")};`).join("\n")}
  return s; /* here */
}
int main(void) {
  return sum() == 0;
}
`;
const PY_SRC = `${Array.from({ length: GLOBALS }, (_, i) => `g${String(i).padStart(3, "0")} = ${i}`).join("\n")}


def main():
    local = 1
    return local  # here


main()
`;

const env = useEnv(() => new E2eEnv({ prefix: "dbg-scopes-" }));
const haveLldb = adapterAvailable("lldb-dap", "test/e2e/scopes.test.ts");
const haveGdb = Bun.which("gdb") !== null || missing("gdb is not installed", "test/e2e/scopes.test.ts");
const haveDebugpy =
  Bun.spawnSync(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0 ||
  missing("debugpy is not importable by /usr/bin/python3", "test/e2e/scopes.test.ts");
let dir: string;
let prog: string;
const lineOf = (src: string, mark: string) => src.split("\n").findIndex((l) => l.includes(mark)) + 1;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "dbg-scopes-src-"));
  writeFileSync(join(dir, "globals.c"), C_SRC);
  writeFileSync(join(dir, "globals.py"), PY_SRC);
  if (!haveLldb && !haveGdb) return;
  const cc = Bun.spawnSync(["cc", "-g", "-O0", "-o", join(dir, "globals"), join(dir, "globals.c")], { stderr: "pipe" });
  if (cc.exitCode !== 0) throw new Error(cc.stderr.toString());
  prog = join(dir, "globals");
});
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));
afterEach(() => env().stopSessions());

interface Scoped {
  frame: string;
  variables: { name: string; value: string; scope?: string }[];
  scopes: { name: string; total: number; shown: number }[];
  truncated?: string[];
}

(haveLldb ? test : test.skip)(
  "lldb-dap: --scope globals lists 100 of the 130 globals and says 30 were left out; registers; all; an unknown scope names those offered",
  async () => {
    const s = env().session("lldb");
    await s.ok(["start", prog, "--break", `globals.c:${lineOf(C_SRC, "/* here */")}`], { cwd: dir });
    // Default unchanged: the frame's locals only.
    expect((await s.ok(["locals"])).variables.map((v: { name: string }) => v.name)).toEqual(["s"]);

    const g: Scoped = await s.ok(["locals", "--scope", "globals"]);
    expect(g.scopes).toEqual([{ name: "Globals", total: GLOBALS, shown: 100 }]);
    expect(g.variables).toHaveLength(100);
    expect(g.variables.find((v) => v.name === "g007")?.value).toBe("7");
    expect(g.variables[0]!.scope).toBeUndefined();
    expect(g.truncated).toEqual(["Globals: 30 more not shown (130 in all); `debugger print NAME` reads one"]);
    const text = await s.run(["locals", "--scope", "Globals"], { json: false });
    expect(text.stdout).toStartWith("Globals (130, 100 shown):\n  g");
    expect(text.stdout).toContain("\n  g007 (int) = 7\n");
    expect(text.stdout).toContain("(Globals: 30 more not shown (130 in all)");

    const regs: Scoped = await s.ok(["locals", "--scope", "reg"]);
    expect(regs.scopes.map((x) => x.name)).toEqual(["Registers"]);
    expect(regs.variables[0]!.name).toBe("General Purpose Registers");

    const all: Scoped = await s.ok(["locals", "--scope", "all"]);
    expect(all.scopes.map((x) => x.name)).toEqual(["Locals", "Globals", "Registers"]);
    expect(all.variables.find((v) => v.name === "s")?.scope).toBe("Locals");
    expect(all.variables.filter((v) => v.scope === "Globals")).toHaveLength(100);

    const none = await s.run(["locals", "--scope", "statics"]);
    expect(none.exitCode).toBe(2);
    expect(none.json.error).toMatchObject({
      code: "INVALID_ARGUMENT",
      message: "lldb-dap offers no scope 'statics' in this frame (it offers: Locals, Globals, Registers)",
    });
    expect(none.json.error.hint).toContain("--scope all");
    // The session is unharmed.
    expect((await s.ok(["print", "g129"])).result).toBe("129");
  },
);

(haveGdb ? test : test.skip)("gdb: no Globals scope: --scope globals says what it offers; --scope local and registers work", async () => {
  const s = env().session("gdb");
  await s.ok(["start", prog, "--adapter", "gdb", "--break", `globals.c:${lineOf(C_SRC, "/* here */")}`], { cwd: dir });
  const none = await s.run(["locals", "--scope", "globals"]);
  expect(none.exitCode).toBe(2);
  expect(none.json.error.code).toBe("INVALID_ARGUMENT");
  expect(none.json.error.message).toMatch(/^gdb offers no scope 'globals' in this frame \(it offers: Local, Registers\)$/);
  const local: Scoped = await s.ok(["locals", "--scope", "locals"]);
  expect(local.scopes).toEqual([{ name: "Local", total: 1, shown: 1 }]);
  const regs: Scoped = await s.ok(["locals", "--scope", "registers"]);
  expect(regs.scopes[0]!.total).toBeGreaterThan(100);
  expect(regs.variables).toHaveLength(100);
  expect(regs.variables[0]!.name).toBe("rax");
  expect(regs.truncated?.[0]).toMatch(/^Registers: \d+ more not shown/);
});

(haveDebugpy ? test : test.skip)("debugpy: --scope globals lists the module's globals, bounded", async () => {
  const s = env().session("py");
  const py = join(dir, "globals.py");
  await s.ok(["start", py, "--break", `${py}:${lineOf(PY_SRC, "# here")}`], { cwd: dir });
  const g: Scoped = await s.ok(["locals", "--scope", "globals"]);
  expect(g.scopes).toEqual([{ name: "Globals", total: GLOBALS, shown: 100 }]);
  expect(g.variables[0]).toMatchObject({ name: "g000", value: "0" });
  expect(g.truncated).toEqual(["Globals: 30 more not shown (130 in all); `debugger print NAME` reads one"]);
  // --all adds debugpy's grouping rows (the function main, here).
  const rows: Scoped = await s.ok(["locals", "--scope", "globals", "--all"]);
  expect(rows.scopes[0]!.total).toBe(GLOBALS + 1);
  expect(rows.variables.map((v) => v.name)).toContain("function variables");
});

const haveDelve = (Bun.which("dlv") !== null && Bun.which("go") !== null) || missing("dlv or go is not installed", "test/e2e/scopes.test.ts");
(haveDelve ? test : test.skip)(
  "delve: only Locals: --scope globals names it; --scope all is the locals",
  async () => {
    const s = env().session("go");
    const bin = (await buildGoFixtures()).basic!;
    await s.ok(["start", bin, "--break", `${join(goFixturesDir, "basic", "main.go")}:${goMarkerLine("basic", "add_body")}`]);
    const none = await s.run(["locals", "--scope", "globals"]);
    expect(none.exitCode).toBe(2);
    expect(none.json.error.message).toBe("delve offers no scope 'globals' in this frame (it offers: Locals)");
    const all: Scoped = await s.ok(["locals", "--scope", "all"]);
    expect(all.scopes.map((x) => x.name)).toEqual(["Locals"]);
    expect(all.variables.map((v) => v.name)).toEqual(expect.arrayContaining(["a", "b"]));
  },
  60_000,
);

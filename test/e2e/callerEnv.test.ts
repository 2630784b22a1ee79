// The program's environment is the caller's at each call (DESIGN §7b, issue 28 item 1): the daemon
// is started from another shell with another environment, then each adapter runs a program that
// prints its environment's names (and FOO's value), plainly and under `debugger run`; the names
// must be the same but for what the README lists as the tool's own. Then --env, --clear-env, the
// DAP trace log without the values, and virtualenvs (the caller's, not the daemon's).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { logPath } from "../../src/common/paths.ts";
import { adapterAvailable, BIN, E2eEnv, missing, useEnv } from "../harness/index.ts";

const ENV_C = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
extern char **environ;
int main(void) {
  const char *foo = getenv("FOO");
  printf("FOO=%s\\n", foo ? foo : "(unset)");
  for (char **e = environ; *e; e++) printf("KEY %.*s\\n", (int)(strchr(*e, '=') ? strchr(*e, '=') - *e : (long)strlen(*e)), *e);
  return 0;
}
`;

const ENV_GO = `package main

import (
	"fmt"
	"os"
	"strings"
)

func main() {
	foo, ok := os.LookupEnv("FOO")
	if !ok {
		foo = "(unset)"
	}
	fmt.Println("FOO=" + foo)
	for _, kv := range os.Environ() {
		fmt.Println("KEY " + strings.SplitN(kv, "=", 2)[0])
	}
}
`;

const ENV_PY = `import os, sys
print("FOO=" + os.environ.get("FOO", "(unset)"))
for k in os.environ:
    print("KEY " + k)
print("PATHS " + str(sum(1 for p in sys.path if "debugger" in p and p.endswith("python"))))
`;

const WHERE_PY = `import sys
print("PREFIX " + sys.prefix)
`;

const TEST_PY = `import sys, unittest


class T(unittest.TestCase):
    def test_prefix(self):
        print("PREFIX " + sys.prefix)
        self.assertEqual(1, 2)
`;

const env = useEnv(() => new E2eEnv({ prefix: "dbg-callerenv-" }));
let dir: string;
const secret = `s3cr3t-${crypto.randomUUID()}`;
const password = `pw-${crypto.randomUUID()}`;

/** The shell the agent types into: not the one that started the daemon. */
const CALLER = { FOO: "new", CALLER_ONLY: "yes", SECRET_TOKEN: secret };

const haveLldb = adapterAvailable("lldb-dap", "test/e2e/callerEnv.test.ts");
const haveGdb = adapterAvailable("gdb", "test/e2e/callerEnv.test.ts");
const haveDlv = adapterAvailable("dlv", "test/e2e/callerEnv.test.ts");
const haveDebugpy =
  Bun.spawnSync(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0 ||
  missing("debugpy is not importable by /usr/bin/python3", "test/e2e/callerEnv.test.ts");

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "dbg-callerenv-src-"));
  writeFileSync(join(dir, "envp.c"), ENV_C);
  writeFileSync(join(dir, "envp.go"), ENV_GO);
  writeFileSync(join(dir, "envp.py"), ENV_PY);
  const cc = Bun.spawnSync(["cc", "-g", "-O0", "-o", join(dir, "envp"), join(dir, "envp.c")], { stderr: "pipe" });
  if (cc.exitCode !== 0) throw new Error(cc.stderr.toString());
  if (haveDlv) {
    const go = Bun.spawnSync(["go", "build", "-o", join(dir, "envp-go"), join(dir, "envp.go")], {
      cwd: dir,
      stderr: "pipe",
      env: { ...process.env, GO111MODULE: "off" },
    });
    if (go.exitCode !== 0) throw new Error(go.stderr.toString());
  }
  // The daemon starts from another shell: FOO=old and a variable the caller does not have; its log at debug level.
  await env().ok(["status"], { env: { FOO: "old", DAEMON_ONLY: "1", DEBUGGER_LOG: "debug" } });
});
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

interface Seen {
  foo: string;
  keys: string[];
}

function parse(output: string): Seen {
  const lines = output.split("\n");
  const foo = lines.find((l) => l.startsWith("FOO="))?.slice(4) ?? "(no FOO line)";
  const keys = [...new Set(lines.filter((l) => l.startsWith("KEY ")).map((l) => l.slice(4)))].sort();
  return { foo, keys };
}

/** The program run plainly with exactly this environment. */
function plain(argv: string[], environment: Record<string, string>): Seen {
  const r = Bun.spawnSync(argv, { cwd: dir, env: environment, stdout: "pipe", stderr: "pipe" });
  return parse(r.stdout.toString());
}

/** The program under `debugger run`, from a shell with `environment` on top of the test env's. */
async function underDebugger(args: string[], environment: Record<string, string>): Promise<Seen> {
  const r = await env().run(["run", ...args], { cwd: dir, env: environment });
  if (r.exitCode !== 0 || !r.json?.ok) throw new Error(`run ${args.join(" ")} failed: ${r.stdout}${r.stderr}`);
  return parse(r.json.data.stop?.output ?? "");
}

const sorted = (keys: string[]) => [...new Set(keys)].sort();

/**
 * Per adapter: how to run the program plainly and under the debugger, and the variables the tool
 * adds (README "The program's environment"), without and with --clear-env.
 */
const CASES = [
  {
    adapter: "lldb-dap",
    have: haveLldb,
    plain: () => [join(dir, "envp")],
    run: () => ["./envp"],
    adds: ["DEBUGGER_ADAPTER_ID"],
    addsWhenClear: ["DEBUGGER_ADAPTER_ID"],
  },
  {
    adapter: "gdb",
    have: haveGdb,
    plain: () => [join(dir, "envp")],
    run: () => ["./envp", "--adapter", "gdb"],
    adds: ["DEBUGGER_ADAPTER_ID"],
    addsWhenClear: ["DEBUGGER_ADAPTER_ID"],
  },
  {
    adapter: "delve",
    have: haveDlv,
    plain: () => [join(dir, "envp-go")],
    run: () => ["./envp.go"],
    adds: ["DEBUGGER_ADAPTER_ID"],
    addsWhenClear: ["DEBUGGER_ADAPTER_ID", "PWD"],
  },
  {
    adapter: "debugpy",
    have: haveDebugpy,
    plain: () => ["/usr/bin/python3", join(dir, "envp.py")],
    run: () => ["./envp.py"],
    adds: ["PYDEVD_USE_FRAME_EVAL"],
    addsWhenClear: ["PYDEVD_USE_FRAME_EVAL"],
  },
] as const;

describe("the program's environment is the caller's, not the daemon's", () => {
  for (const c of CASES) {
    test.skipIf(!c.have)(
      `${c.adapter}: the caller's variables, the daemon's none; the same names as run plainly (twice: the second from a warm spare)`,
      async () => {
        const caller = { ...env().env, ...CALLER };
        const expected = plain(c.plain(), caller);
        expect(expected.foo).toBe("new");
        for (let i = 0; i < 2; i++) {
          const seen = await underDebugger([...c.run()], CALLER);
          expect(seen.foo).toBe("new");
          expect(seen.keys).toContain("CALLER_ONLY");
          expect(seen.keys).not.toContain("DAEMON_ONLY");
          expect(seen.keys).toEqual(sorted([...expected.keys, ...c.adds]));
        }
        if (c.adapter === "debugpy") {
          // The bootstrap's directory is off sys.path, its PYTHONPATH entry put back as the caller's.
          const r = await env().run(["run", ...c.run()], { cwd: dir, env: CALLER });
          expect(r.json.data.stop?.output).toContain("PATHS 0");
          expect(parse(r.json.data.stop?.output ?? "").keys).not.toContain("PYTHONPATH");
        }
      },
    );

    test.skipIf(!c.have)(`${c.adapter}: --env sets on top of the caller's; --clear-env starts from nothing`, async () => {
      const over = await underDebugger([...c.run(), "--env", "FOO=over", "--env", "EXTRA=1"], CALLER);
      expect(over.foo).toBe("over");
      expect(over.keys).toContain("EXTRA");
      expect(over.keys).toContain("CALLER_ONLY");
      const expected = plain(c.plain(), { A: "1" });
      const clear = await underDebugger([...c.run(), "--clear-env", "--env", "A=1"], CALLER);
      expect(clear.foo).toBe("(unset)");
      expect(clear.keys).toEqual(sorted([...expected.keys, ...c.addsWhenClear]));
    });
  }

  test.skipIf(!haveLldb)("restart launches in the environment of the shell that restarts, with the start's --env", async () => {
    const s = env().session("restart-env");
    const first = await s.ok(["start", "./envp", "--env", "GIVEN=1"], { cwd: dir, env: { ...CALLER, FOO: "first" } });
    expect(parse(first.stop?.output ?? "").foo).toBe("first");
    const again = await s.ok(["restart"], { cwd: dir, env: { ...CALLER, FOO: "second" } });
    const seen = parse(again.stop?.output ?? "");
    expect(seen.foo).toBe("second");
    expect(seen.keys).toContain("GIVEN");
    await s.run(["stop"]);
  });

  test.skipIf(!haveLldb)("the caller's environment and --env values never reach the daemon's log (DEBUGGER_LOG=debug), their names do", async () => {
    await underDebugger(["./envp", "--env", `PASSWORD=${password}`], CALLER);
    if (haveGdb) await underDebugger(["./envp", "--adapter", "gdb", "--env", `PASSWORD=${password}`], CALLER);
    const log = readFileSync(logPath(env().env), "utf8");
    expect(log).toContain('"command":"launch"');
    expect(log).toContain('"SECRET_TOKEN=…"');
    expect(log).not.toContain(secret);
    expect(log).not.toContain(password);
  });
});

describe("over MCP the caller is the MCP server's process, and the tool's env is --env", () => {
  test.skipIf(!haveLldb)("run: the server's environment, then env; clearEnv starts from nothing", async () => {
    const client = new Client({ name: "callerenv-test", version: "1" });
    await client.connect(
      new StdioClientTransport({ command: BIN, args: ["mcp"], env: { ...env().env, FOO: "mcp", MCP_ONLY: "1" }, cwd: dir, stderr: "inherit" }),
    );
    try {
      const tool = async (name: string, args: Record<string, unknown>) => {
        // structuredContent is the reply's data (a failed call's is {error}).
        const r = (await client.callTool({ name, arguments: args })) as unknown as { isError?: boolean; structuredContent: { stop?: { output?: string } } };
        expect(r.isError, JSON.stringify(r.structuredContent)).not.toBe(true);
        return parse(r.structuredContent.stop?.output ?? "");
      };
      const seen = await tool("run", { program: join(dir, "envp"), env: { EXTRA: "x" } });
      expect(seen.foo).toBe("mcp");
      expect(seen.keys).toContain("MCP_ONLY");
      expect(seen.keys).toContain("EXTRA");
      expect(seen.keys).not.toContain("DAEMON_ONLY");
      const clear = await tool("run", { program: join(dir, "envp"), clearEnv: true, env: { A: "1" } });
      expect(clear.keys).toEqual(["A", "DEBUGGER_ADAPTER_ID"]);
    } finally {
      await client.close();
    }
  });
});

describe("virtualenvs: the caller's, for start and test alike", () => {
  let withDebugpy: string;
  let without: string;
  let project: string;
  const venvShell = (venv: string) => ({ VIRTUAL_ENV: venv, PATH: `${venv}/bin:${process.env.PATH}` });

  beforeAll(async () => {
    if (!haveDebugpy) return;
    project = join(dir, "project");
    withDebugpy = join(dir, "venv-with");
    without = join(dir, "venv-without");
    // --system-site-packages: the system's debugpy (and pytest) are the virtualenv's too; the other has neither.
    for (const [venv, flags] of [
      [withDebugpy, ["--system-site-packages"]],
      [without, []],
    ] as const) {
      const r = Bun.spawnSync(["/usr/bin/python3", "-m", "venv", "--without-pip", ...flags, venv], { stderr: "pipe" });
      if (r.exitCode !== 0) throw new Error(r.stderr.toString());
    }
    Bun.spawnSync(["mkdir", "-p", project]);
    writeFileSync(join(project, "where.py"), WHERE_PY);
    writeFileSync(join(project, "test_prefix.py"), TEST_PY);
  });

  test.skipIf(!haveDebugpy)(
    "a virtualenv without debugpy: start and test both run its interpreter, lent the debugpy of one on the caller's PATH (not of the daemon's virtualenv); its own pip is the hint",
    async () => {
      const e = new E2eEnv({ prefix: "dbg-venv-" });
      try {
        // The daemon starts inside the virtualenv that has debugpy: that one must not be what runs.
        await e.ok(["status"], { env: venvShell(withDebugpy) });
        const run = await e.run(["run", "where.py"], { cwd: project, env: venvShell(without) });
        expect(run.json?.ok).toBe(true);
        expect(run.json.data.stop?.output).toContain(`PREFIX ${without}`);
        const t = await e.run(["test", "--", "python", "-m", "unittest"], { cwd: project, env: venvShell(without) });
        expect(t.json?.ok).toBe(true);
        expect(t.json.data.stop?.output).toContain(`PREFIX ${without}`);
        expect(t.json.data.notes?.join()).toContain("has no debugpy: it runs with the debugpy");
        expect(t.json.data.notes?.join()).not.toContain(`${withDebugpy}/`);
        await e.run(["stop"]);
        // Named to run the debugger itself, it must have debugpy: the fix is the virtualenv's pip, not apt.
        const named = await e.run(["start", "where.py", "--python", `${without}/bin/python`], { cwd: project, env: venvShell(without) });
        expect(named.exitCode).not.toBe(0);
        expect(named.json.error?.code).toBe("ADAPTER_NOT_FOUND");
        expect(named.json.error?.hint).toContain(`${without}/bin/python -m pip install debugpy`);
        expect(named.json.error?.hint).not.toContain("apt-get");
        // A missing runner is an error with the virtualenv's pip, not a run that ends with no verdict.
        const pytest = await e.run(["test", "--", "python", "-m", "pytest"], { cwd: project, env: venvShell(without) });
        expect(pytest.exitCode).not.toBe(0);
        expect(pytest.json.error?.code).toBe("PROGRAM_NOT_FOUND");
        expect(pytest.json.error?.message).toContain("No module named pytest");
        expect(pytest.json.error?.hint).toContain(`${without}/bin/python -m pip install pytest`);
      } finally {
        await e.close();
      }
    },
  );

  test.skipIf(!haveDebugpy)("a virtualenv with debugpy: start and test run its interpreter (the daemon's virtualenv has none)", async () => {
    const e = new E2eEnv({ prefix: "dbg-venv-" });
    try {
      await e.ok(["status"], { env: venvShell(without) });
      const run = await e.run(["run", "where.py"], { cwd: project, env: venvShell(withDebugpy) });
      expect(run.json?.ok).toBe(true);
      expect(run.json.data.stop?.output).toContain(`PREFIX ${withDebugpy}`);
      const t = await e.run(["test", "--", "python", "-m", "unittest"], { cwd: project, env: venvShell(withDebugpy) });
      expect(t.json?.ok).toBe(true);
      expect(t.json.data.stop?.output).toContain(`PREFIX ${withDebugpy}`);
      expect(t.json.data.stop?.reason).toBe("exception");
      await e.run(["stop"]);
    } finally {
      await e.close();
    }
  });
});

// The lldb CLI backend's pure parts: reading lldb's stdout into driver messages and other text,
// the bootstrap command, why lldb ended before the driver ran, and backend selection.
import { afterEach, describe, expect, test } from "bun:test";
import { bootstrapCommand, DriverChannel, explainNoDriver, MARK } from "../../src/adapters/lldbCli/channel.ts";
import { lldbCli } from "../../src/adapters/lldbCli/index.ts";
import { lldbDap } from "../../src/adapters/lldbDap.ts";
import { chooseAdapter, nativeBackend, withLldbFallback } from "../../src/adapters/index.ts";
import type { AdapterSpec } from "../../src/adapters/types.ts";
import type { Config } from "../../src/common/config.ts";

const line = (o: unknown) => `${MARK}${JSON.stringify(o)}\n`;

describe("DriverChannel", () => {
  test("marked lines are messages; other text is text, in order", () => {
    const c = new DriverChannel();
    const items = c.push(`(lldb) script import base64; exec(...)\n${line({ type: "event", event: "ready", body: { version: "lldb 19" } })}hello\n`);
    expect(items).toEqual([
      { text: "(lldb) script import base64; exec(...)\n" },
      { message: { type: "event", event: "ready", body: { version: "lldb 19" } } },
      { text: "hello\n" },
    ]);
  });

  test("a message cut anywhere comes out whole, once", () => {
    const whole = line({ type: "response", seq: 7, success: true, body: { result: '"héllo"' } });
    for (let cut = 0; cut <= whole.length; cut++) {
      const c = new DriverChannel();
      const items = [...c.push(whole.slice(0, cut)), ...c.push(whole.slice(cut))];
      expect(items.filter((i) => i.message)).toEqual([{ message: { type: "response", seq: 7, success: true, body: { result: '"héllo"' } } }]);
      expect(items.filter((i) => i.text)).toEqual([]);
    }
  });

  test("plain text without a newline goes on at once; a message after it on the same line is still found", () => {
    const c = new DriverChannel();
    expect(c.push("prompt> ")).toEqual([{ text: "prompt> " }]);
    const items = c.push(`partial${line({ type: "event", event: "stopped", body: { reason: "step" } })}`);
    expect(items).toEqual([{ text: "partial" }, { message: { type: "event", event: "stopped", body: { reason: "step" } } }]);
    // Text, then the start of a message, in one chunk: the text now, the message when whole.
    expect(c.push(`abc${MARK}{"type":"event",`)).toEqual([{ text: "abc" }]);
    expect(c.push(`"event":"exited","body":{"exitCode":3}}\n`)).toEqual([{ message: { type: "event", event: "exited", body: { exitCode: 3 } } }]);
  });

  test("a marked line that is not a message is reported as malformed, not dropped or taken for text", () => {
    const c = new DriverChannel();
    expect(c.push(`${MARK}{not json\n${MARK}{"type":"other"}\n`)).toEqual([{ malformed: "{not json" }, { malformed: '{"type":"other"}' }]);
  });
});

describe("bootstrap", () => {
  test("one line, no quote or newline from the source can end it early", () => {
    const src = "print('it''s')\nx = \"a\\nb\"\n";
    const cmd = bootstrapCommand(src);
    expect(cmd).not.toContain("\n");
    const b64 = /b64decode\('([A-Za-z0-9+/=]+)'\)/.exec(cmd)![1]!;
    expect(Buffer.from(b64, "base64").toString("utf8")).toBe(src);
  });

  test("why lldb ended before the driver ran", () => {
    expect(explainNoDriver("(lldb) script import base64; exec(…)\nerror: there is no embedded script interpreter in this mode.\n")).toBe(
      "this lldb has no Python scripting, which the lldb CLI backend needs (error: there is no embedded script interpreter in this mode.)",
    );
    expect(explainNoDriver("")).toBe("lldb ended before the backend started (no output)");
    expect(explainNoDriver("Segmentation fault\n")).toBe("lldb ended before the backend started: Segmentation fault");
  });
});

describe("choosing the backend", () => {
  const config = { adapters: {} } as unknown as Config;
  const saved = process.env.DEBUGGER_LLDB_DAP;
  afterEach(() => {
    if (saved === undefined) delete process.env.DEBUGGER_LLDB_DAP;
    else process.env.DEBUGGER_LLDB_DAP = saved;
  });
  const absent = (spec: AdapterSpec): AdapterSpec => ({ ...spec, discover: () => null });

  test("lldb-dap when it is found; the lldb CLI backend in its place when only lldb is", () => {
    expect(withLldbFallback([lldbDap, lldbCli], { ...lldbDap, discover: () => ({ path: "/x/lldb-dap", command: ["/x/lldb-dap"] }) }).name).toBe("lldb-dap");
    const cli = { ...lldbCli, discover: () => ({ path: "/x/lldb", command: ["/x/lldb"] }) };
    expect(withLldbFallback([absent(lldbDap), cli], absent(lldbDap)).name).toBe("lldb-cli");
    // Neither: lldb-dap stays, so the error names what to install.
    expect(withLldbFallback([absent(lldbDap), absent(lldbCli)], absent(lldbDap)).name).toBe("lldb-dap");
    // Other adapters are never replaced.
    expect(withLldbFallback([absent(lldbDap), cli], { ...lldbDap, name: "gdb", discover: () => null }).name).toBe("gdb");
  });

  test("DEBUGGER_LLDB_DAP=none turns lldb-dap off: native programs and `--adapter lldb` go to lldb, `--adapter lldb-dap` does not", () => {
    process.env.DEBUGGER_LLDB_DAP = "none";
    expect(lldbDap.discover()).toBeNull();
    expect(lldbCli.discover()?.path).toBeTruthy(); // lldb-19 is on the test machines (ADAPTERS.md)
    expect(chooseAdapter(config, "/tmp/a.out").name).toBe("lldb-cli");
    expect(chooseAdapter(config, "/tmp/a.out", "lldb").name).toBe("lldb-cli");
    expect(chooseAdapter(config, "/tmp/a.out", "lldb-dap").name).toBe("lldb-dap");
    expect(chooseAdapter(config, "/tmp/a.out", "lldb-cli").name).toBe("lldb-cli");
    expect(nativeBackend(config)).toMatchObject({ name: "lldb-cli", why: expect.stringContaining("DEBUGGER_LLDB_DAP=none") });
  });

  test("lldb-cli's launch arguments: the daemon's pty for output, stdin at end-of-file, env as an object", () => {
    const args = lldbCli.launchArgs({
      program: "/p",
      args: ["a b"],
      cwd: "/c",
      env: { K: "v" },
      stopOnEntry: true,
      breakpointFiles: [],
      callerEnv: {},
      options: {},
      terminal: "/dev/pts/9",
    });
    expect(args).toEqual({
      program: "/p",
      args: ["a b"],
      cwd: "/c",
      env: { K: "v" },
      stopOnEntry: true,
      stdio: { stdin: "/dev/null", stdout: "/dev/pts/9", stderr: "/dev/pts/9" },
    });
  });
});

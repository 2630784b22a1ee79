// Adapter behaviours the daemon must absorb: start-up orders, missing events, crashes, reverse
// requests, floods, a noisy exit after disconnect.
import { afterEach, describe, expect, test } from "bun:test";
import { Env, STANDARD_PROGRAM, alive, waitFor } from "./harness.ts";

let env: Env | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

describe("adapter behaviours", () => {
  test("debugpy's order (launch answered after configurationDone) and lldb-dap's both start", async () => {
    env = new Env({ script: { initializedTiming: "launchAfterConfigurationDone" } });
    const r = await env.ok(["start", env.program(), "--break", "prog.c:4"]);
    expect(r.stop.frame.line).toBe(4);
    const order = env.traffic("in").map((m) => m.command ?? m.event);
    // No exception filter is on, so no empty setExceptionBreakpoints goes (a raw client sends none).
    expect(order.slice(0, 4)).toEqual(["initialize", "launch", "setBreakpoints", "configurationDone"]);
    expect(order).not.toContain("setExceptionBreakpoints");
  });

  test("an adapter that never sends `exited` ends with a terminated report", async () => {
    env = new Env();
    const r = await env.ok(["start", env.program({ ...STANDARD_PROGRAM, adapter: { noExited: true } })]);
    expect(r.state).toBe("terminated");
    expect(r.stop).toMatchObject({ reason: "terminated", description: "the debug session ended (the adapter did not report an exit code)" });
    expect(r.stop.exitCode).toBeUndefined();
  });

  test("a failed launch is LAUNCH_FAILED (exit 4) and leaves no session behind", async () => {
    env = new Env();
    const r = await env.run(["start", env.program({ ...STANDARD_PROGRAM, adapter: { errors: { launch: "could not launch: no such file" } } })]);
    expect(r.exitCode).toBe(4);
    expect(r.json.error).toEqual({
      code: "LAUNCH_FAILED",
      message: "launch failed: could not launch: no such file",
      hint: "check the program path and that it is built with debug info (-g)",
    });
    expect((await env.ok(["status"])).state).toBe("idle");
    expect((await env.ok(["start", env.program(), "--stop-on-entry"])).stop.reason).toBe("entry");
  });

  test("a build the adapter ran failed (Delve's 'Build error'): the hint is to fix the build, not -g (issue 33 item 8)", async () => {
    env = new Env();
    const r = await env.run([
      "start",
      env.program({ ...STANDARD_PROGRAM, adapter: { errors: { launch: "Failed to launch: Build error: Check the debug console for details." } } }),
    ]);
    expect(r.exitCode).toBe(4);
    expect(r.json.error.code).toBe("LAUNCH_FAILED");
    expect(r.json.error.hint).toStartWith("fix the build");
    expect(r.json.error.hint).not.toContain("-g");
  });

  test("a debugger that cannot make a thread (lldb under `ulimit -v 400000`: 'failed to launch host thread'): the hint names the limits, not -g", async () => {
    env = new Env();
    const r = await env.run(["start", env.program({ ...STANDARD_PROGRAM, adapter: { errors: { launch: "failed to launch host thread: " } } })]);
    expect(r.json.error.code).toBe("LAUNCH_FAILED");
    expect(r.json.error.hint).toStartWith("the debugger could not create a thread or process: a limit is too low for it (`ulimit -v`");
    expect(r.json.error.hint).toContain("`debugger daemon stop`");
    expect(r.json.error.hint).not.toContain("-g");
  });

  test("an adapter crash mid-request is ADAPTER_EXITED with its stderr; the daemon keeps serving", async () => {
    env = new Env();
    const daemonBefore = await env.daemonPid();
    await env.ok(["start", env.program(), "--stop-on-entry", "--session", "ok"]);
    await env.ok([
      "start",
      env.program({ ...STANDARD_PROGRAM, adapter: { crash: { on: "evaluate", exitCode: 3, stderr: "fatal: boom\n" } } }),
      "--stop-on-entry",
      "--session",
      "bad",
    ]);
    const r = await env.run(["print", "line", "--session", "bad"]);
    expect(r.exitCode).toBe(1);
    expect(r.json.error.code).toBe("ADAPTER_EXITED");
    expect(r.json.error.message).toBe("the debug adapter exited with code 3; its last stderr output:\nfatal: boom");
    expect(r.json.error.hint).toContain("debugger start");
    await waitFor(async () => (await env!.ok(["status", "--session", "bad"])).state === "terminated", 5000, "terminated");
    const next = await env.run(["next", "--session", "bad"]);
    expect(next.json.error.code).toBe("SESSION_ENDED");
    expect((await env.ok(["next", "--session", "ok"])).stop.frame.line).toBe(2);
    expect(await env.daemonPid()).toBe(daemonBefore);
  });

  test("a crash while waiting for a stop fails the waiting command with ADAPTER_EXITED", async () => {
    env = new Env();
    await env.ok(["start", env.program({ ...STANDARD_PROGRAM, spin: 6, adapter: { crash: { on: "pause", signal: "SIGKILL" } } }), "--stop-on-entry"]);
    const waiting = env.run(["continue", "--timeout", "30"]);
    await waitFor(async () => (await env!.ok(["status"])).state === "running", 5000, "running");
    const p = await env.run(["pause"]);
    expect(p.json.error.code).toBe("ADAPTER_EXITED");
    const w = await waiting;
    expect(w.exitCode).toBe(1);
    expect(w.json.error).toMatchObject({ code: "ADAPTER_EXITED", message: "the debug adapter was killed by SIGKILL" });
  });

  test("reverse requests: runInTerminal is run, an unknown one is refused", async () => {
    env = new Env();
    const marker = `${env.dir}/ran-in-terminal`;
    const prog = env.program({
      ...STANDARD_PROGRAM,
      adapter: {
        reverseRequests: [
          {
            command: "runInTerminal",
            arguments: { kind: "integrated", cwd: env.dir, args: ["/bin/sh", "-c", `echo from-terminal; touch ${marker}`] },
            when: "afterLaunch",
          },
          { command: "bogusReverse", arguments: {}, when: "afterLaunch" },
        ],
      },
    });
    await env.ok(["start", prog, "--stop-on-entry"]);
    await waitFor(() => env!.traffic("in").filter((m) => m.type === "response").length >= 2, 5000, "two reverse responses");
    const responses = env.traffic("in").filter((m) => m.type === "response");
    const rit = responses.find((m) => m.command === "runInTerminal")!;
    expect(rit.success).toBe(true);
    expect(rit.body.processId).toBeGreaterThan(0);
    const bogus = responses.find((m) => m.command === "bogusReverse");
    expect(bogus).toMatchObject({ success: false, message: "reverse request 'bogusReverse' is not supported by this client" });
    await waitFor(async () => (await env!.ok(["output"])).text.includes("from-terminal"), 5000, "terminal output");
  });

  test("an output flood is bounded, the drops are counted, the newest output is kept", async () => {
    env = new Env({ config: "[output]\nmax_chunks = 500\n" });
    const prog = env.program({ ...STANDARD_PROGRAM, adapter: { floodOutput: { count: 5000, bytes: 20, when: "afterConfigurationDone" } } });
    const r = await env.ok(["start", prog, "--break", "prog.c:11"]);
    expect(r.stop.frame.line).toBe(11);
    const out = await env.ok(["output"]);
    expect(out.dropped).toBeGreaterThan(4000);
    expect(out.text.endsWith("hello\nwarn\n")).toBe(true);
    // The report shows the last lines and names the file that keeps them all (wholeOutput.test.ts).
    expect(r.stop.truncated.join("\n")).toMatch(/^output: the last \d+ lines shown; all of it \(\d+ bytes\) is in \/.*\.log$/);
    const human = await env.run(["output", "--tail", "2"], { json: false });
    expect(human.stdout).toBe(`(${out.dropped} older chunks were dropped from the buffer; all of the program's output is in ${out.file})\nhello\nwarn\n`);
  });

  test("lldb-dap's abort after a clean disconnect is ignored", async () => {
    env = new Env({ script: { exitOnDisconnectCode: 134, stderrOnDisconnect: "PLEASE submit a bug report\n" } });
    await env.ok(["start", env.program(), "--stop-on-entry"]);
    const r = await env.run(["stop"]);
    expect(r.exitCode).toBe(0);
    await env.ok(["start", env.program(), "--stop-on-entry", "--session", "second"]);
    const out = await env.ok(["output"]).catch(() => ({ text: "" }));
    expect(out.text).not.toContain("PLEASE submit");
  });

  test("detach leaves an attached program running; stop of a launched one ends it", async () => {
    env = new Env({ script: { program: "" } });
    const prog = env.program({ ...STANDARD_PROGRAM, spin: 6 });
    const script = JSON.stringify({ program: prog });
    await Bun.write(`${env.dir}/script.json`, script);
    const sleeper = Bun.spawn(["sleep", "60"]);
    try {
      const r = await env.ok(["attach", String(sleeper.pid), "--adapter", "fake"]);
      expect(r.session).toMatchObject({ mode: "attach", pid: sleeper.pid });
      const attachArgs = env.requests("attach").at(-1)!.arguments;
      expect(attachArgs.pid).toBe(sleeper.pid);
      const d = await env.ok(["detach"]);
      expect(d.detached).toBe("default");
      const disconnect = env.requests("disconnect").at(-1)!.arguments;
      expect(disconnect.terminateDebuggee).toBe(false);
      expect(alive(sleeper.pid)).toBe(true);
      await env.ok(["start", env.program(), "--stop-on-entry"]);
      await env.ok(["stop"]);
      expect(env.requests("disconnect").at(-1)!.arguments.terminateDebuggee).toBe(true);
    } finally {
      sleeper.kill();
    }
  });
});

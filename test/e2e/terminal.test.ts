// A waiting command on a real terminal (tmux): the progress line says what it waits for and for
// how long, and is erased before the report; none of it with --json or on a pipe. Ctrl-C pauses the
// program and the command reports where it stopped; a second Ctrl-C leaves, the session lives on.
// Issue 23. Real lldb-dap on C programs that take their time, and debugpy on a Python loop.
// (The same Ctrl-C logic on a pipe, with the fake adapter: test/integration/ctrlc.test.ts.)
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adapterAvailable, BIN, E2eEnv, missing, useEnv, waitFor } from "../harness/index.ts";

const SLOW_C = `#include <unistd.h>
int hit(int n) {
  return n + 1;
}

int main(void) {
  int n = 0;
  for (int i = 0; i < 3; i++) {
    usleep(2500 * 1000);
    n = hit(n);
  }
  return 0;
}
`;

// Ticks forever: a continue waits until Ctrl-C.
const LOOP_C = `#include <stdio.h>
#include <unistd.h>
int main(void) {
  for (int i = 0; ; i++) {
    printf("tick %d\\n", i);
    fflush(stdout);
    usleep(200 * 1000);
  }
  return 0;
}
`;

const LOOP_PY = `import time

for i in range(100000):
    print("tick", i, flush=True)
    time.sleep(0.2)
`;

const env = useEnv(() => new E2eEnv({ prefix: "dbg-term-" }));
const haveLldb = adapterAvailable("lldb-dap", "test/e2e/terminal.test.ts");
const haveDebugpy = Bun.spawnSync(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0 || missing("debugpy is not importable by /usr/bin/python3", "test/e2e/terminal.test.ts");
const haveTmux = Bun.which("tmux") !== null || missing("tmux is not installed (CI installs it in .ci/run)", "test/e2e/terminal.test.ts");
const t = haveLldb && haveTmux ? test : test.skip;
const SOCKET = `dbg-term-${process.pid}`;
let dir: string;
let prog: string;
let loop: string;
let loopPy: string;

beforeAll(() => {
  if (!haveLldb || !haveTmux) return;
  dir = mkdtempSync(join(tmpdir(), "dbg-term-src-"));
  writeFileSync(join(dir, "slow.c"), SLOW_C);
  const cc = Bun.spawnSync(["cc", "-g", "-O0", "-o", join(dir, "slow"), join(dir, "slow.c")], { stderr: "pipe" });
  if (cc.exitCode !== 0) throw new Error(cc.stderr.toString());
  prog = join(dir, "slow");
  writeFileSync(join(dir, "loop.c"), LOOP_C);
  const cc2 = Bun.spawnSync(["cc", "-g", "-O0", "-o", join(dir, "loop"), join(dir, "loop.c")], { stderr: "pipe" });
  if (cc2.exitCode !== 0) throw new Error(cc2.stderr.toString());
  loop = join(dir, "loop");
  loopPy = join(dir, "loop.py");
  writeFileSync(loopPy, LOOP_PY);
});
afterAll(() => {
  if (haveTmux) Bun.spawnSync(["tmux", "-L", SOCKET, "kill-server"], { stderr: "ignore" });
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function tmux(...args: string[]): string {
  const r = Bun.spawnSync(["tmux", "-L", SOCKET, ...args], { stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`tmux ${args.join(" ")}: ${r.stderr.toString()}`);
  return r.stdout.toString();
}

const screen = (pane = "term") => tmux("capture-pane", "-p", "-t", pane);

/** A shell in its own tmux session NAME with the env's variables; returns how to type a line. */
function shell(name: string): (line: string) => void {
  const vars = Object.entries({ ...env().env, PS1: "$ " }).map(([k, v]) => `${k}=${v}`);
  tmux("new-session", "-d", "-s", name, "-x", "150", "-y", "50", "env", ...vars, "bash", "--norc", "--noprofile");
  return (line) => {
    tmux("send-keys", "-t", name, "clear", "Enter");
    tmux("send-keys", "-t", name, line, "Enter");
  };
}

t("start and continue show a progress line that says the truth while waiting, erased before the report", async () => {
  const vars = Object.entries({ ...env().env, PS1: "$ " }).map(([k, v]) => `${k}=${v}`);
  tmux("new-session", "-d", "-s", "term", "-x", "150", "-y", "40", "env", ...vars, "bash", "--norc", "--noprofile");
  const type = (line: string) => {
    tmux("send-keys", "-t", "term", "clear", "Enter");
    tmux("send-keys", "-t", "term", line, "Enter");
  };

  type(`${BIN} start ${prog} --break hit --session term; echo "rc=$?"`);
  await waitFor(() => /start: starting, then waiting for the first stop; \d+\.\d s/.test(screen()), 10_000, "the start progress line");
  await waitFor(() => /rc=0/.test(screen()), 20_000, "the start to end");
  let after = screen();
  expect(after).toContain("hit");
  expect(after).not.toContain("waiting for the first stop");
  expect(after).not.toContain("waiting for the adapter");

  type(`${BIN} continue --session term; echo "rc=$?"`);
  await waitFor(() => /continue: the program runs; waiting for the stop; \d+\.\d s/.test(screen()), 10_000, "the continue progress line");
  await waitFor(() => /rc=0/.test(screen()), 20_000, "the continue to end");
  after = screen();
  expect(after).toContain("hit");
  expect(after).not.toContain("waiting for the stop;");

  // --json on the same terminal: the document alone.
  type(`${BIN} continue --session term --json > ${join(dir, "out.json")} 2> ${join(dir, "err.txt")}; echo "rc=$?"`);
  await waitFor(() => /rc=0/.test(screen()), 20_000, "the --json continue to end");
  expect(await Bun.file(join(dir, "err.txt")).text()).toBe("");
  expect(JSON.parse(await Bun.file(join(dir, "out.json")).text()).ok).toBe(true);
  await env().session("term").run(["stop"]);
});

t("on a pipe there is no progress line", async () => {
  const s = env().session("pipe");
  await s.ok(["start", prog, "--break", "hit"]);
  const r = await s.run(["continue"], { json: false });
  expect(r.exitCode).toBe(0);
  expect(r.stderr).toBe("");
});

async function ctrlC(pane: string, session: string, program: string, at: RegExp) {
  const type = shell(pane);
  const s = env().session(session);
  await s.ok(["start", program, "--stop-on-entry"]);
  let ticks = 0;
  // Running, and in the loop: it has printed more ticks since the last look.
  const running = async () => {
    if ((await s.run(["status"])).json?.data?.state !== "running") return false;
    const seen = ((await s.run(["output"])).json?.data?.text ?? "").match(/tick \d+/g)?.length ?? 0;
    if (seen < ticks + 2) return false;
    ticks = seen;
    return true;
  };

  // One Ctrl-C: the program pauses where it is, the continue reports it, exit 0.
  type(`${BIN} continue --session ${session}; echo "rc=$?"`);
  await waitFor(running, 10_000, "the continue to run the program");
  tmux("send-keys", "-t", pane, "C-c");
  await waitFor(() => /rc=\d+/.test(screen(pane)), 20_000, "the continue to end");
  let after = screen(pane);
  expect(after).toContain("rc=0");
  expect(after).toMatch(/Stopped: pause in /);
  expect(after).toMatch(at);
  expect(after).not.toContain("pausing the program"); // the progress line, erased before the report
  expect((await s.ok(["status"])).state).toBe("stopped");

  // Two Ctrl-C: the CLI leaves at once (exit 130) and says the session goes on, and in what state.
  type(`${BIN} continue --session ${session}; echo "rc=$?"`);
  await waitFor(running, 10_000, "the second continue to run the program");
  tmux("send-keys", "-t", pane, "C-c");
  tmux("send-keys", "-t", pane, "C-c");
  await waitFor(() => /rc=\d+/.test(screen(pane)), 20_000, "the second continue to end");
  after = screen(pane);
  expect(after).toContain("rc=130");
  expect(after).toContain(`session '${session}' keeps running in the daemon`);
  expect(after).toContain("[INTERRUPTED]");
  // The session is there, the pause asked for at the first Ctrl-C landed, and it goes on answering.
  await waitFor(async () => (await s.run(["status"])).json?.data?.state === "stopped", 10_000, "the pause to land");
  expect((await s.run(["continue", "--no-wait"])).exitCode).toBe(0);
  await s.ok(["pause"]);
  await s.run(["stop"]);
}

t("Ctrl-C in a waiting continue pauses the program and reports where (lldb-dap); a second Ctrl-C leaves, the session lives on", async () => {
  await ctrlC("ctrlc", "ctrlc", loop, /loop\.c:7/);
});

(haveDebugpy && haveTmux ? test : test.skip)("Ctrl-C in a waiting continue pauses a Python program (debugpy)", async () => {
  await ctrlC("ctrlpy", "ctrlpy", loopPy, /loop\.py:[345]\)/);
});

// A waiting command on a real terminal (tmux): the progress line says what it waits for and for
// how long, and is erased before the report; none of it with --json or on a pipe. Ctrl-C pauses the
// program and the command reports where it stopped; a second Ctrl-C leaves, the session lives on.
// Issue 23. Real lldb-dap on C programs that take their time, and debugpy on a Python loop.
// (The same Ctrl-C logic on a pipe, with the fake adapter: test/integration/ctrlc.test.ts.)
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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

// Prints a line every 250 ms and calls hit() after every 8.
const STREAM_C = `#include <stdio.h>
#include <unistd.h>
int hit(int n) {
  return n + 1;
}

int main(void) {
  int n = 0;
  for (int i = 0; ; i++) {
    printf("line %d\\n", i);
    fflush(stdout);
    usleep(250 * 1000);
    if (i % 8 == 7) n = hit(n);
  }
  return 0;
}
`;

const STREAM_GO = `package main

import (
	"fmt"
	"time"
)

//go:noinline
func hit(n int) int {
	return n + 1
}

func main() {
	n := 0
	for i := 0; ; i++ {
		fmt.Printf("line %d\\n", i)
		time.Sleep(250 * time.Millisecond)
		if i%8 == 7 {
			n = hit(n)
		}
	}
}
`;

const NAP_PY = `import time

for i in range(1000):
    print("nap", i, flush=True)
    time.sleep(4)
`;

const STREAM_PY = `import time

def hit(n):
    return n + 1

n = 0
for i in range(100000):
    print("line", i, flush=True)
    time.sleep(0.25)
    if i % 8 == 7:
        n = hit(n)
`;

const env = useEnv(() => new E2eEnv({ prefix: "dbg-term-" }));
const haveLldb = adapterAvailable("lldb-dap", "test/e2e/terminal.test.ts");
const haveDebugpy =
  Bun.spawnSync(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0 ||
  missing("debugpy is not importable by /usr/bin/python3", "test/e2e/terminal.test.ts");
const haveTmux = Bun.which("tmux") !== null || missing("tmux is not installed (CI installs it in .ci/run)", "test/e2e/terminal.test.ts");
const haveGdb = adapterAvailable("gdb", "test/e2e/terminal.test.ts");
const haveDlv = adapterAvailable("dlv", "test/e2e/terminal.test.ts");
const t = haveLldb && haveTmux ? test : test.skip;
const SOCKET = `dbg-term-${process.pid}`;
let dir: string;
let prog: string;
let loop: string;
let loopPy: string;
let stream: string;
let streamPy: string;
let napPy: string;
let streamGo: string;

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
  writeFileSync(join(dir, "stream.c"), STREAM_C);
  const cc3 = Bun.spawnSync(["cc", "-g", "-O0", "-o", join(dir, "stream"), join(dir, "stream.c")], { stderr: "pipe" });
  if (cc3.exitCode !== 0) throw new Error(cc3.stderr.toString());
  stream = join(dir, "stream");
  streamPy = join(dir, "stream.py");
  writeFileSync(streamPy, STREAM_PY);
  napPy = join(dir, "nap.py");
  writeFileSync(napPy, NAP_PY);
  mkdirSync(join(dir, "streamgo"));
  streamGo = join(dir, "streamgo", "main.go");
  writeFileSync(streamGo, STREAM_GO);
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
function shell(name: string): (line: string) => Promise<void> {
  const vars = Object.entries({ ...env().env, PS1: "$ " }).map(([k, v]) => `${k}=${v}`);
  tmux("new-session", "-d", "-s", name, "-x", "250", "-y", "50", "env", ...vars, "bash", "--norc", "--noprofile");
  // The line goes once the screen is clear: an earlier command's "rc=0" still on it would end a wait at once.
  return async (line) => {
    tmux("send-keys", "-t", name, "clear", "Enter");
    await waitFor(() => !/rc=\d/.test(screen(name)), 10_000, "the screen to clear");
    tmux("send-keys", "-t", name, line, "Enter");
  };
}

t("start and continue show a progress line that says the truth while waiting, erased before the report", async () => {
  const vars = Object.entries({ ...env().env, PS1: "$ " }).map(([k, v]) => `${k}=${v}`);
  tmux("new-session", "-d", "-s", "term", "-x", "150", "-y", "40", "env", ...vars, "bash", "--norc", "--noprofile");
  const type = async (line: string) => {
    tmux("send-keys", "-t", "term", "clear", "Enter");
    await waitFor(() => !/rc=\d/.test(screen()), 10_000, "the screen to clear");
    tmux("send-keys", "-t", "term", line, "Enter");
  };

  await type(`${BIN} start ${prog} --break hit --session term; echo "rc=$?"`);
  await waitFor(() => /start: starting, then waiting for the first stop; \d+\.\d s/.test(screen()), 10_000, "the start progress line");
  await waitFor(() => /rc=0/.test(screen()), 20_000, "the start to end");
  let after = screen();
  expect(after).toContain("hit");
  expect(after).not.toContain("waiting for the first stop");
  expect(after).not.toContain("waiting for the adapter");

  await type(`${BIN} continue --session term; echo "rc=$?"`);
  await waitFor(() => /continue: the program runs; waiting for the stop; \d+\.\d s/.test(screen()), 10_000, "the continue progress line");
  await waitFor(() => /rc=0/.test(screen()), 20_000, "the continue to end");
  after = screen();
  expect(after).toContain("hit");
  expect(after).not.toContain("waiting for the stop;");

  // --json on the same terminal: the document alone.
  await type(`${BIN} continue --session term --json > ${join(dir, "out.json")} 2> ${join(dir, "err.txt")}; echo "rc=$?"`);
  await waitFor(() => /rc=0/.test(screen()), 20_000, "the --json continue to end");
  expect(await Bun.file(join(dir, "err.txt")).text()).toBe("");
  expect(JSON.parse(await Bun.file(join(dir, "out.json")).text()).ok).toBe(true);
  await env().session("term").run(["stop"]);
});

// Issue 29: at 40 columns the line wrapped, and each redraw left a copy above the report.
// (Narrowed while a line is shown, a terminal that reflows keeps the wrapped rows of that one line.)
t(
  "the progress line is never wider than the terminal, and follows a wider resize",
  async () => {
    const vars = Object.entries({ ...env().env, PS1: "$ " }).map(([k, v]) => `${k}=${v}`);
    tmux("new-session", "-d", "-s", "narrow", "-x", "40", "-y", "30", "env", ...vars, "bash", "--norc", "--noprofile");
    const s = env().session("narrow");
    await s.ok(["start", prog, "--stop-on-entry"]);
    tmux("send-keys", "-t", "narrow", "clear", "Enter");
    // No breakpoint: the continue waits the program's 7.5 s to its end.
    tmux("send-keys", "-t", "narrow", `${BIN} continue --session narrow; echo "rc=$?"`, "Enter");
    const rows = (pane: string) => screen(pane).split("\n");
    const progressRows = (pane: string) => rows(pane).filter((l) => l.startsWith("continue:"));
    let seen = 0;
    await waitFor(
      () => {
        const p = progressRows("narrow");
        // Never a second row of it (a wrapped or left-behind copy), never the last column used.
        expect(p.length).toBeLessThanOrEqual(1);
        expect(rows("narrow").filter((l) => l.includes("waiting for")).length).toBeLessThanOrEqual(1);
        if (p.length) {
          expect([...p[0]!].length).toBeLessThan(40);
          expect(p[0]!).toMatch(/…; \d+\.\d s$/);
          seen++;
        }
        return seen >= 6;
      },
      10_000,
      "several redraws of the progress line at 40 columns",
    );
    // Wider: the whole subject again (the width is read at every draw).
    tmux("resize-window", "-t", "narrow", "-x", "120", "-y", "30");
    await waitFor(() => /^continue: the program runs; waiting for the stop; \d+\.\d s$/m.test(screen("narrow")), 10_000, "the full line after the resize");
    await waitFor(() => /rc=\d+/.test(screen("narrow")), 20_000, "the continue to end");
    const after = screen("narrow");
    expect(after).toContain("rc=0");
    expect(after).toContain("exited");
    expect(after).not.toContain("waiting for");
    expect(after).not.toMatch(/^continue:/m);
  },
  60_000,
);

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
  await type(`${BIN} continue --session ${session}; echo "rc=$?"`);
  await waitFor(running, 10_000, "the continue to run the program");
  tmux("send-keys", "-t", pane, "C-c");
  await waitFor(() => /rc=\d+/.test(screen(pane)), 20_000, "the continue to end");
  const after = screen(pane);
  expect(after).toContain("rc=0");
  expect(after).toMatch(/Stopped: pause in /);
  expect(after).toMatch(at);
  expect(after).not.toContain("pausing the program"); // the progress line, erased before the report
  expect((await s.ok(["status"])).state).toBe("stopped");

  await s.run(["stop"]);
}

t("Ctrl-C in a waiting continue pauses the program and reports where (lldb-dap)", async () => {
  await ctrlC("ctrlc", "ctrlc", loop, /loop\.c:7/);
});

(haveDebugpy && haveTmux ? test : test.skip)("Ctrl-C in a waiting continue pauses a Python program (debugpy)", async () => {
  await ctrlC("ctrlpy", "ctrlpy", loopPy, /loop\.py:[345]\)/);
});

// debugpy pauses Python code at its next line: a program inside a 4 s sleep takes that long to
// pause, which leaves a real window for the second Ctrl-C.
(haveDebugpy && haveTmux ? test : test.skip)(
  "a second Ctrl-C while the pause is on its way leaves at once (exit 130, INTERRUPTED); the session lives on and the pause lands",
  async () => {
    const pane = "twice";
    const type = shell(pane);
    const s = env().session("twice");
    await s.ok(["start", napPy, "--stop-on-entry"]);
    await type(`${BIN} continue --session twice; echo "rc=$?"`);
    await waitFor(() => /^nap 1$/m.test(screen(pane)), 20_000, "the program to be in its second sleep");
    tmux("send-keys", "-t", pane, "C-c");
    await waitFor(() => screen(pane).includes("Ctrl-C: pausing the program"), 5000, "the first Ctrl-C to be taken");
    const second = Date.now();
    tmux("send-keys", "-t", pane, "C-c");
    await waitFor(() => /rc=\d+/.test(screen(pane)), 10_000, "the continue to end");
    const left = Date.now() - second;
    const after = screen(pane);
    expect(after).toContain("rc=130");
    expect(after).toContain(
      "error: left the continue at a second Ctrl-C; session 'twice' keeps running in the daemon; the program is running (the pause asked for may still stop it) [INTERRUPTED]",
    );
    expect(after).toContain("hint: `debugger await` waits for its next stop");
    expect(after).not.toContain("Stopped:");
    expect(left).toBeLessThan(3000);
    // The pause asked for at the first Ctrl-C lands when the sleep ends; the session answers as before.
    const got = await s.ok(["await", "--timeout", "20"]);
    expect(got.stop.reason).toBe("pause");
    await s.run(["stop"]);
  },
);

/** Lines of the program's output on the screen, in order. */
const programLines = (text: string) =>
  text
    .split("\n")
    .filter((l) => /^line \d+$/.test(l.trim()))
    .map((l) => l.trim());

async function streaming(pane: string, session: string, program: string, breakAt: string, extra = "", fn = "hit", firstLineMs = 15_000) {
  const type = shell(pane);
  const expected = (from: number) => Array.from({ length: 8 }, (_, i) => `line ${from + i}`);

  // start: the program's lines appear while it waits, the progress line below them counts them.
  await type(`${BIN} start ${program} --break ${breakAt} --session ${session}${extra}; echo "rc=$?"`);
  await waitFor(() => /^line 2$/m.test(screen(pane)) && !/rc=\d/.test(screen(pane)), firstLineMs, "the start's output to stream while it waits");
  await waitFor(
    () => /start: starting, then waiting for the first stop; \d+\.\d s; \d+ lines? of output/.test(screen(pane)),
    10_000,
    "the progress line under the output",
  );
  await waitFor(() => /rc=\d+/.test(screen(pane)), 30_000, "the start to end");
  let after = screen(pane);
  expect(after).toContain("rc=0");
  expect(after).toContain(`Stopped: breakpoint 1 in ${fn}`);
  // Each line once, in order, and the report does not repeat them under Output.
  expect(programLines(after), after).toEqual(expected(0));
  expect(after).not.toContain("Output:");
  expect(after).not.toContain("lines of output");

  await type(`${BIN} continue --session ${session}; echo "rc=$?"`);
  await waitFor(() => /^line 9$/m.test(screen(pane)) && !/rc=\d/.test(screen(pane)), 15_000, "the continue's output to stream while it waits");
  await waitFor(() => /rc=\d+/.test(screen(pane)), 30_000, "the continue to end");
  after = screen(pane);
  expect(after).toContain("rc=0");
  expect(programLines(after)).toEqual(expected(8));
  expect(after).not.toContain("Output:");

  // On a pipe: nothing streamed, the report keeps its Output section as before.
  const piped = await env().session(session).run(["continue"], { json: false });
  expect(piped.exitCode).toBe(0);
  expect(piped.stdout).toContain(
    `Output:\n${expected(16)
      .map((l) => `  ${l}`)
      .join("\n")}`,
  );
  expect(piped.stdout.match(/line 16/g)?.length).toBe(1);
  await env().session(session).run(["stop"]);
}

t("the program's output streams while start and continue wait (lldb-dap), once, not repeated in the report; on a pipe the report keeps it", async () => {
  await streaming("stream", "stream", stream, "hit");
});

(haveDebugpy && haveTmux ? test : test.skip)("the program's output streams while start and continue wait (debugpy)", async () => {
  await streaming("streampy", "streampy", streamPy, `${streamPy}:4`);
});

(haveLldb && haveGdb && haveTmux ? test : test.skip)("the program's output streams while start and continue wait (gdb)", async () => {
  await streaming("streamgdb", "streamgdb", stream, "hit", " --adapter gdb");
});

(haveLldb && haveDlv && haveTmux ? test : test.skip)(
  "the program's output streams while start and continue wait (Delve)",
  async () => {
    // The daemon builds the Go source first (the standard library too, on a cold cache).
    await streaming("streamgo", "streamgo", streamGo, "main.hit", "", "main.hit", 100_000);
  },
  180_000,
);

t("run streams the program's output on a terminal while it runs, each line once, and its report leaves Output out (lldb-dap)", async () => {
  const type = shell("runstream");
  await type(`${BIN} run ${stream} --break hit --print n --max 2; echo "rc=$?"`);
  // Lines appear while the run goes on (it takes ~4 s to reach the second stop).
  await waitFor(() => /^line 3$/m.test(screen("runstream")) && !/rc=\d/.test(screen("runstream")), 15_000, "the run's output to stream while it runs");
  await waitFor(() => /rc=\d+/.test(screen("runstream")), 30_000, "the run to end");
  const after = screen("runstream");
  expect(after).toContain("rc=0");
  expect(after).toContain("Stopped after 2 stops (--max)");
  expect(programLines(after), after).toEqual(Array.from({ length: 16 }, (_, i) => `line ${i}`));
  expect(after).not.toContain("Output:");
});

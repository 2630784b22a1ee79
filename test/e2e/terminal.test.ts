// A waiting command on a real terminal (tmux): the progress line says what it waits for and for
// how long, and is erased before the report; none of it with --json or on a pipe. Issue 23. Real
// lldb-dap on a C program that takes its time between stops.
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

const env = useEnv(() => new E2eEnv({ prefix: "dbg-term-" }));
const haveLldb = adapterAvailable("lldb-dap", "test/e2e/terminal.test.ts");
const haveTmux = Bun.which("tmux") !== null || missing("tmux is not installed (CI installs it in .ci/run)", "test/e2e/terminal.test.ts");
const t = haveLldb && haveTmux ? test : test.skip;
const SOCKET = `dbg-term-${process.pid}`;
let dir: string;
let prog: string;

beforeAll(() => {
  if (!haveLldb || !haveTmux) return;
  dir = mkdtempSync(join(tmpdir(), "dbg-term-src-"));
  writeFileSync(join(dir, "slow.c"), SLOW_C);
  const cc = Bun.spawnSync(["cc", "-g", "-O0", "-o", join(dir, "slow"), join(dir, "slow.c")], { stderr: "pipe" });
  if (cc.exitCode !== 0) throw new Error(cc.stderr.toString());
  prog = join(dir, "slow");
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

const screen = () => tmux("capture-pane", "-p", "-t", "term");

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

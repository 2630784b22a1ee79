// A reader that closes the pipe (`debugger … | head -1`) ends the command quietly: no message, and
// the command's own exit status (0 here), never `EPIPE … [INTERNAL]` (issue 28 item 5). Built binary,
// fake adapter; the reader is `true`, which exits without reading, so every write meets a closed pipe.
import { afterAll, expect, test } from "bun:test";
import { BIN, Env, STANDARD_PROGRAM } from "./harness.ts";

const env = new Env();
afterAll(() => env.close());

/** Runs `debugger ARGS | true` (argv through "$@", no shell parsing); the debugger's status and stderr. */
async function intoClosedPipe(args: string[]): Promise<{ status: number; stderr: string }> {
  const script = '"$@" 2>"$ERR" | true; echo "${PIPESTATUS[0]}"';
  const errFile = `${env.dir}/pipe-${Math.random().toString(36).slice(2)}.err`;
  const proc = Bun.spawn(["bash", "-c", script, "bash", BIN, ...args], { cwd: env.dir, env: { ...env.env, ERR: errFile }, stdout: "pipe", stderr: "pipe" });
  const [out] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
  return { status: Number(out.trim()), stderr: await Bun.file(errFile).text() };
}

const session = env.session("pipe");
let started = false;
async function chattySession(): Promise<void> {
  if (started) return;
  // 3,000 lines of output (~300 KB) before the breakpoint: far more than a pipe's 64 KiB buffer.
  const prog = env.program({
    functions: STANDARD_PROGRAM.functions,
    calls: STANDARD_PROGRAM.calls,
    adapter: { floodOutput: { count: 3000, bytes: 100 } },
    exitCode: 0,
  });
  await session.ok(["start", prog, "--break", "prog.c:8"]);
  started = true;
}

const cases: [string, string[]][] = [
  ["completion fish", ["completion", "fish"]],
  ["help --all", ["help", "--all"]],
  ["--version", ["--version"]],
  ["status --json", ["status", "--json"]],
  ["a long output", ["output", "--session", "pipe"]],
  ["a long output --json", ["output", "--json", "--session", "pipe"]],
  ["output --follow", ["output", "--follow", "--session", "pipe"]],
  ["backtrace --json", ["backtrace", "--json", "--session", "pipe"]],
];

for (const [name, args] of cases) {
  test(`${name} into a closed pipe: exit 0, nothing said`, async () => {
    if (args.includes("pipe")) await chattySession();
    // Several runs: the write that meets the closed pipe is a race with the reader's exit.
    for (let i = 0; i < 3; i++) {
      const r = await intoClosedPipe(args);
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
    }
  }, 60_000);
}

test("a failing command into a closed pipe keeps its own exit status, quietly", async () => {
  const r = await intoClosedPipe(["print", "x", "--json", "--session", "nobody-here"]);
  expect(r.stderr).toBe("");
  expect(r.status).not.toBe(0);
  expect(r.status).not.toBe(70);
}, 30_000);

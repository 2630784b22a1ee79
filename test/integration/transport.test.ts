// The CLI ⇄ daemon transport under size: a request far larger than one socket write is sent
// whole, a reply cut inside a UTF-8 character is decoded whole, and every input that could grow
// without bound (a plan's lines, its length, stdin) is refused early with INVALID_ARGUMENT
// naming its limit. Issue 24, items 1 and 2.
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, Env } from "./harness.ts";

const envs: Env[] = [];
function newEnv(): Env {
  const env = new Env();
  envs.push(env);
  return env;
}
afterEach(async () => {
  await Promise.all(envs.splice(0).map((e) => e.close()));
});

describe("large requests", () => {
  let env: Env;
  afterAll(() => env?.close());

  test("a 5 MB plan of 1000 lines reaches the daemon whole and every line is answered", async () => {
    env = new Env();
    // Each line names an expression of 5,000 characters: one write cannot carry the request.
    const plan = Array.from({ length: 1000 }, (_, i) => `print v${i}_${"y".repeat(5000)}`).join("\n");
    const started = Date.now();
    const r = await env.run(["batch", "--keep-going"], { stdin: plan });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(r.json.data).toMatchObject({ ran: 1000, total: 1000 });
    expect(r.json.data.replies.every((x) => x.error?.code === "NO_SESSION")).toBe(true);
  });

  test("a reply of 2 MB with non-ASCII text on every line arrives unchanged", async () => {
    const file = join(env.dir, "utf8.c");
    const lines = Array.from({ length: 20_000 }, (_, i) => `// ligne ${i}: été naïve — 日本語テキスト ✓ 🙂`);
    writeFileSync(file, `${lines.join("\n")}\n`);
    const r = await env.run(["list", `${file}:1-20000`]);
    expect(r.exitCode).toBe(0);
    expect(r.json.data.lines.map((l) => l.text)).toEqual(lines);
    expect(r.stdout).not.toContain("\uFFFD");
  });
});

describe("bounded inputs", () => {
  test("a plan of more than 1000 commands is refused before anything runs", async () => {
    const env = newEnv();
    const r = await env.run(["batch"], { stdin: "status\n".repeat(1001) });
    expect(r.exitCode).toBe(2);
    expect(r.json.error.code).toBe("INVALID_ARGUMENT");
    expect(r.json.error.message).toContain("a batch runs at most 1000");
    expect(r.json.error.hint).toContain("several batches");
  });

  test("a line of a plan longer than 64 KiB is refused, naming its line and the limit", async () => {
    const env = newEnv();
    const r = await env.run(["batch"], { stdin: `status\nprint ${"x".repeat(70_000)}\n` });
    expect(r.exitCode).toBe(2);
    expect(r.json.error).toMatchObject({ code: "INVALID_ARGUMENT" });
    expect(r.json.error.message).toBe("line 2 is 70006 characters; a line of a plan holds at most 65536");
  });

  test("stdin is read only up to 16 MiB, then refused", async () => {
    const env = newEnv();
    // An endless writer: the CLI must stop reading and answer, not buffer what it is given.
    const proc = Bun.spawn(["sh", "-c", `yes status | "$0" batch --json`, BIN], { env: env.env, cwd: env.dir, stdout: "pipe", stderr: "pipe" });
    const [stdout, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    const json = JSON.parse(stdout);
    expect(code).toBe(2);
    expect(json.error.code).toBe("INVALID_ARGUMENT");
    expect(json.error.message).toBe("the plan on stdin is longer than 16777216 bytes (16 MiB), the limit of a batch");
  });

  test("a plan file over 16 MiB is refused without reading it", async () => {
    const env = newEnv();
    const file = join(env.dir, "plan.txt");
    writeFileSync(file, "status\n".repeat(2_500_000));
    const r = await env.run(["batch", file]);
    expect(r.exitCode).toBe(2);
    expect(r.json.error.message).toContain("a plan holds at most 16777216 bytes (16 MiB)");
  });

  test("a plan whose waits add up past what a timer holds still runs (no overflow, no instant TIMEOUT)", async () => {
    const env = newEnv();
    // 900 × (2,000,000 s + 30 s) is far past 2^31-1 ms: the socket wait is capped, not wrapped to 0.
    const r = await env.run(["batch", "--keep-going"], { stdin: `${"continue --timeout 2000000\n".repeat(900)}status\n` });
    expect(r.stderr).not.toContain("TimeoutOverflowWarning");
    expect(r.json.data).toMatchObject({ ran: 901, total: 901 });
    expect(r.json.data.replies[0].error.code).toBe("NO_SESSION");
    expect(r.json.data.replies[900].ok).toBe(true);
  });
});

describe("a reply cut inside a character", () => {
  test("bytes arriving one at a time are decoded as one UTF-8 text", async () => {
    const env = newEnv();
    mkdirSync(env.runtimeDir, { mode: 0o700 });
    const text = "été — 日本語 🙂".repeat(50);
    const server = Bun.listen<undefined>({
      unix: env.socket,
      socket: {
        async data(sock, chunk) {
          const req = JSON.parse(chunk.toString().split("\n")[0]!);
          const bytes = Buffer.from(
            `${JSON.stringify({ id: req.id, ok: true, command: req.command, session: req.session, data: { session: req.session, state: text } })}\n`,
          );
          // One byte per write, each flushed: every multi-byte character is split across reads.
          for (const b of bytes) {
            // 0 written: the kernel's buffer is full; try the same byte again.
            while (sock.write(Uint8Array.of(b)) !== 1) await Bun.sleep(1);
            sock.flush();
            await Bun.sleep(0);
          }
        },
      },
    });
    try {
      const r = await env.run(["status"]);
      expect<unknown>(r.json.data.state).toBe(text);
    } finally {
      server.stop(true);
    }
  });
});

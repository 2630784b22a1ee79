import { describe, expect, test } from "bun:test";
import { existsSync, readlinkSync } from "node:fs";
import { dirname } from "node:path";
import { openStdioFifos } from "../../src/adapters/stdioFifos.ts";

describe.skipIf(process.platform !== "linux")("openStdioFifos", () => {
  test("a child's stdout and stderr are FIFOs; settled waits for what it wrote before it stopped; the directory goes on close", async () => {
    const fifos = openStdioFifos()!;
    expect(fifos).toBeDefined();
    const sh = Bun.spawn(
      [
        "sh",
        "-c",
        `test -p /dev/stdout && echo fifo; printf 'e\\n' >&2; head -c 200000 /dev/zero | tr '\\0' x; printf 'open'; kill -STOP $$; printf ' after\\n'`,
      ],
      { stdin: "ignore", stdout: fifos.fds.stdout as unknown as "pipe", stderr: fifos.fds.stderr as unknown as "pipe" },
    );
    fifos.spawned();
    const got = { stdout: "", stderr: "" };
    const pump = async (which: "stdout" | "stderr") => {
      const f = fifos.filtered(which, (t) => (got[which] += t));
      const dec = new TextDecoder();
      try {
        for await (const chunk of fifos.stream(which)) f.push(dec.decode(chunk, { stream: true }));
      } finally {
        f.end();
      }
    };
    const done = Promise.all([pump("stdout"), pump("stderr")]);
    const where = readlinkSync(`/proc/${sh.pid}/fd/1`);
    expect(where.endsWith("/stdout")).toBe(true);
    const state = () =>
      Bun.file(`/proc/${sh.pid}/stat`)
        .text()
        .then((t) => t.split(") ")[1]![0]);
    while ((await state()) !== "T") await Bun.sleep(5);
    // Stopped, as at a breakpoint: every byte it wrote is in once settled says so.
    expect(await fifos.settled(5000)).toBe(true);
    expect(got.stdout).toBe(`fifo\n${"x".repeat(200_000)}open`);
    expect(got.stderr).toBe("e\n");
    sh.kill("SIGCONT");
    await sh.exited;
    await done;
    expect(got.stdout.endsWith("open after\n")).toBe(true);
    expect(got.stdout).not.toContain("\u0000");
    // Both streams ended: no marker can be written, settled says it is not exact.
    expect(await fifos.settled(100)).toBe(false);
    fifos.close();
    expect(existsSync(dirname(where))).toBe(false);
  });
});

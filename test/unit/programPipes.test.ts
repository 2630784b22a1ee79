import { describe, expect, test } from "bun:test";
import { openProgramPipes } from "../../src/adapters/programPipes.ts";
import { MarkerFilter } from "../../src/adapters/syncMarks.ts";

describe("MarkerFilter", () => {
  const P = "\u0000sync-abc:";
  test("takes markers out, across reads, and holds only what may begin one", () => {
    const f = new MarkerFilter(P);
    expect(f.push("42\n")).toEqual({ text: "42\n", markers: [] });
    expect(f.push(`a${P.slice(0, 4)}`)).toEqual({ text: "a", markers: [] });
    expect(f.push(`${P.slice(4)}7`)).toEqual({ text: "", markers: [] });
    expect(f.push(`\nb${P}8\nc\u0000`)).toEqual({ text: "bc", markers: ["7", "8"] });
    // A NUL of the program's own comes out with what follows it, or at the end.
    expect(f.push("d")).toEqual({ text: "\u0000d", markers: [] });
    expect(f.push("\u0000")).toEqual({ text: "", markers: [] });
    expect(f.flush()).toBe("\u0000");
  });
});

describe.skipIf(process.platform === "win32")("openProgramPipes", () => {
  test("every byte of each stream; settled waits for what a stopped writer wrote", async () => {
    const got = { stdout: "", stderr: "" };
    const pipes = openProgramPipes((s, t) => (got[s] += t))!;
    expect(pipes).toBeDefined();
    // Nothing has opened the pipes: nothing to wait for.
    await pipes.settled(2000);
    const big = "x".repeat(200_000);
    const sh = Bun.spawn([
      "sh",
      "-c",
      `exec >"$1" 2>"$2"; printf '42\\n'; printf 'e\\377' >&2; head -c 200000 /dev/zero | tr '\\0' x; kill -STOP $$; printf 'after'`,
      "sh",
      pipes.stdout,
      pipes.stderr,
    ]);
    // Stopped (as at a breakpoint): what it wrote before is read once settled says so.
    const stat = () =>
      Bun.file(`/proc/${sh.pid}/stat`)
        .text()
        .then((t) => t.split(") ")[1]![0]);
    while ((await stat()) !== "T") await Bun.sleep(5);
    await pipes.settled(5000);
    expect(got.stdout).toBe(`42\n${big}`);
    expect(got.stderr).toBe("e\uFFFD");
    sh.kill("SIGCONT");
    await sh.exited;
    await pipes.settled(5000);
    while (!got.stdout.endsWith("after")) await Bun.sleep(5);
    expect(got.stdout).toBe(`42\n${big}after`);
    pipes.close();
  });
});

// terminal.ts answers isatty for stdout and stderr without building their streams: checked in a
// child process both ways, on pipes and on a pseudo-terminal (util-linux `script`).
import { expect, test } from "bun:test";
import { join } from "node:path";

const probe = `import { isTerminal } from ${JSON.stringify(join(import.meta.dir, "..", "..", "src", "cli", "terminal.ts"))};
await Bun.write(Bun.stdout, JSON.stringify([isTerminal(1), isTerminal(2)]) + "\\n");`;

test("on pipes: neither stdout nor stderr is a terminal", () => {
  const r = Bun.spawnSync([process.execPath, "-e", probe], { stdout: "pipe", stderr: "pipe" });
  expect(r.stdout.toString().trim()).toBe("[false,false]");
});

test("on a pseudo-terminal: both are, and stdout on a pipe there is not", () => {
  const script = Bun.which("script");
  if (!script) {
    console.log("skipped: util-linux `script` is not installed (it gives the child a pseudo-terminal)");
    if (process.env.CI === "true") throw new Error("`script` is missing in CI");
    return;
  }
  const run = (command: string) => Bun.spawnSync([script, "-qec", command, "/dev/null"], { stdin: "pipe", stdout: "pipe", stderr: "pipe" }).stdout.toString();
  const quoted = `'${probe.replaceAll("'", "'\\''")}'`;
  expect(run(`${process.execPath} -e ${quoted}`)).toContain("[true,true]");
  expect(run(`${process.execPath} -e ${quoted} | cat`)).toContain("[false,true]");
});

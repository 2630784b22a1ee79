// Golden transcripts: the human output (not --json) of one short session on each real adapter,
// normalised (test/harness/normalise.ts) and pinned as snapshots in __snapshots__/golden.test.ts.snap.
// A change to what a user reads shows up here as a diff; when it is intended, update the snapshots
// with `bun test test/e2e/golden.test.ts --update-snapshots` and review the diff like code.
//
// The session stops first in factorial's base case (n = 1), so every local shown is initialised (a
// stop in add would show an uninitialised `sum`, different on every run). The second breakpoint
// sits between the program's stdout line and its stderr line, so each report carries one stream:
// adapters that read the two through separate pipes (debugpy, Delve) do not order them, and one
// report holding both differed from run to run.
import { describe, expect, test } from "bun:test";
import { relative } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { findGdb, gdb } from "../../src/adapters/gdb.ts";
import { buildGoFixtures, goFixturesDir } from "../fixtures/go/build.ts";
import { adapterAvailable, E2eEnv, missing, normalise, ROOT, runCommand, useEnv } from "../harness/index.ts";

const FILE = "test/e2e/golden.test.ts";
const T = 120_000;

interface Golden {
  name: string;
  /** Why this adapter cannot run here, or "" when it can. */
  unavailable: () => string;
  /** The program to start, relative to the repository (built first if need be). */
  program: () => Promise<string>;
  source: string;
  flags: string[];
  /**
   * Frames of the fixture itself at the stop after `next`. The frames below main belong to the C
   * library or the Go runtime, whose file names and lines change with their versions.
   */
  frames: number;
}

const rel = (path: string) => relative(ROOT, path);

function pythonWithDebugpy(): boolean {
  const onPath = runCommand(["which", "-a", "python3"]).out.split("\n").filter(Boolean);
  return [...new Set([...onPath, "/usr/bin/python3"])].some((p) => runCommand([p, "-c", "import debugpy"]).exitCode === 0);
}

const GOLDEN: Golden[] = [
  {
    name: "lldb-dap, C",
    unavailable: () => (adapterAvailable("lldb-dap", FILE) ? "" : "lldb-dap"),
    program: async () => rel((await buildFixtures())["c-basic"]!),
    source: sourcePath("c/basic.c"),
    flags: [],
    frames: 5,
  },
  {
    name: "debugpy, Python",
    unavailable: () => (pythonWithDebugpy() ? "" : "no python3 here can import debugpy (apt-get install python3-debugpy)"),
    program: async () => "test/fixtures/python/basic.py",
    source: sourcePath("python/basic.py"),
    flags: [],
    frames: 4,
  },
  {
    name: "Delve, Go",
    unavailable: () =>
      process.env.DEBUGGER_DLV || Bun.which("dlv") ? (Bun.which("go") ? "" : "go (apt-get install golang-go)") : "dlv (apt-get install delve)",
    program: async () => rel((await buildGoFixtures()).basic!),
    source: `${goFixturesDir}/basic/main.go`,
    flags: [],
    frames: 4,
  },
  {
    name: "gdb, C",
    unavailable: () => (!findGdb() ? "gdb (apt-get install gdb)" : !gdb.discover({ options: {} }) ? "cdt-gdb-adapter for gdb < 14 (`debugger setup gdb`)" : ""),
    program: async () => rel((await buildFixtures())["c-basic"]!),
    source: sourcePath("c/basic.c"),
    flags: ["--adapter", "gdb"],
    frames: 5,
  },
];

/** The commands of the session, as a user would type them (the harness adds --session). */
function script(g: Golden, program: string): string[][] {
  const at = (mark: string) => `${rel(g.source)}:${markerLine(g.source, mark)}`;
  return [
    ["start", program, "--break", at("factorial_base"), "--break", at("print_stderr"), ...g.flags],
    ["next"],
    ["print", "n"],
    ["backtrace", "--limit", String(g.frames)],
    ["locals"],
    ["breakpoint", "list"],
    ["continue"],
    ["continue"],
  ];
}

describe("golden transcripts of human output", () => {
  const env = useEnv(() => new E2eEnv());

  for (const g of GOLDEN) {
    const why = g.unavailable();
    if (why) missing(why, `${FILE} (${g.name})`);
    test.skipIf(why !== "")(
      g.name,
      async () => {
        const program = await g.program();
        const s = env().session(
          `golden-${g.name
            .split(",")[0]!
            .toLowerCase()
            .replace(/[^a-z]+/g, "-")}`,
        );
        let transcript = "";
        for (const args of script(g, program)) {
          const r = await s.run(args, { cwd: ROOT, json: false });
          transcript += `$ debugger ${args.join(" ")}\n${r.stdout}`;
          if (r.stderr) transcript += r.stderr.replace(/^/gm, "stderr| ");
          transcript += `[exit ${r.exitCode}]\n\n`;
        }
        expect(normalise(transcript)).toMatchSnapshot();
      },
      T,
    );
  }
});

// The binary alone, as agents' sandboxes have it: copied into an empty directory, a PATH with no
// Node.js or Bun, a home directory it cannot write to.
import { expect, test } from "bun:test";
import { chmodSync, copyFileSync, existsSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { adapterAvailable, findAdapter } from "../e2e/harness.ts";
import { buildFixtures } from "../../scripts/build-fixtures.ts";
import { CI, debugSession, HOST_BIN, run, tempDir } from "./helpers.ts";

// Root writes anywhere, so as root the commands run as `nobody` (setpriv, util-linux) to make
// the read-only home real; otherwise the home directory is simply chmod 0555.
const asRoot = process.getuid?.() === 0;
const setpriv = Bun.which("setpriv");
const usable = !asRoot || setpriv !== null;
if (!usable && CI) throw new Error("CI=true, running as root and setpriv (util-linux) is missing: the sandbox test cannot drop privileges");
if (!usable) console.warn("SKIP sandbox test: running as root without setpriv");
const dropTo = asRoot ? [setpriv!, "--reuid=65534", "--regid=65534", "--clear-groups"] : [];
const uid = asRoot ? 65534 : process.getuid!();

/** An empty world: the binary alone in app/, a PATH holding only lldb-dap, a read-only home. */
function sandbox(root: string) {
  for (const d of ["app", "path", "home", "tmp", "prog"]) mkdirSync(join(root, d));
  chmodSync(root, 0o755);
  copyFileSync(HOST_BIN, join(root, "app", "debugger"));
  for (const d of ["app", "path", "prog"]) chmodSync(join(root, d), 0o755);
  chmodSync(join(root, "tmp"), 0o1777);
  chmodSync(join(root, "home"), 0o555);
  const lldbDap = findAdapter("lldb-dap");
  if (lldbDap) symlinkSync(lldbDap, join(root, "path", "lldb-dap"));
  const env = { PATH: join(root, "path"), HOME: join(root, "home"), TMPDIR: join(root, "tmp"), NO_COLOR: "1" };
  return { bin: join(root, "app", "debugger"), env };
}

test.skipIf(!usable)(
  "alone in an empty directory, no node or bun on PATH, read-only HOME: a full session",
  async () => {
    if (!adapterAvailable("lldb-dap", "sandbox test")) return;
    using dir = tempDir("dbg-sandbox-");
    const { bin, env } = sandbox(dir.path);
    for (const tool of ["node", "bun"]) expect(Bun.which(tool, { PATH: env.PATH })).toBeNull();
    // The fixture is copied where `nobody` can run it.
    const program = join(dir.path, "prog", "c-basic");
    copyFileSync((await buildFixtures())["c-basic"]!, program);
    chmodSync(program, 0o755);

    const version = await run([...dropTo, bin, "--version"], { env });
    expect(version.code).toBe(0);
    const { stop, exit, line } = await debugSession([...dropTo, bin], env, undefined, program);
    expect(stop).toMatchObject({ reason: "breakpoint", frame: { function: "add", line } });
    expect(exit).toMatchObject({ reason: "exited", exitCode: 3 });
    // The home was not writable, so the daemon's log went to the runtime directory under TMPDIR.
    expect(existsSync(join(env.TMPDIR, `debugger-cli-${uid}`, "daemon.log"))).toBe(true);
    expect(existsSync(join(env.HOME, ".local"))).toBe(false);
  },
  60_000,
);

test.skipIf(!usable)("an unwritable runtime directory is refused at once, naming the variable to set", async () => {
  using dir = tempDir("dbg-sandbox-");
  const { bin, env } = sandbox(dir.path);
  const r = await run([...dropTo, bin, "status"], { env: { ...env, TMPDIR: env.HOME } });
  expect(r.code).toBe(4);
  expect(r.stderr).toMatch(/permission denied \(EACCES\) \[DAEMON_UNAVAILABLE\]\nhint: set DEBUGGER_RUNTIME_DIR/);
});

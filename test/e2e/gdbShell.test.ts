// gdb (through cdt-gdb-adapter) starts the program through a shell (`startup-with-shell`). With the
// caller's SHELL=bash, that bash's stdin is gdb's MI pipe, a socket, and bash sources ~/.bashrc
// when its stdin is a socket and SHLVL < 2 (its "run by sshd" rule): the program gained what
// ~/.bashrc exports, and bash changed SHLVL and `_`. The program's environment and argv must be
// exactly the caller's (DESIGN.md 7b) whatever SHLVL is (unset: a background job, CI, an agent's
// `bash -c`), with gdb started ahead and with gdb spawned at launch; argv with anything a shell
// would split, expand or redirect, and line breaks. Each call's environment is
// given whole here, so the result does not depend on how the test runner was started.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findCdtAdapter, gdb } from "../../src/adapters/gdb.ts";
import { logPath } from "../../src/common/paths.ts";
import { adapterAvailable, BIN, E2eEnv, skipped, useEnv } from "../harness/index.ts";

const FILE = "test/e2e/gdbShell.test.ts";
const found = adapterAvailable("gdb", FILE) ? gdb.discover() : null;
const cdt = found?.variant === "cdt-gdb-adapter" ? true : found ? skipped(`${FILE}: gdb speaks DAP itself (gdb 14+): no shell starts the program`) : false;

// Every argv entry and environment entry, hex-encoded: blanks, quotes and line breaks survive.
const WORLD_C = `#include <stdio.h>
extern char **environ;
static void hex(const char *tag, const char *s) {
  printf("%s ", tag);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) printf("%02x", *p);
  printf("\\n");
}
int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) hex("A", argv[i]);
  for (char **e = environ; *e; e++) hex("E", *e);
  return 0;
}
`;

/** Arguments a shell would split, expand or redirect if they reached it unquoted. */
const ARGS = [
  "a b",
  "",
  "$HOME",
  "*",
  "q'\"x",
  "tab\there",
  "back\\slash",
  "--",
  "-x",
  "<in",
  ";true",
  "$(echo no)",
  "`echo no`",
  "~",
  "x ~root",
  "é",
  "line\nbreak",
  "\n",
  "ends\n",
  "cr\r",
];

const env = useEnv(() => new E2eEnv({ prefix: "dbg-gdbshell-" }));
let dir: string;
let home: string;

beforeAll(() => {
  if (!cdt) return;
  dir = mkdtempSync(join(tmpdir(), "dbg-gdbshell-src-"));
  writeFileSync(join(dir, "world.c"), WORLD_C);
  const cc = Bun.spawnSync(["cc", "-g", "-O0", "-o", join(dir, "world"), join(dir, "world.c")], { stderr: "pipe" });
  if (cc.exitCode !== 0) throw new Error(cc.stderr.toString());
  // A home whose ~/.bashrc exports a variable: the program must never see it.
  home = join(dir, "home");
  mkdirSync(home);
  writeFileSync(join(home, ".bashrc"), "export BASHRC_RAN=yes\nSHLVL=7\n");
});
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

/** The caller's whole environment: the test env's, SHELL=bash, the home above, SHLVL as given. */
function caller(shlvl: string | undefined, extra: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = { ...env().env, HOME: home, SHELL: "/bin/bash", DEBUGGER_CDT_GDB_ADAPTER: findCdtAdapter() ?? "" };
  delete out.SHLVL;
  delete out._;
  delete out.BASHRC_RAN;
  if (shlvl !== undefined) out.SHLVL = shlvl;
  return { ...out, ...extra };
}

function world(output: string): string[] {
  const decode = (h: string) => Buffer.from(h, "hex").toString("utf8");
  return output
    .split("\n")
    .filter((l) => /^[AE] [0-9a-f]*$/.test(l))
    .map((l) => `${l[0]} ${decode(l.slice(2))}`)
    .filter((l) => !l.startsWith("E DEBUGGER_ADAPTER_ID="));
}

function plain(env: Record<string, string>): string[] {
  const r = Bun.spawnSync([join(dir, "world"), ...ARGS], { cwd: dir, env, stdout: "pipe" });
  return world(r.stdout.toString());
}

async function underDebugger(env: Record<string, string>): Promise<string[]> {
  const proc = Bun.spawn([BIN, "run", join(dir, "world"), "--adapter", "gdb", "--json", "--", ...ARGS], {
    cwd: dir,
    env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  const json = JSON.parse(stdout);
  if (proc.exitCode !== 0 || !json.ok) throw new Error(`run failed: ${stdout}${stderr}`);
  return world(json.data.stop?.output ?? "");
}

/** The daemon log's notes from the adapter about its gdb started ahead (none before the daemon's start). */
function notes(): string[] {
  if (!existsSync(logPath(env().env))) return [];
  return [...readFileSync(logPath(env().env), "utf8").matchAll(/gdb started ahead: (.*)/g)].map((m) => m[1]!);
}

const ODD = {
  ODD_VALUES: " lead and trail ",
  STARS: "* $HOME `x` 'q' \"d\"",
  EMPTY: "",
  BREAK: "one\ntwo",
  // What a shell sets, with values gdb's command line would change (a `~` after a blank, a line break).
  _: "a ~root b\\c\n\t$HOME  ",
  OLDPWD: "/no ~where\n",
};

for (const shlvl of [undefined, "1"]) {
  for (const path of ["started ahead", "spawned at launch"] as const) {
    test.skipIf(!cdt)(`SHLVL ${shlvl ?? "unset"}, gdb ${path}: the program's environment and argv are the caller's exactly`, async () => {
      const e = caller(shlvl, path === "spawned at launch" ? { DEBUGGER_GDB_AHEAD: "0" } : {});
      const before = notes().length;
      const got = await underDebugger(e);
      expect(got.filter((l) => l.startsWith("A "))).toEqual(ARGS.map((a) => `A ${a}`));
      expect(got).not.toContain("E BASHRC_RAN=yes");
      expect(got.sort()).toEqual(plain(e).sort());
      const said = notes().slice(before);
      if (path === "started ahead") expect(said.some((n) => n.startsWith("taken"))).toBe(true);
      else expect(said).toEqual([]);
    });
  }
  test.skipIf(!cdt)(`SHLVL ${shlvl ?? "unset"}: values gdb's set environment cannot take (gdb spawned), blanks, quotes, a line break`, async () => {
    const e = caller(shlvl, ODD);
    const got = await underDebugger(e);
    expect(got).not.toContain("E BASHRC_RAN=yes");
    expect(got.sort()).toEqual(plain(e).sort());
  });
}

test.skipIf(!cdt)("with no PWD, SHELL or SHLVL at all, the program has none (a shell would add PWD)", async () => {
  const e = caller(undefined);
  delete e.PWD;
  delete e.SHELL;
  delete e.OLDPWD;
  const got = await underDebugger(e);
  expect(got.filter((l) => /^E (PWD|SHELL|SHLVL|OLDPWD|_)=/.test(l))).toEqual([]);
  expect(got.sort()).toEqual(plain(e).sort());
});

// `debugger uninstall` through the built binary, in a home of its own: what install.sh and the
// tool wrote is listed, removed only when confirmed (--yes; a pipe is never asked), the daemon is
// stopped first, config.toml stays unless --all, and what is not ours (a SKILL.md of the user's,
// a binary another installer owns) stays.
import { afterAll, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN } from "../harness/index.ts";

const root = mkdtempSync(join(tmpdir(), "dbg-uninstall-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Item {
  path: string;
  what: string;
}

function home(name: string) {
  const h = join(root, name);
  const env: Record<string, string> = { ...(process.env as Record<string, string>), HOME: h, TMPDIR: join(h, "tmp"), DEBUGGER_SESSION: "", DEBUGGER_JSON: "" };
  for (const k of [
    "XDG_RUNTIME_DIR",
    "DEBUGGER_RUNTIME_DIR",
    "XDG_CONFIG_HOME",
    "XDG_CACHE_HOME",
    "XDG_STATE_HOME",
    "XDG_DATA_HOME",
    "DEBUGGER_SKILL_DIR",
    "DEBUGGER_LOG_FILE",
  ])
    delete env[k];
  const p = {
    bin: join(h, ".local", "bin", "debugger"),
    skill: join(h, ".claude", "skills", "debugger", "SKILL.md"),
    data: join(h, ".local", "share", "debugger-cli"),
    cache: join(h, ".cache", "debugger-cli"),
    state: join(h, ".local", "state", "debugger-cli"),
    config: join(h, ".config", "debugger-cli"),
    runtime: join(h, "tmp", `debugger-cli-${process.getuid!()}`),
  };
  mkdirSync(join(h, "tmp"), { recursive: true });
  for (const d of [join(p.data, "adapters"), p.cache, p.config, join(h, ".local", "bin"), join(h, ".claude", "skills", "debugger")])
    mkdirSync(d, { recursive: true });
  writeFileSync(join(p.config, "config.toml"), "[defaults]\n");
  return { h, env, p };
}

async function run(exe: string, args: string[], env: Record<string, string>) {
  const proc = Bun.spawn([exe, ...args], { env, cwd: root, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  let json: any;
  try {
    json = JSON.parse(stdout);
  } catch {}
  return { exitCode, stdout, stderr, json };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test("install.sh's layout: listed, refused without --yes off a terminal, then removed with the daemon stopped; config.toml kept", async () => {
  const { env, p } = home("a");
  copyFileSync(BIN, p.bin);
  const skill = await run(p.bin, ["guide", "--skill"], env);
  writeFileSync(p.skill, skill.stdout);
  // A daemon running, as after any use (its runtime directory and log are written).
  const ping = await run(p.bin, ["daemon", "status", "--json"], env);
  const pid = ping.json.data.pid as number;
  expect(alive(pid)).toBe(true);

  const dry = await run(p.bin, ["uninstall", "--dry-run", "--json"], env);
  expect(dry.exitCode).toBe(0);
  const listed = (dry.json.data.removed as Item[]).map((i) => i.path);
  expect(listed.sort()).toEqual([p.runtime, p.state, p.cache, p.data, p.skill, p.bin].sort());
  expect((dry.json.data.kept as Item[]).map((i) => i.path)).toEqual([p.config]);
  expect(existsSync(p.bin) && existsSync(p.data) && alive(pid)).toBe(true);

  const refused = await run(p.bin, ["uninstall"], env);
  expect(refused.exitCode).toBe(2);
  expect(refused.stderr).toContain("add --yes to do it without a terminal to ask at");
  expect(existsSync(p.bin) && existsSync(p.skill) && alive(pid)).toBe(true);

  const done = await run(p.bin, ["uninstall", "--yes", "--json"], env);
  expect(done.exitCode).toBe(0);
  expect(done.json.data.daemon).toEqual({ pid, stopped: true });
  for (const path of listed) expect(existsSync(path)).toBe(false);
  expect(existsSync(join(p.config, "config.toml"))).toBe(true);
  const deadline = Date.now() + 10_000;
  while (alive(pid) && Date.now() < deadline) await Bun.sleep(20);
  expect(alive(pid)).toBe(false);
});

test("--all removes config.toml too; a SKILL.md not ours and a binary install.sh did not put there are kept, with how to remove it", async () => {
  const { env, p } = home("b");
  writeFileSync(p.skill, "---\nname: debugger\ndescription: my own notes\n---\n");
  const r = await run(BIN, ["uninstall", "--yes", "--all", "--json"], env);
  expect(r.exitCode).toBe(0);
  expect((r.json.data.removed as Item[]).map((i) => i.path).sort()).toEqual([p.cache, p.data, p.config].sort());
  const kept = r.json.data.kept as Item[];
  expect(kept.find((k) => k.path === p.skill)?.what).toBe("a SKILL.md that is not this tool's: left alone");
  expect(kept.find((k) => k.path.endsWith("/dist/debugger"))?.what).toContain("npm uninstall -g debugger-cli, brew uninstall debugger");
  expect(existsSync(p.config) || existsSync(p.data)).toBe(false);
  expect(existsSync(p.skill)).toBe(true);
  expect(existsSync(BIN)).toBe(true);
  // Nothing left: said, exit 0.
  const again = await run(BIN, ["uninstall", "--yes"], env);
  expect(again.exitCode).toBe(0);
  expect(again.stdout).toContain("Nothing of debugger's to remove.");
});

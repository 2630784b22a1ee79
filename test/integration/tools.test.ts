// doctor and setup through the built binary.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync, chmodSync } from "node:fs";
import { join } from "node:path";
import type { DoctorReport } from "../../src/cli/doctor.ts";
import { Env } from "./harness.ts";

let env: Env;
beforeAll(() => {
  env = new Env({ config: '[adapters.broken]\ncommand = ["/bin/sh", "-c", "echo not dap; exit 7"]\n' });
});
afterEach(() => env.stopSessions());
afterAll(() => env.close());

describe("doctor", () => {
  test("reports each configured adapter with a real handshake, and the checks it ran", async () => {
    // A failed check (the broken adapter) is exit 1, CHECK_FAILED, with the whole report in details.
    const r = await env.run(["doctor"]);
    expect(r.exitCode).toBe(1);
    expect(r.json.error).toMatchObject({ code: "CHECK_FAILED", message: "doctor: 1 check failed: broken" });
    const d = r.json.error.details as DoctorReport;
    const fake = d.adapters.find((a) => a.name === "fake")!;
    expect(fake).toMatchObject({ name: "fake", found: true, ok: true, path: process.execPath });
    expect(fake.message).toMatch(/^initialize answered in \d+ ms \(\d+ capabilities\)/);
    const broken = d.adapters.find((a) => a.name === "broken")!;
    expect(broken).toMatchObject({ found: true, ok: false });
    expect(broken.message).toContain("the handshake failed");
    expect(d.checks.map((c) => c.name)).toEqual(["config", "native backend", "ptrace", "watchpoints", "runtime directory", "daemon"]);
    expect(d.checks.find((c) => c.name === "config")).toMatchObject({ ok: true });
    expect(d.ok).toBe(false); // the broken adapter
    // Only one adapter.
    const one = await env.ok(["doctor", "fake"]);
    expect(one.adapters.map((a) => a.name)).toEqual(["fake"]);
    expect(one.ok).toBe(true);
  });

  test("a bad config file is named, with the key", async () => {
    const bad = new Env({ config: "[output]\nmax_chunks = -5\n" });
    try {
      // The adapters named in a bad file are not trusted: doctor checks the built-ins.
      const r = await bad.run(["doctor"]);
      expect(r.exitCode).toBe(1);
      const d = r.json.error.details as DoctorReport;
      expect(d.checks[0]).toMatchObject({ name: "config", ok: false });
      expect(d.checks[0].message).toContain("key 'output.max_chunks'");
      const start = await bad.run(["start", bad.program()]);
      expect(start.exitCode).toBe(2);
      expect(start.json.error.code).toBe("INVALID_ARGUMENT");
      expect(start.json.error.message).toContain("output.max_chunks");
    } finally {
      await bad.close();
    }
  });
});

describe("setup", () => {
  test("--dry-run prints the plan for a missing adapter and installs nothing", async () => {
    // A PATH with apt-get but no dlv: delve is missing.
    const bin = join(env.dir, "bin");
    mkdirSync(bin);
    symlinkSync("/usr/bin/apt-get", join(bin, "apt-get"));
    const r = await env.run(["setup", "delve", "--dry-run"], { env: { PATH: bin } });
    expect(r.exitCode).toBe(0);
    const plan = r.json.data.plans[0];
    expect(plan.adapter).toBe("delve");
    expect(plan.steps.map((s) => s.command.filter((w: string) => !w.endsWith("sudo")))).toEqual([
      ["apt-get", "update", "-qq"],
      ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-qq", "delve"],
    ]);
    expect(r.json.data.installed).toEqual([]);
    const human = await env.run(["setup", "delve", "--dry-run"], { env: { PATH: bin }, json: false });
    expect(human.stdout).toContain("delve: will refresh the package lists, then install delve:");
    expect(human.stdout).toContain("(dry run: nothing was installed)");
  });

  test("without --yes and without a terminal it refuses; a failing step leaves config.toml alone", async () => {
    const bin = join(env.dir, "bin2");
    mkdirSync(bin);
    // An apt-get that fails like a real one without network.
    writeFileSync(join(bin, "apt-get"), "#!/bin/sh\necho 'E: Unable to locate package delve' >&2\nexit 100\n");
    chmodSync(join(bin, "apt-get"), 0o755);
    symlinkSync("/usr/bin/env", join(bin, "env"));
    const cfg = join(env.env.XDG_CONFIG_HOME!, "debugger-cli", "config.toml");
    const before = readFileSync(cfg, "utf8");
    const refuse = await env.run(["setup", "delve"], { env: { PATH: bin } });
    expect(refuse.exitCode).toBe(2);
    expect(refuse.json.error.code).toBe("USAGE");
    expect(refuse.json.error.hint).toContain("--yes");
    const r = await env.run(["setup", "delve", "--yes"], { env: { PATH: bin } });
    expect(r.exitCode).toBe(1);
    expect(r.json.error.code).toBe("SETUP_FAILED");
    expect(r.json.error.message).toContain("failed with exit code 100");
    expect(r.json.error.message).toContain("Unable to locate package delve");
    expect(readFileSync(cfg, "utf8")).toBe(before);
  });

  test("--yes carries the plan out, finds the adapter and records it in config.toml", async () => {
    const bin = join(env.dir, "bin3");
    mkdirSync(bin);
    // A package manager that "installs" delve by putting a dlv on PATH.
    writeFileSync(
      join(bin, "apt-get"),
      `#!/bin/sh\ncase "$*" in *install*) printf '#!/bin/sh\\necho dlv\\n' > ${bin}/dlv; chmod +x ${bin}/dlv;; esac\nexit 0\n`,
    );
    chmodSync(join(bin, "apt-get"), 0o755);
    symlinkSync("/usr/bin/env", join(bin, "env"));
    symlinkSync("/bin/sh", join(bin, "sh"));
    symlinkSync("/bin/chmod", join(bin, "chmod"));
    const cfg = join(env.env.XDG_CONFIG_HOME!, "debugger-cli", "config.toml");
    const before = readFileSync(cfg, "utf8");
    const r = await env.run(["setup", "delve", "--yes"], { env: { PATH: bin, HOME: env.dir, GOPATH: join(env.dir, "go") } });
    expect(r.exitCode).toBe(0);
    expect(r.json.data.installed).toEqual(["delve"]);
    expect(r.json.data.config).toBe(cfg);
    const after = readFileSync(cfg, "utf8");
    expect(after.startsWith(before.trimEnd())).toBe(true); // what was there is kept
    expect(Bun.TOML.parse(after)).toMatchObject({ adapters: { delve: { command: [join(bin, "dlv"), "dap", "--listen=127.0.0.1:0"] } } });
    // Run again: the adapter is there now, nothing to do.
    const again = await env.run(["setup", "delve", "--yes"], { env: { PATH: bin, HOME: env.dir, GOPATH: join(env.dir, "go") } });
    expect(again.json.data.plans[0]).toMatchObject({ adapter: "delve", present: join(bin, "dlv"), steps: [] });
    expect(again.json.data.installed).toEqual([]);
  });
});

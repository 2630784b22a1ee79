// The workflows cannot run here; this checks what can be checked short of GitHub: the job graph
// (build once → run each build → attest → GitHub release → npm → Homebrew, each needing the one
// before, so any failure stops the rest), which runner runs which artifact, what is attested and
// uploaded, that shell steps parse and the scripts they call exist. .ci/run validates both files
// against the Actions schema (@action-validator/cli).
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { artifactName, TARGETS, targetById } from "../../scripts/lib/targets.ts";
import { ROOT, run } from "./helpers.ts";

type Step = { name?: string; uses?: string; run?: string; with?: Record<string, string>; env?: Record<string, string> };
type Job = { needs?: string | string[]; "runs-on": string; steps: Step[]; permissions?: unknown };
const load = (name: string) => Bun.YAML.parse(readFileSync(join(ROOT, ".github/workflows", name), "utf8")) as any;
const release = load("release.yml");
const ci = load("ci.yml");
const jobs: Record<string, Job> = release.jobs;
const allSteps = (wf: any) => Object.values(wf.jobs as Record<string, Job>).flatMap((j) => j.steps);
const needs = (j: Job) => (j.needs === undefined ? [] : Array.isArray(j.needs) ? j.needs : [j.needs]);

test("ci.yml: every push and pull request runs .ci/run, as root, with CI=true", () => {
  expect(Object.keys(ci.on).sort()).toEqual(["pull_request", "push"]);
  const steps: Step[] = ci.jobs.suite.steps;
  const runStep = steps.find((s) => s.run?.includes("bash .ci/run"))!;
  expect(runStep.run).toStartWith("sudo --preserve-env=CI ");
  expect(runStep.env).toEqual({ CI: "true" });
});

test("release.yml: tags only; build → run each build → attest → GitHub release → npm → Homebrew", () => {
  expect(release.on).toEqual({ push: { tags: ["v*"] } });
  expect(release.permissions).toEqual({ contents: "read" });
  const tests = ["test-linux-x64", "test-linux-arm64", "test-macos-arm64", "test-windows-x64"];
  expect(Object.keys(jobs).sort()).toEqual(["attest", "build", "github-release", "homebrew", "npm", ...tests].sort());
  for (const t of tests) expect(needs(jobs[t]!)).toEqual(["build"]);
  expect(needs(jobs.attest!).sort()).toEqual([...tests].sort());
  expect(needs(jobs["github-release"]!)).toEqual(["attest"]);
  expect(needs(jobs.npm!)).toEqual(["github-release"]);
  expect(needs(jobs.homebrew!)).toEqual(["npm"]);
  // Nothing runs when a job it needs failed: no job overrides that with if: always() and the like.
  for (const [name, job] of Object.entries(jobs)) expect({ name, if: (job as any).if }).toEqual({ name, if: undefined });
});

test("the build job checks the repository, runs scripts/release-dry-run.sh and uploads what it made", () => {
  const b = jobs.build!;
  const shell = b.steps.map((s) => s.run ?? "").join("\n");
  expect(shell).toContain(`require("./scripts/lib/release.json").repository`);
  expect(shell).toContain(`"$repo" != "$GITHUB_REPOSITORY"`);
  expect(shell).toContain("bash scripts/release-dry-run.sh");
  const upload = b.steps.find((s) => s.uses?.startsWith("actions/upload-artifact@"))!;
  expect(
    upload
      .with!.path!.trim()
      .split("\n")
      .map((l) => l.trim()),
  ).toEqual(["dist/debugger-*", "dist/SHA256SUMS", "dist/debugger.rb", "dist/install.sh", "dist/npm/*.tgz"]);
});

describe("each build runs on its own runner, from the uploaded artifact, checked against SHA256SUMS", () => {
  const cases: [string, string, string][] = [
    ["test-linux-x64", "ubuntu-24.04", "linux-x64"],
    ["test-linux-arm64", "ubuntu-24.04-arm", "linux-arm64"],
    ["test-macos-arm64", "macos-15", "darwin-arm64"],
    ["test-windows-x64", "windows-2022", "windows-x64"],
  ];
  for (const [job, runner, id] of cases) {
    test(`${job}: ${runner} runs ${artifactName(targetById(id))}`, () => {
      const j = jobs[job]!;
      expect(j["runs-on"]).toBe(runner);
      const smoke = j.steps.find((s) => s.env?.DEBUGGER_SMOKE_BIN)!;
      expect(smoke.env!.DEBUGGER_SMOKE_BIN!.replace(/\\/g, "/")).toEndWith(`/release/${artifactName(targetById(id))}`);
      expect(smoke.env!.CI).toBe("true");
      expect(smoke.run).toContain("test/dist/smoke.test.ts");
      expect(j.steps.some((s) => /sha(256sum|sum -a 256) --check --strict SHA256SUMS/.test(s.run ?? ""))).toBe(true);
    });
  }
  test("only linux-x64 runs the whole suite, through .ci/run (which installs zsh and fish)", () => {
    for (const [name, job] of Object.entries(jobs)) {
      const shell = job.steps.map((s) => s.run ?? "").join("\n");
      expect({ name, npmTest: /\bnpm (run )?test\b/.test(shell) }).toEqual({ name, npmTest: false });
      expect({ name, ciRun: shell.includes("bash .ci/run") }).toEqual({ name, ciRun: name === "test-linux-x64" });
    }
  });
});

test("attest: every binary and npm tarball; GitHub release: every artifact, SHA256SUMS, formula and install.sh", () => {
  const attest = jobs.attest!.steps.find((s) => s.uses?.startsWith("actions/attest-build-provenance@"))!;
  expect(
    attest
      .with!["subject-path"]!.trim()
      .split("\n")
      .map((l) => l.trim()),
  ).toEqual(["release/debugger-*", "release/npm/*.tgz"]);
  const create = jobs["github-release"]!.steps.find((s) => s.run?.includes("gh release create"))!.run!;
  expect(create).toContain("--draft");
  expect(create).toContain("--draft=false"); // published only once every asset is up
  const globs = create.split(/\s+/).filter((w) => w.startsWith("release/"));
  for (const t of TARGETS) {
    const file = `release/${artifactName(t)}`;
    expect({ file, uploaded: globs.some((g) => new Bun.Glob(g).match(file)) }).toEqual({ file, uploaded: true });
  }
  expect(globs).toEqual(expect.arrayContaining(["release/SHA256SUMS", "release/debugger.rb", "release/install.sh"]));
});

test("npm publishes with provenance through the script the dry run uses; the tap comes from release.json", () => {
  const npm = jobs.npm!;
  expect(npm.permissions).toEqual({ contents: "read", "id-token": "write" });
  expect(npm.steps.map((s) => s.run ?? "").join("\n")).toContain("bash scripts/lib/npm-publish.sh release/npm --provenance");
  const brew = jobs.homebrew!.steps.map((s) => s.run ?? "").join("\n");
  expect(brew).toContain(`require("./scripts/lib/release.json").tap`);
  expect(brew).toContain('if [ -z "$TAP_TOKEN" ]'); // a missing secret fails the job, not silently skips it
});

test("shell steps parse, the scripts they call exist, and no repository name is written into a workflow", async () => {
  for (const wf of [release, ci]) {
    for (const s of allSteps(wf).filter((x) => x.run)) {
      const r = await run(["bash", "-n", "-c", s.run!]);
      expect({ step: s.name, stderr: r.stderr }).toEqual({ step: s.name, stderr: "" });
    }
  }
  const shell = [...allSteps(release), ...allSteps(ci)].map((s) => s.run ?? "").join("\n");
  const scripts = [...shell.matchAll(/\b((?:scripts|test)\/[\w./-]+\.(?:sh|ts))/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(3);
  for (const path of scripts) expect({ path, exists: existsSync(join(ROOT, path)) }).toEqual({ path, exists: true });
  const text = readFileSync(join(ROOT, ".github/workflows/release.yml"), "utf8");
  expect(text).not.toContain("debugger-cli/");
});

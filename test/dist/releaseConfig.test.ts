// scripts/lib/release.json is the one place that names the repository, the tap and the npm
// package. What cannot import it (install.sh, the README) must say the same; the workflows read it.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brewInstallName, NPM_WRAPPER, RELEASE_REPO, REPOSITORY, TAP } from "../../scripts/lib/targets.ts";
import { ROOT } from "./helpers.ts";

const read = (p: string) => readFileSync(join(ROOT, p), "utf8");

test("release.json: an owner/name repository, an owner/homebrew-name tap, an npm name", () => {
  expect(REPOSITORY).toMatch(/^[\w.-]+\/[\w.-]+$/);
  expect(TAP).toMatch(/^[\w.-]+\/homebrew-[\w.-]+$/);
  expect(NPM_WRAPPER).toMatch(/^[a-z0-9][a-z0-9._-]*$/);
  expect(brewInstallName()).toBe(`${TAP.split("/")[0]}/${TAP.split("/homebrew-")[1]}/debugger`);
});

test("install.sh's default repository is release.json's", () => {
  const text = read("scripts/install.sh");
  expect(text).toContain(`\nrelease_repo="${REPOSITORY}"\n`);
  expect(text).toContain(`${RELEASE_REPO}/releases/latest/download/install.sh`);
  for (const other of text.matchAll(/github\.com\/([\w.-]+\/[\w.-]+)/g)) expect(other[1]).toBe(REPOSITORY);
});

test("the README's install commands name the same repository, tap and package", () => {
  const readme = read("README.md");
  const install = readme.slice(readme.indexOf("## Install"), readme.indexOf("## Quick start"));
  expect(install).toContain(`npm install -g ${NPM_WRAPPER}`);
  expect(install).toContain(`brew install ${brewInstallName()}`);
  expect(install).toContain(`brew trust --formula ${brewInstallName()}`);
  expect(install).toContain(`curl -fsSL ${RELEASE_REPO}/releases/latest/download/install.sh | sh`);
  expect(install).toContain(`gh attestation verify`);
  for (const m of install.matchAll(/github\.com\/([\w.-]+\/[\w.-]+)/g)) expect([REPOSITORY, TAP]).toContain(m[1]!);
});

test("the workflows and the npm wrapper take it from release.json, not from a copy", () => {
  for (const p of [
    ".github/workflows/release.yml",
    ".github/workflows/ci.yml",
    "npm/wrapper/install.js",
    "npm/wrapper/lib/resolve.js",
    "npm/wrapper/bin/debugger",
  ]) {
    expect({ p, names: read(p).includes(REPOSITORY) }).toEqual({ p, names: false });
  }
});

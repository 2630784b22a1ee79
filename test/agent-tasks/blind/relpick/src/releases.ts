import * as fs from 'fs';
import * as semver from 'semver-lite';

export interface Release {
  package: string;
  version: string;
  published: string; // ISO date
  yanked?: boolean;
}

export interface Summary {
  name: string;
  current: string | null;   // newest stable release
  next: string | null;      // newest pre-release newer than `current`
  prereleases: string[];    // all pre-releases newer than `current`, oldest first
  invalid: string[];
}

export function loadReleases(path: string): Release[] {
  const raw = JSON.parse(fs.readFileSync(path, 'utf8'));
  if (!Array.isArray(raw)) throw new Error(`${path}: expected a JSON array`);
  return raw as Release[];
}

function groupByPackage(releases: Release[]): Map<string, Release[]> {
  const groups = new Map<string, Release[]>();
  for (const r of releases) {
    if (r.yanked) continue;
    const list = groups.get(r.package) ?? [];
    list.push(r);
    groups.set(r.package, list);
  }
  return groups;
}

export function summarize(name: string, releases: Release[]): Summary {
  const invalid: string[] = [];
  const versions: string[] = [];
  for (const r of releases) {
    if (semver.valid(r.version) === null) invalid.push(r.version);
    else versions.push(r.version);
  }

  const stable = versions.filter((v) => !semver.isPrerelease(v));
  const current = semver.max(stable);

  const pending = versions.filter(
    (v) => semver.isPrerelease(v) && (current === null || semver.gt(v, current)),
  );
  const prereleases = semver.sort(pending);
  const next = prereleases.length ? prereleases[prereleases.length - 1] : null;

  return { name, current, next, prereleases, invalid };
}

export function summarizeAll(releases: Release[]): Summary[] {
  const out: Summary[] = [];
  for (const [name, list] of groupByPackage(releases)) out.push(summarize(name, list));
  out.sort((a, b) => a.name.localeCompare(b.name));
  return out;
}

// relpick: print, for every service, the current stable release and the
// newest pre-release that is ahead of it (what QA should be testing).
//
//   node dist/main.js [--all] releases.json
import { loadReleases, summarizeAll, Summary } from './releases';

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

function render(rows: Summary[], showAll: boolean): string {
  const w0 = Math.max(7, ...rows.map((r) => r.name.length)) + 2;
  const w1 = Math.max(7, ...rows.map((r) => (r.current ?? '-').length)) + 2;
  const lines = [pad('service', w0) + pad('current', w1) + 'next'];
  for (const r of rows) {
    lines.push(pad(r.name, w0) + pad(r.current ?? '-', w1) + (r.next ?? '-'));
    if (showAll && r.prereleases.length > 1) {
      lines.push(pad('', w0 + w1) + 'pending: ' + r.prereleases.join(', '));
    }
    if (r.invalid.length) {
      lines.push(pad('', w0 + w1) + 'ignored invalid versions: ' + r.invalid.join(', '));
    }
  }
  return lines.join('\n');
}

function main(argv: string[]): number {
  const showAll = argv.includes('--all');
  const files = argv.filter((a) => !a.startsWith('--'));
  if (files.length !== 1) {
    console.error('usage: node dist/main.js [--all] releases.json');
    return 2;
  }
  const rows = summarizeAll(loadReleases(files[0]));
  console.log(render(rows, showAll));
  return 0;
}

process.exitCode = main(process.argv.slice(2));

import { TenantPlan } from './types';

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

export function renderPlan(p: TenantPlan): string {
  const lines: string[] = [];
  lines.push(`== ${p.tenant.id} (${p.tenant.name}) ==`);
  for (const r of p.routes) {
    const extra = r.note ? `  [${r.note}]` : '';
    lines.push(`  ${pad(r.channel, 6)} ${r.targets.join(', ')}  <${r.severities.join(',')}>${extra}`);
  }
  const h = Math.floor(p.quiet.minutes / 60);
  const m = p.quiet.minutes % 60;
  lines.push(
    `  quiet  ${p.quiet.window} ${p.quiet.timezone} (${h}h${m ? ` ${m}m` : ''}), bypass: ${p.quiet.bypass.join(',')}`
  );
  lines.push(`  escal  ${p.escalation}`);
  for (const w of p.warnings) lines.push(`  WARN   ${w}`);
  return lines.join('\n');
}

import { NotificationSettings, Route, SEVERITY_ORDER, Severity, Tenant, TenantPlan } from './types';

function parseClock(hhmm: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!m) throw new Error(`bad clock value "${hhmm}"`);
  return Number(m[1]) * 60 + Number(m[2]);
}

export function quietMinutes(start: string, end: string): number {
  const s = parseClock(start);
  const e = parseClock(end);
  return e > s ? e - s : 24 * 60 - s + e;
}

function expandPlaceholders(values: string[], tenant: Tenant): string[] {
  return values.map((v) => v.replace(/\{tenant\}/g, tenant.id));
}

function severitiesFrom(floor: Severity): Severity[] {
  return SEVERITY_ORDER.slice(SEVERITY_ORDER.indexOf(floor));
}

function buildRoutes(tenant: Tenant, s: NotificationSettings, warnings: string[]): Route[] {
  const routes: Route[] = [];
  const floor = severitiesFrom(s.severityFloor);
  const { email, slack, sms } = s.channels;

  if (email.enabled) {
    routes.push({
      channel: 'email',
      targets: expandPlaceholders(email.to, tenant),
      severities: floor,
      note: `digest every ${email.digest.everyMinutes} min, max ${email.digest.maxItems}`,
    });
  }
  if (slack.enabled) {
    const targets = [slack.channel, ...slack.mentions.map((m) => `@${m}`)];
    routes.push({ channel: 'slack', targets, severities: floor });
  }
  if (sms.enabled) {
    if (sms.to.length === 0) warnings.push('sms enabled but no phone numbers configured');
    const sev = sms.severities.filter((x) => floor.includes(x));
    routes.push({ channel: 'sms', targets: sms.to, severities: sev });
  }
  if (routes.length === 0) warnings.push('no channel enabled');
  return routes;
}

export function buildPlan(tenant: Tenant, s: NotificationSettings): TenantPlan {
  const warnings: string[] = [];
  const routes = buildRoutes(tenant, s, warnings);
  const q = s.quietHours;
  const minutes = quietMinutes(q.start, q.end);
  if (minutes > 14 * 60) warnings.push(`quiet hours last ${minutes / 60}h`);
  const chain = s.escalation.chain.length ? s.escalation.chain.join(' -> ') : '(none)';
  return {
    tenant,
    routes,
    quiet: { window: `${q.start}-${q.end}`, minutes, timezone: q.timezone, bypass: q.except },
    escalation: `after ${s.escalation.afterMinutes} min: ${chain}`,
    warnings,
  };
}

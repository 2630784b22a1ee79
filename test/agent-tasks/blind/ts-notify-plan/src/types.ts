export type Severity = 'info' | 'warning' | 'error' | 'critical' | 'security';

export const SEVERITY_ORDER: Severity[] = ['info', 'warning', 'error', 'critical', 'security'];

export interface EmailChannel {
  enabled: boolean;
  to: string[];
  digest: { everyMinutes: number; maxItems: number };
}

export interface SlackChannel {
  enabled: boolean;
  channel: string;
  mentions: string[];
}

export interface SmsChannel {
  enabled: boolean;
  to: string[];
  severities: Severity[];
}

export interface NotificationSettings {
  channels: { email: EmailChannel; slack: SlackChannel; sms: SmsChannel };
  quietHours: { start: string; end: string; timezone: string; except: Severity[] };
  escalation: { afterMinutes: number; chain: string[] };
  severityFloor: Severity;
}

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export interface Tenant {
  id: string;
  name: string;
  overrides: DeepPartial<NotificationSettings>;
}

export interface Route {
  channel: 'email' | 'slack' | 'sms';
  targets: string[];
  severities: Severity[];
  note?: string;
}

export interface TenantPlan {
  tenant: Tenant;
  routes: Route[];
  quiet: { window: string; minutes: number; timezone: string; bypass: Severity[] };
  escalation: string;
  warnings: string[];
}

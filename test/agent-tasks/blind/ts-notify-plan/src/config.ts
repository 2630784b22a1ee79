import { readFileSync } from 'fs';
import { join } from 'path';
import merge from 'objmerge-lite';
import { NotificationSettings, Tenant } from './types';

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

export interface LoadedConfig {
  defaults: NotificationSettings;
  tenants: Tenant[];
}

export function loadConfig(dir: string): LoadedConfig {
  const defaults = readJson<NotificationSettings>(join(dir, 'defaults.json'));
  const tenants = readJson<Tenant[]>(join(dir, 'tenants.json'));
  const seen = new Set<string>();
  for (const t of tenants) {
    if (seen.has(t.id)) throw new Error(`duplicate tenant id ${t.id}`);
    seen.add(t.id);
  }
  return { defaults, tenants };
}

export function effectiveSettings(defaults: NotificationSettings, tenant: Tenant): NotificationSettings {
  return merge({} as NotificationSettings, defaults, tenant.overrides);
}

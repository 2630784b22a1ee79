import { effectiveSettings, loadConfig } from './config';
import { renderPlan } from './format';
import { buildPlan } from './plan';

function main(argv: string[]): number {
  const dir = argv[0] ?? 'config';
  const only = argv[1];
  const { defaults, tenants } = loadConfig(dir);
  const selected = only ? tenants.filter((t) => t.id === only) : tenants;
  if (selected.length === 0) {
    console.error(`no tenant matches "${only}"`);
    return 1;
  }
  const blocks = selected.map((t) => renderPlan(buildPlan(t, effectiveSettings(defaults, t))));
  console.log(blocks.join('\n\n'));
  return 0;
}

process.exitCode = main(process.argv.slice(2));

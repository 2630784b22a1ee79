// The guide's text and its Agent Skills form. The guide is one page of recipes (what hunts need:
// run with conditions and per-breakpoint prints, start, trace, watch, test, diff), at most 3 KB
// with `--help` (test/unit/guide.test.ts); each recipe runs in test/e2e/guideRecipes.test.ts. The
// rest is in topics, read when the hunt needs them. Loaded only by `debugger guide`, so none of
// this text is in the chunk every command loads.
import GUIDE from "./guide/guide.md" with { type: "text" };
import BATCH from "./guide/batch.md" with { type: "text" };
import COMMANDS from "./guide/commands.md" with { type: "text" };
import CRASH from "./guide/crash.md" with { type: "text" };
import EXCEPTION from "./guide/exception.md" with { type: "text" };
import EXPRESSIONS from "./guide/expressions.md" with { type: "text" };
import HANG from "./guide/hang.md" with { type: "text" };
import JSON_TOPIC from "./guide/json.md" with { type: "text" };
import SERVICE from "./guide/service.md" with { type: "text" };
import TEST from "./guide/test.md" with { type: "text" };
import VALUE from "./guide/value.md" with { type: "text" };

const SKILL_DESCRIPTION =
  "Debug C, C++, Rust, Python and Go programs with the `debugger` CLI: failing tests (pytest, go test, cargo test stopped at the failing assertion), breakpoints, stepping, printing values, crashes, exceptions, hangs and running services. Use it to find why a test fails, or why a program crashes, hangs or computes a wrong value.";

/** Topics of `debugger guide TOPIC`, and other words for them. */
export const TOPICS: Record<string, string> = {
  crash: CRASH,
  value: VALUE,
  hang: HANG,
  exception: EXCEPTION,
  test: TEST,
  batch: BATCH,
  expressions: EXPRESSIONS,
  service: SERVICE,
  json: JSON_TOPIC,
  commands: COMMANDS,
};
export const TOPIC_ALIASES: Record<string, string> = {
  "wrong-value": "value",
  values: "value",
  segfault: "crash",
  panic: "crash",
  deadlock: "hang",
  exceptions: "exception",
  tests: "test",
  plan: "batch",
  plans: "batch",
  expression: "expressions",
  attach: "service",
  mcp: "json",
};

export function guideText(): string {
  return `${GUIDE.trimEnd()}\n`;
}

export function topicText(name: string): string | undefined {
  const text = TOPICS[TOPIC_ALIASES[name] ?? name];
  return text === undefined ? undefined : `${text.trimEnd()}\n`;
}

/** Agent Skills format: YAML front matter (name, description), then the guide. */
export function skillText(): string {
  return `---\nname: debugger\ndescription: ${JSON.stringify(SKILL_DESCRIPTION)}\n---\n\n${guideText()}`;
}

// The guide's text (guide.md) and its Agent Skills form. Loaded only by `debugger guide`, so the
// text is not part of the chunk every command loads.
import GUIDE from "./guide.md" with { type: "text" };

const SKILL_DESCRIPTION =
  "Debug C, C++, Rust, Python and Go programs with the `debugger` CLI: failing tests (pytest, go test, cargo test stopped at the failing assertion), breakpoints, stepping, printing values, crashes, exceptions, hangs and running services. Use it to find why a test fails, or why a program crashes, hangs or computes a wrong value.";

export function guideText(): string {
  return GUIDE.trimEnd() + "\n";
}

/** Agent Skills format: YAML front matter (name, description), then the guide. */
export function skillText(): string {
  return `---\nname: debugger\ndescription: ${JSON.stringify(SKILL_DESCRIPTION)}\n---\n\n${guideText()}`;
}

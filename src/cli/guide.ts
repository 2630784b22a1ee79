// `debugger guide`: the agent's guide (guide.md), and with --skill the same text as an Agent
// Skills SKILL.md. skills/debugger/SKILL.md in the repository is this output (a test keeps it so).
import GUIDE from "./guide.md" with { type: "text" };
import { localCommand, type CommandSpec } from "./spec.ts";

const SKILL_DESCRIPTION =
  "Debug C, C++, Rust, Python and Go programs with the `debugger` CLI: breakpoints, stepping, printing values, crashes, exceptions, hangs and running services. Use it to find why a program crashes, hangs or computes a wrong value.";

export function guideText(): string {
  return GUIDE.trimEnd() + "\n";
}

/** Agent Skills format: YAML front matter (name, description), then the guide. */
export function skillText(): string {
  return `---\nname: debugger\ndescription: ${JSON.stringify(SKILL_DESCRIPTION)}\n---\n\n${guideText()}`;
}

export const guideCommands: CommandSpec[] = [
  localCommand({
    group: "tools",
    name: "guide",
    summary: "A guide for agents: the debugging loop, commands by task, JSON, exit codes, recipes",
    flags: { skill: { type: "boolean", description: "print it as an Agent Skills SKILL.md" } },
    examples: ["debugger guide", "debugger guide --skill > .claude/skills/debugger/SKILL.md"],
    local: async (a) => ({ text: a.flags.skill === true ? skillText() : guideText() }),
    render: (d: { text: string }) => d.text.trimEnd(),
  }),
];

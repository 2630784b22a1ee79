// `debugger guide`: the agent's guide (guide.md), and with --skill the same text as an Agent
// Skills SKILL.md. skills/debugger/SKILL.md in the repository is this output (a test keeps it so).
import type { CommandSpec } from "./spec.ts";

export const guideCommands: CommandSpec[] = [
  {
    group: "tools",
    name: "guide",
    summary: "A guide for agents: the debugging loop, commands by task, JSON, exit codes, recipes",
    flags: { skill: { type: "boolean", description: "print it as an Agent Skills SKILL.md" } },
    examples: ["debugger guide", "debugger guide --skill > .claude/skills/debugger/SKILL.md"],
    run: async (a) => {
      const { guideText, skillText } = await import("./guideText.ts");
      const text = a.flags.skill === true ? skillText() : guideText();
      return { data: { text }, text: text.trimEnd() };
    },
  },
];

// `debugger guide`: the agent's guide (guide.md), and with --skill the same text as an Agent
// Skills SKILL.md. skills/debugger/SKILL.md in the repository is this output (a test keeps it so).
import { localCommand, type CommandSpec } from "./spec.ts";

export const guideCommands: CommandSpec[] = [
  localCommand({
    group: "tools",
    name: "guide",
    summary: "A guide for agents: the debugging loop, commands by task, JSON, exit codes, recipes",
    flags: { skill: { type: "boolean", description: "print it as an Agent Skills SKILL.md" } },
    examples: ["debugger guide", "debugger guide --skill > .claude/skills/debugger/SKILL.md"],
    local: async (a) => {
      const { guideText, skillText } = await import("./guideText.ts");
      return { text: a.flags.skill === true ? skillText() : guideText() };
    },
    render: (d: { text: string }) => d.text.trimEnd(),
  }),
];

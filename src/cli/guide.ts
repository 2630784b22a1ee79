// `debugger guide [TOPIC]`: the guide (one page of recipes), a topic for the rest,
// and with --skill the guide as an Agent Skills SKILL.md. skills/debugger/SKILL.md in the
// repository is that output (a test keeps it so).
import { DebuggerError } from "../common/errors.ts";
import { closest } from "./args.ts";
import type { CommandSpec } from "./spec.ts";

export const guideCommands: CommandSpec[] = [
  {
    group: "tools",
    name: "guide",
    summary: "Recipes for agents (run, start, trace, watch, test, diff); guide TOPIC for crash, value, hang, exception, test, batch…",
    positionals: [{ name: "topic", description: "crash, value, hang, exception, test, batch, expressions, service, json, commands" }],
    flags: { skill: { type: "boolean", description: "print it as an Agent Skills SKILL.md" } },
    examples: ["debugger guide", "debugger guide hang", "debugger guide --skill > .claude/skills/debugger/SKILL.md"],
    run: async (a) => {
      const { guideText, skillText, topicText, TOPICS, TOPIC_ALIASES } = await import("./guideText.ts");
      const topic = a.positionals[0];
      let text: string | undefined;
      if (topic === undefined) text = a.flags.skill === true ? skillText() : guideText();
      else text = topicText(topic);
      if (text === undefined) {
        const guess = closest(topic!, [...Object.keys(TOPICS), ...Object.keys(TOPIC_ALIASES)]);
        throw new DebuggerError(
          "USAGE",
          `no guide topic '${topic}'`,
          `${guess ? `did you mean \`debugger guide ${guess}\`? ` : ""}topics: ${Object.keys(TOPICS).join(", ")}`,
        );
      }
      return { data: { text }, text: text.trimEnd() };
    },
  },
];

// The daemon's hints are written for the shell (`debugger stop`); an MCP client calls tools. A hint
// naming a command that is a tool names the tool instead; commands with no tool (doctor, setup,
// logs, daemon stop) are shell commands for the person and stay as they are.
import { isCommand } from "../ipc/meta.ts";
import { NOT_TOOLS, toolName } from "./tools.ts";

export function toolHint(hint: string): string {
  return hint.replace(/`debugger ([^`]*)`/g, (whole, line: string) => {
    const words = line.trim().split(/\s+/);
    if (words[0] === "help") return "tools/list (each tool's inputSchema)";
    const two = `${words[0]}.${words[1]}`;
    const command = isCommand(two) ? two : (words[0] ?? "");
    if (!isCommand(command) || command in NOT_TOOLS) return whole;
    // Arguments in CLI spelling (FILE:LINE, --flag) would mislead a tool call: the tool alone.
    return `the \`${toolName(command)}\` tool`;
  });
}

// `debugger mcp`: the MCP server's CLI entry. Its code (and the MCP SDK) loads only here, through a
// dynamic import, so no other command pays for it.
import { localCommand, type CommandSpec } from "./spec.ts";

/** How common MCP clients register the server; printed by `debugger mcp --help`. */
const REGISTRATION = [
  "claude mcp add debugger -- debugger mcp",
  `mcpServers config (Claude Desktop, Cursor, …):
    { "mcpServers": { "debugger": { "command": "debugger", "args": ["mcp"] } } }`,
  `VS Code, .vscode/mcp.json:
    { "servers": { "debugger": { "type": "stdio", "command": "debugger", "args": ["mcp"] } } }`,
];

export const mcpCommands: CommandSpec[] = [
  localCommand({
    group: "tools",
    name: "mcp",
    summary: "Serve the debugger over MCP (stdio): one tool per command, sessions shared with the CLI",
    examples: REGISTRATION,
    local: async (_a, ctx) => {
      const { serveMcp } = await import("../mcp/server.ts");
      await serveMcp(ctx.session);
      return {};
    },
    render: () => "",
  }),
];

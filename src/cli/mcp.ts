// `debugger mcp`: the MCP server's CLI entry. Its code (and the MCP SDK) loads only here, through a
// dynamic import, so no other command pays for it.
import type { CommandSpec } from "./spec.ts";

/** How common MCP clients register the server; printed by `debugger mcp --help`. */
const REGISTRATION = [
  "claude mcp add debugger -- debugger mcp",
  `mcpServers config (Claude Desktop, Cursor, …):
    { "mcpServers": { "debugger": { "command": "debugger", "args": ["mcp"] } } }`,
  `VS Code, .vscode/mcp.json:
    { "servers": { "debugger": { "type": "stdio", "command": "debugger", "args": ["mcp"] } } }`,
];

export const mcpCommands: CommandSpec[] = [
  {
    group: "tools",
    name: "mcp",
    summary: "Serve the debugger over MCP (stdio): one tool per command, sessions shared with the CLI",
    examples: REGISTRATION,
    run: async (a, ctx) => {
      // As for any daemon command: --session, then DEBUGGER_SESSION, then config.toml's [defaults] session.
      const [{ serveMcp }, { cliSettings }, { checkSessionName }] = await Promise.all([
        import("../mcp/server.ts"),
        import("../common/cliSettings.ts"),
        import("../common/sessionName.ts"),
      ]);
      const settings = await cliSettings();
      const fromConfig = a.flags.session === undefined && !process.env.DEBUGGER_SESSION && settings.session !== undefined;
      const from = fromConfig
        ? "[defaults] session in config.toml"
        : a.flags.session === undefined && process.env.DEBUGGER_SESSION
          ? "DEBUGGER_SESSION"
          : "--session";
      const session = checkSessionName(fromConfig ? settings.session! : ctx.session, from);
      await serveMcp({ session, timeout: settings.executionTimeout ?? 60, locals: settings.locals });
      return { data: {}, text: "" };
    },
  },
];

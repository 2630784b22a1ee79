/** The hidden subcommand that runs the lldb CLI backend's adapter; not in help, completion or MCP. */
export const ADAPTER_SUBCOMMAND = "__lldb-cli-adapter";

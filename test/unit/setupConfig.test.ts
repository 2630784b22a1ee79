import { describe, expect, test } from "bun:test";
import { configWithAdapter } from "../../src/cli/setup.ts";

describe("configWithAdapter (setup's config.toml edit)", () => {
  test("adds a table to an empty file", () => {
    expect(configWithAdapter("", "delve", ["/usr/bin/dlv", "dap"])).toBe(
      '[adapters.delve]\n# written by `debugger setup`\ncommand = ["/usr/bin/dlv", "dap"]\n',
    );
  });

  test("keeps other tables and replaces the adapter's own, sub-tables included", () => {
    const before = [
      "[output]",
      "max_chunks = 100",
      "",
      "[adapters.delve]",
      'command = ["/old/dlv"]',
      "",
      "[adapters.delve.launch]",
      "x = 1",
      "",
      "[adapters.mine]",
      'command = ["/bin/mine"]',
      "",
    ].join("\n");
    const after = configWithAdapter(before, "delve", ["/usr/bin/dlv"]);
    expect(after).toBe(
      [
        "[output]",
        "max_chunks = 100",
        "",
        "[adapters.mine]",
        'command = ["/bin/mine"]',
        "",
        "[adapters.delve]",
        "# written by `debugger setup`",
        'command = ["/usr/bin/dlv"]',
        "",
      ].join("\n"),
    );
    expect(Bun.TOML.parse(after)).toEqual({
      output: { max_chunks: 100 },
      adapters: { mine: { command: ["/bin/mine"] }, delve: { command: ["/usr/bin/dlv"] } },
    });
  });

  test("quotes what TOML needs quoted", () => {
    const text = configWithAdapter("", "lldb-dap", ["/opt/my tools/lldb-dap", 'we"ird']);
    expect(Bun.TOML.parse(text)).toEqual({ adapters: { "lldb-dap": { command: ["/opt/my tools/lldb-dap", 'we"ird'] } } });
  });
});

// gdb's words read from tables: which watchpoint fired, and which watch expressions are pinned to an address.
import { expect, test } from "bun:test";
import { consoleCommand, gdb, gdbOutputCategory, miString, pinnedWatch, shellUndoCommands } from "../../src/adapters/gdb.ts";

test.each([
  ["Hardware watchpoint 2: total\n\nOld value = 1\nNew value = 3\n", "watchpoint 2: total"],
  ["Watchpoint 3: p->x\n", "watchpoint 3: p->x"],
  ['Thread 1 "inv" hit Watchpoint 3: sum\n\nOld value = 0\nNew value = 0.25\n', "watchpoint 3: sum"],
  ['Thread 2 "worker" hit Hardware read watchpoint 4: n\n\nValue = 1\n', "watchpoint 4: n"],
  ["Hardware access (read/write) watchpoint 5: a[1]\n", "watchpoint 5: a[1]"],
  [
    "\nWatchpoint 2 deleted because the program has left the block in\nwhich its expression is valid.\n",
    "watchpoint 2 deleted: the program left the block where its expression is valid",
  ],
  ["Breakpoint 1, main () at a.c:3\n", undefined],
])("stopDescription(%j) = %s", (output, want) => {
  expect(gdb.stopDescription!("generic", output)).toBe(want as string | undefined);
  expect(gdb.stopReason!("generic", output)).toBe(want ? "watchpoint" : undefined);
});

// cdt-gdb-adapter's stopped event for a signal: reason "SIGSEGV" (or "SIGINT" for a pause), no description.
test.each([
  ["SIGSEGV", "signal", "signal SIGSEGV"],
  ["SIGINT", "signal", "signal SIGINT"],
  ["SIGRTMIN", "signal", "signal SIGRTMIN"],
  ["breakpoint-hit", undefined, undefined],
  ["signal", undefined, undefined],
])("stopReason / stopDescription of reason %s", (reason, want, description) => {
  expect(gdb.stopReason!(reason, "")).toBe(want as string | undefined);
  expect(gdb.stopDescription!(reason, "")).toBe(description as string | undefined);
});

test.each([
  ["total", undefined],
  ["s.a", undefined],
  ["loc.b[1]", undefined],
  ["p->a", { pin: "$debugger_watch3 = &(p->a)", name: "$debugger_watch3[0]" }],
  ["loc.b[i]", { pin: "$debugger_watch3 = &(loc.b[i])", name: "$debugger_watch3[0]" }],
  ["*q", { pin: "$debugger_watch3 = &(*q)", name: "$debugger_watch3[0]" }],
])("pinnedWatch(%s)", (expression, want) => expect(pinnedWatch(expression, 3)).toEqual(want as any));

test("cdt-gdb-adapter: gdb's stop text and a watchpoint's values are the debugger's, the program's lines stay the program's", () => {
  const cdt = { path: "/x/debugAdapter.js", command: ["node", "/x/debugAdapter.js"], variant: "cdt-gdb-adapter" } as any;
  const events = [
    ["hello from the program\n", "stdout"],
    ['Thread 1 "inv" hit Watchpoint 3: sum\n', "console"],
    ["\nOld value = ", "console"],
    ["0\nNew value = ", "console"],
    ["0.25\n", "console"],
    ["value (head=0x555555559300) at inv.c:19\n", "console"],
    ["19\t    for (const struct item *p = head; p; p = p->next)\n", "console"],
    ['Thread 1 "inv" hit Breakpoint 1, value (head=0x5555) at inv.c:20\n', "console"],
    ["\nValue = ", "console"],
    ["7\n", "console"],
    ["7\n", "stdout"],
    ["value = 3\n", "stdout"],
    ["Value = 4\n", "stdout"],
  ] as const;
  let previous: string | undefined;
  const got = events.map(([text]) => {
    const c = gdbOutputCategory("stdout", text, cdt, previous);
    previous = text;
    return c;
  });
  expect(got).toEqual(events.map(([, want]) => want));
  // gdb's own DAP labels its output itself.
  expect(gdbOutputCategory("stdout", "\nOld value = ", { ...cdt, variant: "native" }, undefined)).toBe("stdout");
});

test("a frame's locals through gdb's console (consoleLocals): both commands for the thread and level, `name = value` rows", () => {
  expect(gdb.consoleLocals!.commands(3, 2)).toEqual([
    "thread apply 3 -q frame apply level 2 -q info args",
    "thread apply 3 -q frame apply level 2 -q info locals",
  ]);
  expect(gdb.consoleLocals!.parse("m = 0x555555558040 <a>\nNo arguments.\nself = 7\n  indented = 1\nwho = {x = 1, y = 2}")).toEqual([
    { name: "m", value: "0x555555558040 <a>" },
    { name: "self", value: "7" },
    { name: "who", value: "{x = 1, y = 2}" },
  ]);
});

test("miString: a GDB/MI c-string keeps quotes, backslashes and line breaks in one line", () => {
  expect(miString(`a "b" \\ c\nd\re\tf é`)).toBe(`"a \\"b\\" \\\\ c\\nd\\015e\\011f é"`);
  expect(consoleCommand("set args 'x\ny'")).toBe(`-interpreter-exec console "set args 'x\\ny'"`);
});

test("shellUndoCommands: env puts back or unsets what a shell changes; a ~ reaches the shell double-quoted", () => {
  const [command] = shellUndoCommands({ SHELL: "/bin/bash", PWD: "/a ~b", SHLVL: "1" }, "/bin/prog");
  expect(command).toStartWith(`-interpreter-exec console "set exec-wrapper /`);
  expect(command).toContain("env -u OLDPWD -u _ SHELL=/bin/bash 'PWD=/a '\\\"~\\\"'b' SHLVL=1");
  // env would take a program path with `=` for an assignment.
  expect(shellUndoCommands({}, "/tmp/a=b/prog")).toEqual([]);
});

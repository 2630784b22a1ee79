// `run`'s rows say new things only (issue 31 item 3): a row the same as the one before is counted,
// an error the row before had for the same expression is not said again, and a run whose every
// --print failed at the first stop says so once with the likely cause.
import { expect, test } from "bun:test";
import { present } from "../../src/present/index.ts";
import type { RunData } from "../../src/ipc/commands.ts";

const frame = { function: "Inventory::apply", file: "/p/inv.cpp", line: 40 };
const row = (hit: number, values: RunData["hits"][number]["values"]) => ({ hit, breakpointIds: [1], threadId: 1, frame, values });
const base = { session: { name: "s.run1" } as RunData["session"], kept: false, breakpoints: [] as RunData["breakpoints"] };
const view = { cwd: "/p", session: "default" };

test("identical rows collapse into one line saying on how many more stops", () => {
  const hits = [
    row(1, [{ expression: "i", value: "0" }]),
    ...Array.from({ length: 19 }, (_, k) => row(k + 2, [{ expression: "i", value: "1" }])),
    row(21, [{ expression: "i", value: "2" }]),
  ];
  const text = present("run", { ...base, hits, stoppedBy: "exit" } as RunData, view);
  expect(text).toContain("#1  i = 0\n#2  i = 1\n  (same on 18 more stops: #3–#20)\n#21  i = 2\n");
  // A row repeated once says which.
  const two = present(
    "run",
    { ...base, hits: [row(1, [{ expression: "i", value: "1" }]), row(2, [{ expression: "i", value: "1" }])], stoppedBy: "exit" } as RunData,
    view,
  );
  expect(two).toContain("#1  i = 1\n  (same on 1 more stop: #2)\n");
});

test("an error repeated from the row before is not said again", () => {
  const err = "use of undeclared identifier 'sku'";
  const hits = [
    row(1, [
      { expression: "n", value: "1" },
      { expression: "sku", error: err },
    ]),
    row(2, [
      { expression: "n", value: "2" },
      { expression: "sku", error: err },
    ]),
  ];
  const text = present("run", { ...base, hits, stoppedBy: "exit" } as RunData, view);
  expect(text).toContain(`#1  n = 1  sku = error: ${err}\n#2  n = 2  sku = error (as above)\n`);
  expect(text.split(err).length).toBe(2);
});

test("every --print failing at the first stop: said once, naming the function the line is in and its locals", () => {
  const hits = [row(1, [{ expression: "sku", error: "use of undeclared identifier 'sku'" }])];
  const stop = {
    reason: "breakpoint",
    threadId: 1,
    breakpointIds: [1],
    frame,
    source: [],
    locals: [
      { name: "this", value: "0x1", reference: 0 },
      { name: "qty", value: "3", reference: 0 },
    ],
    output: "",
    seq: 1,
    time: "",
  };
  const text = present("run", { ...base, hits, stop, stoppedBy: "printsFailed" } as unknown as RunData, view);
  expect(text).toContain(
    "Every --print failed at the first stop, so the run ended there rather than say it at every stop: inv.cpp:40 is in Inventory::apply, whose locals are this, qty. Is the breakpoint in the function you meant?",
  );
  // Not the whole stop report on top.
  expect(text).not.toContain("Locals:");
});

test("an error said at a place is not said again at that place, rows of other places between", () => {
  const err = "use of undeclared identifier 'p'";
  const other = { function: "add", file: "/p/add.c", line: 11 };
  const hits = [
    row(1, [{ expression: "p", value: "1" }]),
    { ...row(2, [{ expression: "p", error: err }]), frame: other },
    row(3, [{ expression: "p", value: "2" }]),
    { ...row(4, [{ expression: "p", error: err }]), frame: other },
  ];
  const text = present("run", { ...base, hits, stoppedBy: "exit" } as RunData, view);
  expect(text).toContain(`#2 add.c:11  p = error: ${err}\n#3 inv.cpp:40  p = 2\n#4 add.c:11  p = error (as above)`);
});

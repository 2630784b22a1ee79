// A `raw` answer that the adapter sends as output events (CodeLLDB, cdt-gdb-adapter), ended by a
// fence command's text: ProgramOutput.capture returns the text before the fence as soon as the
// fence arrives, however the adapter cuts its events.
import { describe, expect, test } from "bun:test";
import { codelldb } from "../../src/adapters/codelldb.ts";
import { EMPTY_CONFIG } from "../../src/common/config.ts";
import { ProgramOutput } from "../../src/daemon/session/program/programOutput.ts";

const how = codelldb.rawCommand!("frame variable total")!;
const fence = how.fence!.text;

function output(): ProgramOutput {
  return new ProgramOutput({ name: "raw-capture", adapter: codelldb, found: undefined, accepting: () => true }, EMPTY_CONFIG);
}

describe("capture of a fenced console answer (CodeLLDB)", () => {
  // Waiting up to a minute: before, a fence the facet's ignoreOutput dropped was never seen, and
  // the capture ran to its time limit (every `raw` on CodeLLDB took 5 s, and an answer that came
  // in one event with its fence was dropped whole: "" for `frame variable total`).
  const cases: [string, string[]][] = [
    ["the answer and the fence in one event (as under load)", [`(int) total = 0\n${fence}`]],
    ["the answer, then the fence in an event of its own", ["(int) total = 0\n", fence]],
  ];
  test.each(cases)("%s", async (_name, events) => {
    const out = output();
    const began = performance.now();
    const { text } = await out.capture(
      async () => {
        for (const e of events) out.event({ category: "console", output: e });
        return "answered";
      },
      fence,
      60_000,
    );
    expect(text).toBe("(int) total = 0\n");
    expect(performance.now() - began).toBeLessThan(1000);
  });

  test("a command with no text: the fence alone ends it at once, with nothing", async () => {
    const out = output();
    const { text } = await out.capture(
      async () => {
        out.event({ category: "console", output: fence });
        return "answered";
      },
      fence,
      60_000,
    );
    expect(text).toBe("");
  });

  test("the fence is never the program's output, in a capture or after one", () => {
    const out = output();
    out.event({ category: "console", output: fence });
    expect(out.buffer.read(1).chunks.map((c) => c.text)).toEqual([]);
  });
});

// One test of a suite in its runner's words (`diff --test`), from each runner's module.
import { expect, test } from "bun:test";
import { cargoOneTest } from "../../src/adapters/testRunners/cargo.ts";
import { goOneTest } from "../../src/adapters/testRunners/go.ts";
import { pytestOneTest } from "../../src/adapters/testRunners/python.ts";
import { withTest } from "../../src/daemon/handlers/diff.ts";

test.each([
  [["go", "test", "./..."], "TestSum", ["go", "test", "./...", "-run", "^TestSum$"]],
  [["go", "test"], "TestSum/with.dots", ["go", "test", "-run", "^TestSum/with\\.dots$"]],
  [["go", "test"], "Test(a)+[b]", ["go", "test", "-run", "^Test\\(a\\)\\+\\[b\\]$"]],
])("goOneTest(%j, %s)", (command, name, want) => expect(goOneTest(command, name)).toEqual(want));

test.each([
  [["cargo", "test"], "tests::sum", ["cargo", "test", "tests::sum", "--", "--exact"]],
  [["cargo", "test", "--", "--nocapture"], "sum", ["cargo", "test", "sum", "--", "--nocapture", "--exact"]],
])("cargoOneTest(%j, %s)", (command, name, want) => expect(cargoOneTest(command, name)).toEqual(want));

test.each([
  [["pytest", "test_a.py"], "test_sum", ["pytest", "test_a.py", "-k", "test_sum"]],
  [["pytest", "./test_a.py"], "test_a.py::test_sum", ["pytest", "test_a.py::test_sum"]],
  [["pytest", "tests"], "tests/test_a.py::test_sum", ["pytest", "tests", "tests/test_a.py::test_sum"]],
])("pytestOneTest(%j, %s)", (command, name, want) => expect(pytestOneTest(command, name)).toEqual(want));

test("withTest hands each runner its own spelling, unittest the name as is", () => {
  expect(withTest(["go", "test"], "go", "TestX")).toEqual(["go", "test", "-run", "^TestX$"]);
  expect(withTest(["python3", "-m", "unittest"], "unittest", "t.T.test_x")).toEqual(["python3", "-m", "unittest", "t.T.test_x"]);
});

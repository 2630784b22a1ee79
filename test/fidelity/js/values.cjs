// Values JavaScript programs hold every day, each printed with util.inspect on one line as
// `name<TAB>text`, then a stop (the marked line) where all of them are live. The fidelity test
// reads each through the debugger and compares it with this text.
const util = require("node:util");

class Point {
  constructor(x, y) {
    this.x = x;
    this.y = y;
  }
}

function main() {
  const mapping = { one: 1, two: "zwei", ok: true };
  const items = [1, "two", 3.5, null, true];
  const nested = { list: [1, 2], point: { x: 1 } };
  const point = new Point(3, -4);
  const table = new Map([["a", 1], ["b", 2]]);
  const tags = new Set(["red", "blue"]);
  const text = "héllo\n";
  const ratio = 0.375;
  const huge = 2n ** 100n + 7n;
  const nothing = null;
  const missing = undefined;
  const flag = false;
  const bytes = new Uint8Array([1, 2, 255]);
  const pattern = /ab+c/gi;
  const empty = [];
  const none = {};
  const values = { mapping, items, nested, point, table, tags, text, ratio, huge, nothing, missing, flag, bytes, pattern, empty, none };
  for (const [name, v] of Object.entries(values)) console.log(`${name}\t${util.inspect(v, { breakLength: Infinity, depth: 4 })}`);
  console.log("ready"); // @mark stop
}

main();

// Python source imported as text (`import x from "./driver.py" with { type: "text" }`), bundled by Bun.
declare module "*.py" {
  const text: string;
  export default text;
}

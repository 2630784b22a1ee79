// Markdown files imported as text (`import x from "./a.md" with { type: "text" }`), bundled by Bun.
declare module "*.md" {
  const text: string;
  export default text;
}

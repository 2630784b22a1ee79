// Text mode never replays a program's control bytes: an escape sequence in its output (or in a
// string value) would move the cursor, recolour or retitle the user's terminal, or hide lines
// from an agent reading a pipe. They are shown as escapes instead (`\x1b[31m`); tab and newline
// stay. --json keeps the bytes as they were.

// C0 controls but tab and newline, DEL, and the C1 controls (U+009B is a one-character CSI).
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f\u0080-\u009f]/g;

export function escapeControls(text: string): string {
  if (!CONTROL.test(text)) return text;
  CONTROL.lastIndex = 0;
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    if (c === "\r") return "\\r";
    return code < 0x80 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

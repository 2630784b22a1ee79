// Programs under lldb-dap write to a pty, which turns "\n" into "\r\n". The pair can be cut
// between two output events, so a "\r" that ends an event is held until the next event of that
// category shows whether a "\n" follows. Pure.

export class CrlfNormalizer {
  private readonly heldCr = new Set<string>();

  /** `text` with every "\r\n" made "\n", across calls for the same `stream`. */
  push(stream: string, text: string): string {
    if (this.heldCr.delete(stream) && !text.startsWith("\n")) text = `\r${text}`;
    if (text.endsWith("\r")) {
      this.heldCr.add(stream);
      text = text.slice(0, -1);
    }
    return text.replace(/\r\n/g, "\n");
  }
}

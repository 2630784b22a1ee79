// Per-session output buffer, bounded by chunk count and bytes. Oldest chunks go first and are
// counted; readers keep their own cursor (a sequence number), so nobody consumes another's output.

export type OutputCategory = "stdout" | "stderr" | "console";

export interface OutputChunk {
  seq: number;
  category: OutputCategory;
  text: string;
}

export interface OutputRead {
  chunks: OutputChunk[];
  /** Chunks the reader asked for that were dropped before it read them. */
  dropped: number;
  /** Pass back as `since` to read only what comes after this read. */
  cursor: number;
}

export interface RingBufferLimits {
  maxChunks: number;
  maxBytes: number;
}

export const DEFAULT_LIMITS: RingBufferLimits = { maxChunks: 10_000, maxBytes: 10 * 1024 * 1024 };

export class RingBuffer {
  private chunks: OutputChunk[] = [];
  private head = 0; // index of the oldest live chunk in `chunks`
  private bytes = 0;
  private nextSeq = 1;
  private droppedTotal = 0;
  /** Chunks below this were cleared on request: not counted as dropped. */
  private clearedBefore = 1;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly limits: RingBufferLimits = DEFAULT_LIMITS) {}

  get size(): number {
    return this.chunks.length - this.head;
  }

  get byteSize(): number {
    return this.bytes;
  }

  get dropped(): number {
    return this.droppedTotal;
  }

  /** Sequence number the next chunk will get; a cursor for "from now on". */
  get end(): number {
    return this.nextSeq;
  }

  push(category: OutputCategory, text: string): number {
    if (text.length === 0) return this.nextSeq;
    const seq = this.nextSeq++;
    this.chunks.push({ seq, category, text });
    this.bytes += Buffer.byteLength(text);
    while (this.size > this.limits.maxChunks || (this.bytes > this.limits.maxBytes && this.size > 1)) {
      const old = this.chunks[this.head++]!;
      this.bytes -= Buffer.byteLength(old.text);
      this.droppedTotal++;
    }
    for (const l of this.listeners) l();
    // Compact now and then so the array does not grow without bound.
    if (this.head > 1024 && this.head * 2 > this.chunks.length) {
      this.chunks = this.chunks.slice(this.head);
      this.head = 0;
    }
    return seq;
  }

  /** Chunks with seq >= since (all retained chunks when since is 0 or omitted). */
  read(since = 0, categories?: ReadonlySet<OutputCategory>): OutputRead {
    const first = this.head < this.chunks.length ? this.chunks[this.head]!.seq : this.nextSeq;
    const from = Math.max(since, 1);
    const dropped = since > 0 ? Math.max(0, first - Math.max(from, this.clearedBefore)) : this.droppedTotal;
    const start = this.head + Math.max(0, from - first);
    const out: OutputChunk[] = [];
    for (let i = start; i < this.chunks.length; i++) {
      const c = this.chunks[i]!;
      if (!categories || categories.has(c.category)) out.push(c);
    }
    return { chunks: out, dropped, cursor: this.nextSeq };
  }

  /** Called after every push (`output --follow`); returns the unsubscribe function. */
  onPush(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.clearedBefore = this.nextSeq;
    this.chunks = [];
    this.head = 0;
    this.bytes = 0;
  }
}

export function joinText(chunks: readonly OutputChunk[]): string {
  let s = "";
  for (const c of chunks) s += c.text;
  return s;
}

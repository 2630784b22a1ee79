// The session's one queue: work that talks to the adapter runs in it, one piece at a time. Each
// piece receives a token; operations that must already be inside the queue (the `…Now` methods)
// take that token, so calling one from outside does not type-check.
declare const inside: unique symbol;

/** Proof that the caller runs inside the session's queue: only `SessionQueue.run` makes one. */
export interface InQueue {
  readonly [inside]: true;
}

/** What the session's parts are given to queue their work. */
export type Queue = <T>(fn: (q: InQueue) => Promise<T>) => Promise<T>;

const TOKEN = Object.freeze({}) as InQueue;

export class SessionQueue {
  private tail: Promise<unknown> = Promise.resolve();

  readonly run: Queue = (fn) => {
    const step = () => fn(TOKEN);
    const run = this.tail.then(step, step);
    this.tail = run.catch(() => {});
    return run;
  };
}

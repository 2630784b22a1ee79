// What a blocked goroutine waits on, from the Go runtime's frames as Delve names them: Delve's
// runtime facet (AdapterSpec.waits).
import type { RuntimeWaits, WaitRule } from "./types.ts";

// Go: the runtime's frames name the wait (its waitReason is set by the same call).
const GO: WaitRule[] = [
  { test: /^runtime\.chansend1?$/, waits: "chan send" },
  { test: /^runtime\.chanrecv[12]?$/, waits: "chan receive" },
  { test: /^runtime\.selectgo$/, waits: "select" },
  { test: /^runtime\.block$/, waits: "select {} (forever)" },
  { test: /^sync\.\(\*WaitGroup\)\.Wait$/, waits: "sync.WaitGroup.Wait" },
  { test: /^sync\.\(\*RWMutex\)\.RLock$/, waits: "sync.RWMutex.RLock" },
  { test: /^sync\.\(\*RWMutex\)\.Lock$/, waits: "sync.RWMutex.Lock" },
  { test: /^sync\.\(\*Mutex\)\.Lock$/, waits: "sync.Mutex.Lock" },
  { test: /^sync\.\(\*Cond\)\.Wait$/, waits: "sync.Cond.Wait" },
  { test: /^time\.Sleep$/, waits: "time.Sleep" },
  { test: /^internal\/poll\.\(\*FD\)\.(Read|Write|Accept)$/, waits: "I/O" },
  { test: /^runtime\.netpollblock$/, waits: "I/O" },
];

export const goWaits: RuntimeWaits = {
  rules: GO,
  // Parked in the runtime by a call no rule knows: that says only that.
  otherwise: (frames, userIndex) =>
    userIndex > 0 && frames[0]?.function === "runtime.gopark" ? { waits: "parked", in: frames[userIndex - 1]!.function } : undefined,
};

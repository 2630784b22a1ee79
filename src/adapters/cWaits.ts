// What a blocked thread of native code waits on, from glibc's frames as lldb-dap and gdb (libc6-dbg)
// name them: the runtime facet (AdapterSpec.waits) of the native adapters and the default.
import type { RuntimeWaits, WaitRule } from "./types.ts";

// C (glibc): the entry point the program called, whatever internal name glibc gives it.
const C: WaitRule[] = [
  { test: /pthread_mutex_(timed|clock)?lock\b|^__lll_lock_wait/, waits: "pthread_mutex_lock" },
  { test: /pthread_(clock|timed|try)?join/, waits: "pthread_join" },
  { test: /pthread_cond_(timed|clock)?wait/, waits: "pthread_cond_wait" },
  { test: /pthread_rwlock_(timed|clock)?rdlock/, waits: "pthread_rwlock_rdlock" },
  { test: /pthread_rwlock_(timed|clock)?wrlock/, waits: "pthread_rwlock_wrlock" },
  { test: /pthread_barrier_wait/, waits: "pthread_barrier_wait" },
  { test: /(^|_)sem_(timed|clock)?wait/, waits: "sem_wait" },
  { test: /(^|_)(libc_)?(read|recv|recvfrom|recvmsg|readv|pread64)$/, waits: "read" },
  { test: /(^|_)(accept4?)$/, waits: "accept" },
  { test: /(^|_)(poll|ppoll|select|pselect6?|epoll_wait|epoll_pwait)$/, waits: "poll" },
  { test: /(^|_)(clock_nanosleep|nanosleep|usleep|sleep)$/, waits: "sleep" },
  { test: /(^|_)(wait4|waitpid|waitid)$/, waits: "waitpid" },
  { test: /futex/, waits: "futex" },
];

export const cWaits: RuntimeWaits = {
  rules: C,
  // glibc keeps the owner's kernel thread id in `__data.__owner`, read through the call's argument.
  lockOwner: {
    waits: "pthread_mutex_lock",
    call: /pthread_mutex_(?:timed|clock)?lock/,
    expression: (lock) => `((pthread_mutex_t *)(${lock}))->__data.__owner`,
  },
};

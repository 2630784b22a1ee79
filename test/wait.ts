// Moved to test/harness/wait.ts; kept so imports of the old path still resolve.
export { alive, waitFor } from "./harness/wait.ts";

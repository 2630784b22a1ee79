// What the file system says about source paths, for matching a stop to its breakpoints
// (common/sourcePaths.ts). A stop asks about a few paths: no cache beyond the call.
import { existsSync, realpathSync } from "node:fs";
import type { PathFacts } from "../../../common/sourcePaths.ts";
import { isAbsolutePath } from "../../../common/hostPath.ts";

export const localPathFacts: PathFacts = {
  exists: (path) => isAbsolutePath(path) && existsSync(path),
  real(path) {
    try {
      return realpathSync(path);
    } catch {
      return undefined;
    }
  },
};

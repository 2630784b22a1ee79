// Set by `bun build --define` in scripts/build.ts; absent when running from source.
declare const BUILD_COMMIT: string;
declare const BUILD_DATE: string;
/** True in the development/test build (`bun scripts/build.ts`), false in release builds (`--all`, `--target`). */
declare const TEST_HOOKS: boolean;

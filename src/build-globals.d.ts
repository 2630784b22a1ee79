// Set by `bun build --define` in scripts/build.ts; absent when running from source.
declare const BUILD_COMMIT: string;
declare const BUILD_DATE: string;

import pkg from "../../package.json" with { type: "json" };

// DEBUGGER_TEST_VERSION lets the integration tests run a daemon of "another version".
export const VERSION: string = process.env.DEBUGGER_TEST_VERSION || pkg.version;

// Tiers: unit (mocks allowed), integration (simulator over loopback HTTP),
// acceptance (real terraform), e2e (real cdktf CLI). All run in CI.
//
// The transform is @swc/jest: it strips types file by file, as ts-jest's transpile mode did, about ten times
// faster, which is what a fresh machine (cold transform cache) pays for on every source file each worker loads.
// Types are checked once, by `npm run lint` (tsc -p tsconfig.test.json).
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.ts$": [
      "@swc/jest",
      {
        // The settings tsconfig.json gives tsc: ES2022 class fields, CommonJS, legacy decorators.
        jsc: {
          parser: { syntax: "typescript", decorators: true },
          target: "es2022",
          transform: { legacyDecorator: true, useDefineForClassFields: true },
          keepClassNames: true,
        },
        module: { type: "commonjs", strictMode: true },
        sourceMaps: "inline",
      },
    ],
  },
  // The examples import the package by its name, as a user's project does (tsconfig.test.json's paths too).
  moduleNameMapper: {
    "^cdktf-provider-appmgmt$": "<rootDir>/src",
    "^cdktf-provider-appmgmt/cdktn$": "<rootDir>/src/cdktn",
  },
  setupFilesAfterEnv: ["<rootDir>/test/setup-jest.ts"],
  // Slow tiers first on a fresh clone (no timings yet): see the file.
  testSequencer: "<rootDir>/scripts/test-sequencer.js",
  testTimeout: 120000,
  // Three workers on CI's two cores: a file that drives terraform waits a third of its time with nothing
  // of its own runnable (workflow timers, poll gaps, process hand-offs; instance-lifecycle.test.ts: 11.5 s
  // idle beside 25.7 s of CPU, measured with `perf sched record` and `perf sched timehist --state`), so
  // two workers leave about a third of the CPU unused.
  maxWorkers: 3,
};

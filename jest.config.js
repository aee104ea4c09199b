// Tiers: unit (mocks allowed), integration (simulator over loopback HTTP),
// acceptance (real terraform), e2e (real cdktf CLI). All run in CI.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.test.json", diagnostics: false }],
  },
  setupFilesAfterEnv: ["<rootDir>/test/setup-jest.ts"],
  testTimeout: 120000,
  maxWorkers: 2,
};

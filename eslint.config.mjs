import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["lib/", "dist/", "node_modules/", "src/gen/", "src/protocol/generated/", "**/cdktf.out/", "**/.gen/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-require-imports": "off",
    },
  },
  {
    // Promise mistakes need the types: every TypeScript file is checked against tsconfig.test.json.
    files: ["**/*.ts"],
    languageOptions: { parserOptions: { project: ["./tsconfig.test.json"], tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  { files: ["**/*.js"], languageOptions: { sourceType: "commonjs" } },
  {
    // The same promise rules for the JavaScript, whose JSDoc types tsconfig.js.json checks.
    files: ["bench/**/*.js", "scripts/**/*.js", "bin/**/*.js"],
    languageOptions: { parserOptions: { project: ["./tsconfig.js.json"], tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
);

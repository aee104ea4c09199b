import js from "@eslint/js";
import tseslint from "typescript-eslint";

const nodeGlobals = Object.fromEntries(
  ["process", "console", "require", "module", "exports", "__dirname", "__filename", "Buffer", "setTimeout",
   "clearTimeout", "setInterval", "clearInterval", "setImmediate", "clearImmediate", "URL", "AbortController",
   "AbortSignal", "TextEncoder", "TextDecoder", "structuredClone", "fetch", "performance", "queueMicrotask"]
    .map((name) => [name, "readonly"]),
);

export default tseslint.config(
  { ignores: ["lib/", "dist/", "node_modules/", "src/gen/", "src/gen-cdktn/", "**/cdktf.out/", "**/.gen/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: nodeGlobals },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-require-imports": "off",
    },
  },
  { files: ["**/*.js"], languageOptions: { sourceType: "commonjs" } },
);

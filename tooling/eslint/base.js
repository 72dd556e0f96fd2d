// Shared lint rules. The one rule we care most about: process.env is read only in an app's env.ts.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "**/.data/**", "**/migrations/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration from the app's validated env.ts." },
      ],
    },
  },
  {
    files: ["**/env.ts", "**/*.config.ts", "**/test/**", "**/e2e/**", "**/*.test.ts", "**/cli/**", "**/bench/**", "tooling/**"],
    rules: { "no-restricted-properties": "off" },
  },
);

// The JavaScript lint of web/ (run by `python3 build.py lint`): ESLint's recommended
// rules, no import circle between the page's modules, and the 120-character lines of
// the Python side.
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["**/*.js"],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    plugins: { "import-x": importX },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-unresolved": "error",
      "import-x/named": "error",
      "max-len": ["error", { code: 120, ignoreUrls: true }],
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none", varsIgnorePattern: "^_$" }],
    },
  },
  {
    // Classic scripts run before the modules; the workers run in their own global scope.
    files: ["**/boot.js", "**/scheme.js"],
    languageOptions: { sourceType: "script" },
  },
  {
    // boot.js tells a browser too old for the game so: it must parse there (ES5).
    files: ["**/boot.js"],
    languageOptions: { ecmaVersion: 5 },
  },
  {
    files: ["**/sw.js", "**/engine/worker.js"],
    languageOptions: { globals: { ...globals.serviceworker, ...globals.worker } },
  },
  {
    // The service worker is a template: build.py writes these three in.
    files: ["**/sw.js"],
    languageOptions: { globals: { __CACHE_NAME__: "readonly", __PRECACHE__: "readonly", __RUNTIME_CODE__: "readonly" } },
  },
];

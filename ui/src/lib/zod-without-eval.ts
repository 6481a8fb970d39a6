// zod compiles object parsers with `new Function` when it may; the page's Content-Security-Policy
// (no 'unsafe-eval') refuses it, and each refusal is a violation report. Parse without compiling.
// zod takes its settings from this global when it loads (it is how copies of zod share them), so
// setting it here keeps zod itself out of the first paint: the schemas load with the code that
// needs them.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};

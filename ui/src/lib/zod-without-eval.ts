import { z } from 'zod';

// zod compiles object parsers with `new Function` when it may; the page's Content-Security-Policy
// (no 'unsafe-eval') refuses it, and each refusal is a violation report. Parse without compiling.
z.config({ jitless: true });

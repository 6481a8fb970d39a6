import { measureBundle } from '@building/ui/scripts/measure-bundle.ts';
import type { Benchmark } from './benchmark.ts';

/**
 * The UI's production build as a visitor's browser gets it (issue 16's targets): the gzipped JS
 * and CSS `/` fetches before the first paint, and whether the Firebase SDK is fetched for a
 * visitor (never) and for a returning signed-in user (yes). Measured in Debian's Chromium.
 */
export const uiBundle: Benchmark = {
  name: 'ui-bundle',
  summary: "what a visitor's / fetches before first paint: production build, Chromium",
  run: (context) => measureBundle({ log: context.progress }),
};

import { entryOf, readBuildManifest, staticImports } from './build-manifest.ts';

/**
 * The pages a visitor lands on from outside whose code is split off the entry: opening one, the
 * browser would learn of its chunks only once the entry has run, a round trip late on a phone.
 * (Keys are the router's paths, values the modules it imports lazily for them.)
 */
export const landingRouteModules: Readonly<Record<string, string>> = {
  '/apartment': 'src/features/apartments/routes/apartments-route.tsx',
};

/**
 * The query-service read a landing route makes first, when its address carries no query (page 1):
 * fetched with the scripts instead of after them. The same URL, mode and credentials as the app's
 * own fetch, or the browser would fetch twice.
 */
export const landingRouteReads: Readonly<Record<string, string>> = {
  '/apartment': '/apartment?page=0',
};

/**
 * For each landing route, the `Link` values that fetch its chunks beside the entry's: the route
 * module and what it imports statically, less what index.html already preloads. From the build's
 * manifest; a build without one (or a route it lacks) gets none.
 */
export function routeModulePreloads(distDir: string): Map<string, string[]> {
  const preloads = new Map<string, string[]>();
  const manifest = readBuildManifest(distDir);
  const entry = manifest && entryOf(manifest);
  if (!manifest || !entry) return preloads;
  const upFront = staticImports(manifest, entry);
  for (const [route, module] of Object.entries(landingRouteModules)) {
    if (!manifest[module]) continue;
    const chunks = [...staticImports(manifest, module)].filter((key) => !upFront.has(key));
    preloads.set(
      route,
      chunks.map((key) => `</${manifest[key]!.file}>; rel=modulepreload; crossorigin`),
    );
  }
  return preloads;
}

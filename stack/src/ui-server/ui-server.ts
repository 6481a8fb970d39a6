import { withEarlyRead } from './early-read.ts';
import { dataBlockJson } from './data-block.ts';
import { loadPrerenderedPages, type DrawPagesInto } from './prerendered-pages.ts';
import { preconnectLinks, queryBaseUrl } from './preconnect.ts';
import { landingRouteReads, routeModulePreloads } from './route-preloads.ts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { loadUiFiles, uiFile, type UiFile } from './ui-files.ts';
import { securityHeaders, type UiRuntimeConfig } from './ui-security.ts';

export interface UiServerOptions {
  /** The production build (`vite build` output). */
  distDir: string;
  host: string;
  port: number;
  config: UiRuntimeConfig;
  /** The query-service as this server reaches it, when not at the browser's address. */
  queryUrlFromHere?: string;
}

export interface RunningUiServer {
  url: string;
  server: Server;
  stop(): Promise<void>;
}

/**
 * Serves the UI's production build: precompressed (brotli, gzip), hashed assets cached for a
 * year, everything else revalidated, `index.html` for the app's routes (SPA fallback), security
 * headers on every answer, and the run-time settings written into `index.html`.
 */
export function createUiHandler(
  options: Pick<UiServerOptions, 'distDir' | 'config'> & {
    /** Landing pages drawn here (`/`, `/apartment`): painted before the app's scripts arrive. */
    drawPages?: DrawPagesInto | null;
  },
) {
  const files = loadUiFiles(options.distDir);
  const built = files.get('/index.html');
  if (!built)
    throw new Error(`${options.distDir} has no index.html: build the UI first (npm run build -w ui)`);
  const indexHtml = withSettings(built.body.toString(), options.config);
  const index = uiFile('index.html', Buffer.from(indexHtml));
  files.set('/index.html', index);
  const drawPage = options.drawPages?.(indexHtml);
  const headers = securityHeaders(options.config);
  const preconnect = preconnectLinks(options.config);
  const modulePreloads = routeModulePreloads(options.distDir);
  const query = queryBaseUrl(options.config);
  /** index.html as a landing route with a first read serves it: the read started from its head. */
  const earlyIndex = new Map<string, UiFile>();
  if (query)
    for (const [path, read] of Object.entries(landingRouteReads))
      earlyIndex.set(path, uiFile('index.html', Buffer.from(withEarlyRead(indexHtml, query, read))));
  /** What the page at `path` links ahead: its connections, its chunks and (page 1) its first read. */
  const linksFor = (path: string, readEarly: boolean) => {
    const read = landingRouteReads[path];
    return [
      preconnect,
      ...(modulePreloads.get(path) ?? []),
      ...(read && query && readEarly ? [`<${query}${read}>; rel=preload; as=fetch; crossorigin`] : []),
    ]
      .filter(Boolean)
      .join(', ');
  };

  return (request: IncomingMessage, response: ServerResponse) => {
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('method not allowed\n');
      return;
    }
    const path = pathOf(request.url);
    const file = path === null ? undefined : (files.get(path) ?? (isAppRoute(path) ? index : undefined));
    if (!file) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      response.end('not found\n');
      return;
    }
    if (file !== index) {
      send(request, response, file);
      return;
    }
    const page = path === '/index.html' ? '/' : path!;
    void (drawPage?.(request) ?? Promise.resolve(null)).then((drawn) => {
      // A page drawn here carries its reads; one the browser draws reads early (page 1).
      const readEarly = !drawn && !(request.url ?? '').includes('?');
      const links = linksFor(page, readEarly);
      if (links) response.setHeader('Link', links);
      if (drawn) sendDrawn(request, response, drawn);
      else send(request, response, (readEarly && earlyIndex.get(page)) || file);
    });
  };
}

export async function startUiServer(options: UiServerOptions): Promise<RunningUiServer> {
  const drawPages = await loadPrerenderedPages(options.distDir, options.config, options.queryUrlFromHere);
  const server = createServer(createUiHandler({ ...options, drawPages }));
  server.listen(options.port, options.host);
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${options.host}:${port}`,
    server,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** The decoded path, or null for one that is malformed or climbs out (`..`, NUL, backslashes). */
function pathOf(url: string | undefined): string | null {
  try {
    // Not through new URL(): it would resolve `..` away, and such a request deserves a 404.
    const path = decodeURIComponent((url ?? '/').split(/[?#]/)[0]!);
    if (!path.startsWith('/')) return null;
    if (/[\0\\]/.test(path) || path.split('/').includes('..')) return null;
    return path === '/' ? '/index.html' : path;
  } catch {
    return null;
  }
}

/**
 * The app's routes (`/apartment`, `/dashboard/payments`) get index.html: paths without a file
 * extension and without hidden (`.data`) or tool (`/@fs`) segments, which answer 404.
 */
const isAppRoute = (path: string) =>
  !/\.[a-z0-9]+$/i.test(path.split('/').at(-1) ?? '') &&
  !path.split('/').some((part) => part.startsWith('.') || part.startsWith('@'));

function send(request: IncomingMessage, response: ServerResponse, file: UiFile) {
  response.setHeader('Content-Type', file.type);
  response.setHeader('ETag', file.etag);
  response.setHeader('Vary', 'Accept-Encoding');
  response.setHeader('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (request.headers['if-none-match'] === file.etag) {
    response.writeHead(304).end();
    return;
  }
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const [body, encoding] =
    file.brotli && /\bbr\b/.test(accepted)
      ? [file.brotli, 'br']
      : file.gzip && /\bgzip\b/.test(accepted)
        ? [file.gzip, 'gzip']
        : [file.body, undefined];
  if (encoding) response.setHeader('Content-Encoding', encoding);
  response.setHeader('Content-Length', body.length);
  response.writeHead(200);
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** A page drawn for this request: compressed now, never cached (it holds the reads of the moment). */
function sendDrawn(request: IncomingMessage, response: ServerResponse, html: string) {
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.setHeader('Vary', 'Accept-Encoding, Accept-Language, Cookie');
  response.setHeader('Cache-Control', 'no-cache');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const [body, encoding] = /\bbr\b/.test(accepted)
    ? [brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), 'br']
    : /\bgzip\b/.test(accepted)
      ? [gzipSync(html), 'gzip']
      : [Buffer.from(html), undefined];
  if (encoding) response.setHeader('Content-Encoding', encoding);
  response.setHeader('Content-Length', body.length);
  response.writeHead(200);
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** index.html with the run-time settings in its data block (`building-config`). */
function withSettings(html: string, config: UiRuntimeConfig): string {
  const settings = dataBlockJson(config);
  return html.replace(
    /(<script type="application\/json" id="building-config">)[^<]*(<\/script>)/,
    (_, open: string, close: string) => `${open}${settings}${close}`,
  );
}

import type { BrowserContext, Page, Request, Response } from 'playwright-core';
import { screenshot } from './screenshot.ts';
import { solidPng } from './solid-png.ts';

/**
 * What a person would see go wrong on a page, collected from every page of every context the e2e
 * browser opens (support/browser.ts watches them): a Content-Security-Policy refusal, a console
 * error or an uncaught exception, an image, script, style sheet or font that did not load (an
 * answer of 400 or more, a failed request, an <img> that decoded to nothing), a server error (5xx)
 * answering the page's own calls, and a page wider than its viewport (it scrolls sideways). The
 * e2e set-up file (fail-on-page-problems.ts) fails the test that was running when one happened.
 */
const problems: string[] = [];
const watched = new Set<BrowserContext>();

/** What the page loads that a person sees, or that makes the page work. */
const assetTypes = new Set(['image', 'script', 'stylesheet', 'font']);

/** Map tiles come from off this machine: a tile of one colour stands in for the tile server. */
const tile = solidPng(256, 256, [230, 228, 220]);
const isLocal = (url: URL) => url.hostname === '127.0.0.1' || url.hostname === 'localhost';

function report(problem: string) {
  problems.push(problem);
}

const where = (page: Page | null | undefined) => {
  const url = page && !page.isClosed() ? new URL(page.url()) : undefined;
  return url ? `${url.pathname}${url.search}` : 'a page';
};

function onResponse(response: Response) {
  const request = response.request();
  const status = response.status();
  if (assetTypes.has(request.resourceType()) && status >= 400)
    report(`${where(request.frame().page())}: ${request.resourceType()} ${request.url()} answered ${status}`);
  else if (status >= 500)
    report(`${where(request.frame().page())}: ${request.method()} ${request.url()} answered ${status}`);
}

function onRequestFailed(request: Request) {
  const failure = request.failure()?.errorText ?? 'failed';
  // A navigation cancels what the page it leaves was still loading: nobody sees that page any more.
  if (!assetTypes.has(request.resourceType()) || failure === 'net::ERR_ABORTED') return;
  report(`${where(request.frame().page())}: ${request.resourceType()} ${request.url()} failed (${failure})`);
}

/**
 * Runs in every page before its own scripts: reports CSP refusals and images that fail, and a
 * page wider than its viewport once the page has been still for a moment (after every change).
 */
function watchInPage() {
  const tell = (window as unknown as { __pageProblem: (problem: string) => void }).__pageProblem;
  const here = () => `${location.pathname}${location.search}`;
  addEventListener('securitypolicyviolation', (event) => {
    tell(
      `${here()}: CSP refused ${event.blockedURI || 'inline code'} (${event.effectiveDirective}) at ${event.sourceFile}:${event.lineNumber}`,
    );
  });
  addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLImageElement && target.getAttribute('src'))
        tell(`${here()}: image did not load: ${target.currentSrc || target.src}`);
    },
    true,
  );
  const describe = (element: Element) =>
    `<${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? ` class="${element.className}"` : ''}> "${(element.textContent ?? '').trim().slice(0, 40)}"`;
  const seen = new Set<string>();
  const checkWidth = () => {
    if (!location.protocol.startsWith('http')) return; // about:blank before a test's first goto
    const root = document.documentElement;
    // A phone's browser widens its layout to fit a page too wide (innerWidth grows): the screen does not.
    const width = Math.min(innerWidth, screen.width);
    if (root.scrollWidth <= width) return;
    // Name the innermost elements that stick out, so the report says what to fix.
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > width + 0.5;
    const outside = [...document.body.querySelectorAll('*')].filter(
      (element) => sticksOut(element) && ![...element.children].some(sticksOut),
    );
    const problem = `${here()}: the page is ${root.scrollWidth}px wide in a ${width}px viewport (lang ${root.lang}): ${outside.slice(0, 3).map(describe).join(', ')}`;
    if (!seen.has(problem)) {
      seen.add(problem);
      tell(problem);
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(checkWidth, 400);
  };
  addEventListener('DOMContentLoaded', () => {
    new MutationObserver(later).observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    later();
  });
  addEventListener('resize', later);
  (window as unknown as { __checkWidth: () => void }).__checkWidth = checkWidth;
}

/** Watches every page of the context, now and later. */
export async function watchContext(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  context.on('close', () => watched.delete(context));
  await context.exposeBinding('__pageProblem', (_source, problem: string) => report(problem));
  await context.addInitScript(watchInPage);
  await context.route(
    (url) => !isLocal(url),
    (route) =>
      (route.request().resourceType() === 'image'
        ? route.fulfill({ status: 200, contentType: 'image/png', body: tile })
        : route.abort('internetdisconnected')
      ).catch(() => undefined), // the page may close while its request waits
  );
  context.on('console', (message) => {
    const text = message.text();
    // A resource that failed is reported once, with its type, by the network listeners.
    if (message.type() === 'error' && !text.startsWith('Failed to load resource'))
      report(`${where(message.page())}: console error: ${text.slice(0, 300)}`);
  });
  context.on('weberror', (error) => report(`${where(error.page())}: uncaught ${String(error.error())}`));
  context.on('response', onResponse);
  context.on('requestfailed', onRequestFailed);
}

/** Images on the open pages that finished loading as nothing, and pages wider than their viewport. */
async function inspectOpenPages() {
  const pages = [...watched].flatMap((context) => context.pages()).filter((page) => !page.isClosed());
  await Promise.all(
    pages.map(async (page) => {
      const broken = await page
        .evaluate(() => {
          (window as unknown as { __checkWidth?: () => void }).__checkWidth?.();
          return [...document.images]
            .filter((image) => image.getAttribute('src') && image.complete && image.naturalWidth === 0)
            .map((image) => image.currentSrc || image.src);
        })
        .catch(() => [] as string[]); // a page mid-navigation has nothing to say yet
      for (const src of broken) report(`${where(page)}: image drawn as nothing: ${src}`);
    }),
  );
}

/** Everything seen since the last call. */
export async function takePageProblems(): Promise<string[]> {
  await inspectOpenPages();
  const taken = [...new Set(problems)];
  problems.length = 0;
  return taken;
}

/** A screenshot of every open page, as `<name>-<n>`, for a test that failed. */
export async function screenshotOpenPages(name: string): Promise<void> {
  const pages = [...watched].flatMap((context) => context.pages()).filter((page) => !page.isClosed());
  await Promise.all(
    pages.map((page, index) => screenshot(page, `${name}-${index + 1}`).catch(() => undefined)),
  );
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { freeStackPorts } from '@building/stack/stack-ports';
import { startStack } from '@building/stack/start-stack';
import type { Benchmark, Figure } from './benchmark.ts';
import { percentile } from './stats.ts';

/**
 * A mid-range phone on a slow mobile network, as the issue sets it: 150 ms round trips, 1.6 Mbps
 * down (750 kbps up), a CPU four times slower, a 390x844 screen.
 */
const phone = {
  viewport: { width: 390, height: 844 },
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
};

const pages = ['/', '/apartment'] as const;
const runsPerPage = 3;
const lcpTargetMs = 1500;
/** Cumulative Layout Shift: a photo or card arriving late must not push what is read. */
const clsTarget = 0.05;

/**
 * Largest Contentful Paint (ms) and Cumulative Layout Shift of one cold load (fresh context: empty
 * cache).
 */
async function coldLoad(browser: Browser, url: string): Promise<{ lcp: number; cls: number }> {
  const context = await browser.newContext({ viewport: phone.viewport, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: phone.latencyMs,
      downloadThroughput: phone.downloadBytesPerSecond,
      uploadThroughput: phone.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.cpuSlowdown });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // Late candidates (a listing's first card) arrive after load: wait for the network to settle.
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    // The buffered entries hold every candidate since navigation; the last is the page's LCP. (A
    // script string: this workspace is typed for Node, not the DOM.)
    const lcp = (await page.evaluate(`new Promise((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1).startTime))
        .observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(() => resolve(-1), 5000);
    })`)) as number;
    if (lcp < 0) throw new Error(`no LCP entry for ${url}`);
    // Every shift not caused by the reader's own input, summed (the page is short-lived: one window).
    const cls = (await page.evaluate(`new Promise((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries()
        .filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0)))
        .observe({ type: 'layout-shift', buffered: true });
      setTimeout(() => resolve(0), 1000);
    })`)) as number;
    return { lcp, cls };
  } finally {
    await context.close();
  }
}

/** LCP and CLS of `/` and `/apartment`: the production build, served as `npm start` serves it, on a throttled phone. */
export const phoneLcp: Benchmark = {
  name: 'phone-lcp',
  summary: `LCP and CLS of ${pages.join(' and ')} on a throttled phone (production build, ${runsPerPage} cold loads each)`,
  async run({ progress }) {
    const dataDir = mkdtempSync(join(tmpdir(), 'building-bench-lcp-'));
    const stack = await startStack({
      dataDir,
      ports: await freeStackPorts(),
      mode: 'production',
      log: progress,
    });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    try {
      const figures: Figure[] = [];
      for (const path of pages) {
        const samples: number[] = [];
        const shifts: number[] = [];
        for (let run = 0; run < runsPerPage; run += 1) {
          const { lcp, cls } = await coldLoad(browser, `${stack.urls.ui}${path}`);
          samples.push(lcp);
          shifts.push(cls);
          progress(`${path}: LCP ${lcp.toFixed(0)} ms, CLS ${cls.toFixed(3)}`);
        }
        figures.push(
          {
            metric: `LCP ${path}`,
            value: percentile(samples, 50),
            unit: 'ms',
            target: { atMost: lcpTargetMs },
            note: `median of ${runsPerPage} cold loads (${samples.map((s) => s.toFixed(0)).join(', ')} ms); 150 ms RTT, 1.6 Mbps, 4x CPU, 390x844`,
          },
          {
            metric: `CLS ${path}`,
            value: Math.max(...shifts),
            unit: '',
            target: { atMost: clsTarget },
            note: `the worst of the same ${runsPerPage} loads (${shifts.map((s) => s.toFixed(3)).join(', ')})`,
          },
        );
      }
      return figures;
    } finally {
      await browser.close();
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

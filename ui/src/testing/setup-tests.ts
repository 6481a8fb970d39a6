import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { i18next } from '../i18n/i18n.ts';
import { resetPositions } from '../lib/position-store.ts';
import { resetBackend } from './backend.ts';
import { resetFakeIdentity } from './fake-identity.ts';
import { ManualIntersectionObserver, resetObservers } from './intersection.ts';
import { encodeMultipart } from './multipart.ts';
import { server } from './server.ts';

// Whole routes load lazy chunks, which Vite transforms on first use: give a busy machine time.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

// Firebase is the one module replaced: an in-memory identity provider (fake-identity.ts).
vi.mock('../lib/firebase.ts', async () => ({ identity: (await import('./fake-identity.ts')).identity }));

// jsdom lacks these browser APIs. The observer fires only when a test says so (scrollNear in
// testing/intersection.ts): until then lazy sections, like the map, stay unloaded.
vi.stubGlobal('IntersectionObserver', ManualIntersectionObserver);
vi.stubGlobal('matchMedia', (query: string): Partial<MediaQueryList> => ({
  matches: false,
  media: query,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
}));

vi.stubGlobal('scrollTo', () => undefined);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // Uploads leave as multipart bytes, as from a browser (see encodeMultipart).
  const intercepted = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!(init?.body instanceof FormData)) return intercepted(input, init);
    const { body, contentType } = await encodeMultipart(init.body);
    const headers = new Headers(init.headers);
    headers.set('content-type', contentType);
    return intercepted(input, { ...init, headers, body: body as BodyInit });
  });
});
beforeEach(async () => {
  // Every test starts in English, whatever an earlier one switched to.
  await i18next.changeLanguage('en');
  resetBackend();
  resetFakeIdentity();
  resetPositions();
  localStorage.clear();
});
afterEach(async () => {
  cleanup();
  resetObservers();
  server.resetHandlers();
  // sweetalert2 mounts its dialogs on <body>, outside React.
  const { default: Swal } = await import('sweetalert2');
  Swal.close();
  document.body.innerHTML = '';
});
afterAll(() => server.close());

import './lib/zod-without-eval.ts';
import './bulma.scss';
import './styles.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { prepareLanding } from './app/landing-route.ts';
import { prerenderedPage } from './app/prerendered.ts';
import { landingModules, landingPreparations } from './app/router.tsx';
import { i18nReady, wantedLanguage } from './i18n/i18n.ts';
import { bengaliFontReady } from './lib/bengali-font.ts';
import { createQueryClient } from './lib/query-client.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
const prerendered = prerenderedPage(root, wantedLanguage());
if (prerendered) {
  // The UI server drew the page and its reads are in it: the app takes the page over as it is,
  // once the words and the route's code it was drawn with are here.
  hydrate(queryClient, prerendered);
  void Promise.all([
    i18nReady.catch(() => undefined),
    landingModules[location.pathname]?.().catch(() => undefined),
  ]).then(() => hydrateRoot(root, app));
} else {
  // The first page is drawn once, as it is: a Bangla reader's waits for its words (fetched only
  // for them) and the app's Bengali font, a landing route's for its code and first read.
  void Promise.all([
    i18nReady.catch(() => undefined), // no Bangla words: the page in English beats no page
    wantedLanguage() === 'bn' ? bengaliFontReady() : undefined,
    prepareLanding(landingPreparations, location.pathname, location.search, queryClient),
  ]).then(() => createRoot(root).render(app));
}

import './lib/zod-without-eval.ts';
import './bulma.scss';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { i18nReady, wantedLanguage } from './i18n/i18n.ts';
import { bengaliFontReady, registerBengaliFont } from './lib/bengali-font.ts';
import { createQueryClient } from './lib/query-client.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The taka sign (৳) and Bangla text in a font of our own: many devices have no Bengali font.
registerBengaliFont();
// A Bangla reader's first page waits for its words (fetched only for them) and the app's Bengali
// font: drawn once, in Bangla and its font.
void Promise.all([
  i18nReady.catch(() => undefined), // no Bangla words: the page in English beats no page
  wantedLanguage() === 'bn' ? bengaliFontReady() : undefined,
]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App queryClient={createQueryClient()} />
    </StrictMode>,
  ),
);

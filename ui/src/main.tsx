import './lib/zod-without-eval.ts';
import './bulma.scss';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { currentLanguage } from './i18n/i18n.ts';
import { bengaliFontReady, registerBengaliFont } from './lib/bengali-font.ts';
import { createQueryClient } from './lib/query-client.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The taka sign (৳) and Bangla text in a font of our own: many devices have no Bengali font.
registerBengaliFont();
// A Bangla reader's first page waits for the app's Bengali font: drawn once, in its font.
void (currentLanguage() === 'bn' ? bengaliFontReady() : Promise.resolve()).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App queryClient={createQueryClient()} />
    </StrictMode>,
  ),
);

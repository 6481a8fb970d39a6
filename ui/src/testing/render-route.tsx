import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../app/app.tsx';
import { setAccessToken } from '../lib/access-token.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { signInAs } from './fake-identity.ts';

interface RenderRouteOptions {
  /** Start with this user signed in (Firebase's persisted session). */
  signedInAs?: { email: string; displayName?: string | null; photoURL?: string | null };
}

/** Renders the whole app at `path` with an in-memory address bar. */
export function renderRoute(path: string, options: RenderRouteOptions = {}) {
  if (options.signedInAs) {
    signInAs(options.signedInAs);
    // The API token an earlier visit left: what tells the app a session exists.
    setAccessToken(`token:${options.signedInAs.email}`);
  }
  const location = memoryLocation({ path, record: true });
  // The production client (retries included), minus the waiting between retries.
  const queryClient = createQueryClient({ retryDelay: 0 });
  const user = userEvent.setup();
  const view = render(<App queryClient={queryClient} location={location} />);
  const currentPath = () => location.history.at(-1) ?? path;
  return { ...view, user, queryClient, history: location.history, currentPath };
}

/** Waits until the auth provider knows who is signed in (the navbar shows Login or the menu). */
export async function waitForSession(kind: 'visitor' | 'user') {
  if (kind === 'visitor') await screen.findByRole('link', { name: 'Login' });
  else await screen.findByRole('button', { name: /Account menu for/ });
}

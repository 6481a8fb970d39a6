import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { prepareLanding, preloadableRoute } from './landing-route.ts';

const page = () => Promise.resolve({ default: () => <p>the listing</p> });

describe('a landing route', () => {
  it('loaded ahead, renders in the first commit, without a fallback', async () => {
    const { Route, preload } = preloadableRoute(page);
    await preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Route />
      </Suspense>,
    );
    // Synchronously after render: no turn of the event loop in between.
    expect(screen.queryByText('the listing')).not.toBeNull();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('not loaded ahead, still renders once its code arrives', async () => {
    const { Route } = preloadableRoute(page);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Route />
      </Suspense>,
    );
    expect(await screen.findByText('the listing')).not.toBeNull();
  });

  it('is prepared for its own path only, and a slow preparation is not waited for', async () => {
    const asked: string[] = [];
    const preparations = {
      '/fast': async (_client: unknown, search: string) => asked.push(`fast${search}`),
      '/slow': () => new Promise(() => asked.push('slow')),
    };
    const client = createQueryClient();
    await prepareLanding(preparations, '/', '', client);
    await prepareLanding(preparations, '/fast', '?page=2', client);
    await prepareLanding(preparations, '/slow', '', client, 10);
    expect(asked).toEqual(['fast?page=2', 'slow']);
  });
});

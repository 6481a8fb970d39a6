import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { identityCalls, signInAs } from '../testing/fake-identity.ts';
import { renderRoute, waitForSession } from '../testing/render-route.tsx';
import { getAccessToken, setAccessToken } from './access-token.ts';

const nadia = { email: 'nadia@example.com', displayName: 'Nadia Islam' };

describe('when the identity provider (the Firebase SDK) is loaded', () => {
  it('never for a visitor browsing the public pages', async () => {
    const { user } = renderRoute('/');
    await waitForSession('visitor');
    await user.click(screen.getByRole('link', { name: 'Apartment' }));
    await screen.findByRole('heading', { name: 'Apartments' });
    expect(identityCalls.subscriptions).toBe(0);
  });

  it('at once for a returning user, who is signed in again', async () => {
    renderRoute('/', { signedInAs: nadia });
    await waitForSession('user');
    expect(identityCalls.subscriptions).toBe(1);
  });

  it('for a stored session the provider no longer has, which then ends', async () => {
    setAccessToken('token:from-a-session-signed-out-elsewhere');
    renderRoute('/');
    await waitForSession('visitor');
    expect(identityCalls.subscriptions).toBe(1);
    expect(getAccessToken()).toBeNull();
  });

  it('when another tab signs in, and this one follows', async () => {
    renderRoute('/');
    await waitForSession('visitor');
    signInAs(nadia);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'access-token', newValue: 'token:other-tab' }));
    });
    await waitForSession('user');
    expect(getAccessToken()).toBe(`token:${nadia.email}`);
  });
});

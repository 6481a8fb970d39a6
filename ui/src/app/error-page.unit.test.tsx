import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute, waitForSession } from '../testing/render-route.tsx';

// A route that breaks while rendering (as a failed chunk or a bug would).
vi.mock('../features/apartments/routes/apartments-route.tsx', () => ({
  default: function BrokenApartments(): never {
    throw new Error('boom');
  },
}));

describe('root error page', () => {
  it('replaces a broken route with "Something went wrong!" and leads back home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, currentPath } = renderRoute('/apartment', { signedInAs: { email: 'nadia@example.com' } });
    expect(await screen.findByRole('heading', { name: 'Something went wrong!' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to home' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    await waitForSession('user');
    expect(screen.getByRole('heading', { name: 'About Our Building' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong!' })).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { backend, callsTo } from '../../../testing/backend.ts';
import { messages } from '../../../lib/messages.ts';
import { addAccount, identityCalls } from '../../../testing/fake-identity.ts';
import { renderRoute, waitForSession } from '../../../testing/render-route.tsx';

const account = { email: 'nadia@example.com', password: 'secret-123', displayName: 'Nadia Islam' };

async function openLogin(path = '/login') {
  const view = renderRoute(path);
  await waitForSession('visitor');
  await screen.findByRole('heading', { name: 'Login' });
  return view;
}

describe('login', () => {
  it('says what is missing instead of submitting an empty form', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const email = screen.getByLabelText(/^Email/);
    expect(email).toHaveAccessibleDescription('Enter your email address.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Enter your password.');

    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(email).toHaveAccessibleDescription('Enter a valid email address, like name@example.com.');
    expect(callsTo('POST', '/jwt')).toHaveLength(0);
  });

  it("shows the provider's refusal as a toast", async () => {
    addAccount(account);
    const { user, currentPath } = await openLogin();
    await user.type(screen.getByLabelText(/^Email/), account.email);
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Wrong email or password.')).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(localStorage.getItem('access-token')).toBeNull();
  });

  it('signs in, stores the API token and goes back to where the user came from', async () => {
    addAccount(account);
    const { user, currentPath } = await openLogin('/login?from=%2Fapartment%3Fpage%3D2');
    await user.type(screen.getByLabelText(/^Email/), account.email);
    await user.type(screen.getByLabelText(/^Password/), account.password);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Successfully logged in')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/apartment?page=2'));
    expect(callsTo('POST', '/jwt').at(-1)?.body).toEqual({ idToken: `fake-id-token:${account.email}` });
    expect(localStorage.getItem('access-token')).toBe(`token:${account.email}`);
    expect(screen.getByRole('button', { name: 'Account menu for Nadia Islam' })).toBeInTheDocument();
  });

  it('tells a listed admin with an unverified address to open the link it sends', async () => {
    addAccount(account);
    backend.unverifiedAdmins.add(account.email);
    const { user } = await openLogin();
    await user.type(screen.getByLabelText(/^Email/), account.email);
    await user.type(screen.getByLabelText(/^Password/), account.password);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(messages.verifyToBecomeAdmin(account.email))).toBeInTheDocument();
    expect(identityCalls.verificationEmails).toEqual([account.email]);
  });

  it('goes home after signing in without an origin, and never to another site', async () => {
    addAccount(account);
    const { user, currentPath } = await openLogin('/login?from=%2F%2Fevil.example.com');
    await user.type(screen.getByLabelText(/^Email/), account.email);
    await user.type(screen.getByLabelText(/^Password/), account.password);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('sends the password reset email to the typed address', async () => {
    addAccount(account);
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(/Enter your email address/);
    expect(identityCalls.passwordResets).toEqual([]);

    await user.type(screen.getByLabelText(/^Email/), account.email);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText(messages.resetLinkSent(account.email))).toBeInTheDocument();
    expect(identityCalls.passwordResets).toEqual([account.email]);
  });

  it('tells a stranger nothing about which emails have accounts', async () => {
    addAccount(account);
    const { user } = await openLogin();
    const stranger = 'nobody@example.com';
    await user.type(screen.getByLabelText(/^Email/), stranger);
    await user.type(screen.getByLabelText(/^Password/), account.password);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // An unknown email reads exactly like a wrong password.
    expect(await screen.findByText('Wrong email or password.')).toBeInTheDocument();
    expect(screen.queryByText(/No account/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText(messages.resetLinkSent(stranger))).toBeInTheDocument();
    expect(identityCalls.passwordResets).toEqual([]);
  });

  it('signs in with a Google account (the emulator asks which one) and registers the user', async () => {
    const { user, currentPath } = await openLogin('/login?from=%2Fapartment');
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    const dialog = screen.getByRole('dialog', { name: 'Continue with Google' });
    expect(within(dialog).getByLabelText(/Google account email/)).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByLabelText(/Name on the Google account/)).toHaveAccessibleDescription(
      'Enter your name.',
    );
    await user.type(within(dialog).getByLabelText(/Google account email/), 'karim@gmail.com');
    await user.type(within(dialog).getByLabelText(/Name on the Google account/), 'Karim Ahmed');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Successfully registered with Google')).toBeInTheDocument();
    expect(callsTo('POST', '/users/karim%40gmail.com').at(-1)?.body).toEqual({
      name: 'Karim Ahmed',
      email: 'karim@gmail.com',
      photoURL: '',
    });
    await waitFor(() => expect(currentPath()).toBe('/apartment'));
  });

  it('closes the Google dialog with Escape and returns focus to its button', async () => {
    const { user } = await openLogin();
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    await user.click(google);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(google).toHaveFocus();
  });

  it('links to sign-up, keeping the origin', async () => {
    const { user, currentPath } = await openLogin('/login?from=%2Fapartment');
    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(currentPath()).toBe('/signUp?from=%2Fapartment');
    expect(await screen.findByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
  });
});

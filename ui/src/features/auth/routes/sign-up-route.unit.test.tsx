import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { env } from '../../../lib/env.ts';
import { backend, callsTo } from '../../../testing/backend.ts';
import { http } from 'msw';
import { addAccount, currentAccount, identityCalls } from '../../../testing/fake-identity.ts';
import { problem } from '../../../testing/handlers.ts';
import { server } from '../../../testing/server.ts';
import { renderRoute, waitForSession } from '../../../testing/render-route.tsx';

/** The start of a PNG: the browser keeps a small photo of a kind the server takes as it is. */
const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const photo = () => new File([pngBytes], 'nadia.png', { type: 'image/png' });

async function fillSignUp(user: ReturnType<typeof renderRoute>['user'], file: File) {
  await user.upload(screen.getByLabelText(/^Profile photo/), file);
  await user.type(screen.getByLabelText(/^Email/), 'nadia@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'secret-123');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

async function openSignUp(path = '/signUp') {
  const view = renderRoute(path);
  await waitForSession('visitor');
  await screen.findByRole('heading', { name: 'Sign Up' });
  return view;
}

describe('sign-up', () => {
  it('requires a photo, an email and a password of 6 or more, but not a name', async () => {
    const { user } = await openSignUp();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText(/^Name/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/^Profile photo/)).toHaveAccessibleDescription('Choose a profile photo.');
    expect(screen.getByLabelText(/^Profile photo/)).toHaveFocus();
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Enter your email address.');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Enter your password.');

    await user.type(screen.getByLabelText(/^Password/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'The password must have at least 6 characters.',
    );
    expect(currentAccount()).toBeNull();
    expect(callsTo('POST', '/images')).toHaveLength(0);
  });

  it('creates the account, uploads the photo, sets the profile, registers the user and goes back', async () => {
    const { user, currentPath } = await openSignUp('/signUp?from=%2Fapartment');
    await user.type(screen.getByLabelText(/^Name/), 'Nadia Islam');
    await user.upload(screen.getByLabelText(/^Profile photo/), photo());
    await user.type(screen.getByLabelText(/^Email/), 'nadia@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/apartment'));
    const photoURL = `${env.commandUrl}/images/uploads/photo-1.png`;
    expect(backend.uploads).toEqual(['10 bytes']);
    expect(callsTo('POST', '/images')[0]?.headers.authorization).toBe('Bearer token:nadia@example.com');
    expect(currentAccount()).toMatchObject({ displayName: 'Nadia Islam', photoURL });
    expect(callsTo('POST', '/users/nadia%40example.com')[0]?.body).toEqual({
      name: 'Nadia Islam',
      email: 'nadia@example.com',
      photoURL,
    });
    expect(screen.getByRole('img', { name: 'Nadia Islam' })).toHaveAttribute('src', photoURL);
  });

  it("shows the provider's message when the email is taken", async () => {
    addAccount({ email: 'nadia@example.com' });
    const { user, currentPath } = await openSignUp();
    await user.upload(screen.getByLabelText(/^Profile photo/), photo());
    await user.type(screen.getByLabelText(/^Email/), 'nadia@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This email is already registered. Log in instead.')).toBeInTheDocument();
    expect(currentPath()).toBe('/signUp');
    expect(callsTo('POST', '/images')).toHaveLength(0);
  });

  it('refuses a file that is not an image', async () => {
    const { user } = await openSignUp();
    // The input accepts image/* only, so user.upload would drop the file: change it directly.
    const input = screen.getByLabelText(/^Profile photo/);
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] },
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(input).toHaveAccessibleDescription('The profile photo must be an image file.');
  });

  it('refuses an SVG before making the account, so nothing is half made', async () => {
    const { user } = await openSignUp();
    await fillSignUp(
      user,
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'me.svg', { type: 'image/svg+xml' }),
    );
    expect(await screen.findByText(/SVG drawings are not accepted/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Profile photo/)).toHaveFocus();
    expect(currentAccount()).toBeNull();
    expect(callsTo('POST', '/jwt')).toHaveLength(0);
    expect(callsTo('POST', '/images')).toHaveLength(0);
  });

  it('undoes the account when the photo upload fails, so the next try works', async () => {
    const { user } = await openSignUp();
    // Too big for the server and unreadable to the browser (jsdom decodes nothing): a failed upload.
    const unreadable = new File([new Uint8Array(6 * 1024 * 1024)], 'photo.heic', { type: 'image/heic' });
    await fillSignUp(user, unreadable);
    expect(await screen.findByText(/This photo cannot be read here/)).toBeInTheDocument();
    expect(currentAccount()).toBeNull();

    // The server refuses what slipped through: the account made for it is deleted again.
    server.use(
      http.post(`${env.commandUrl}/images`, () =>
        problem(400, 'the image must be a PNG, JPEG, WebP or GIF', 'Bad Request'),
      ),
    );
    await user.upload(screen.getByLabelText(/^Profile photo/), photo());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('Your account was not created. The image must be a PNG, JPEG, WebP or GIF'),
    ).toBeInTheDocument();
    expect(identityCalls.deletions).toEqual(['nadia@example.com']);
    expect(currentAccount()).toBeNull();
    expect(screen.queryByRole('button', { name: /Account menu for/ })).toBeNull();

    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    expect(currentAccount()).toMatchObject({ email: 'nadia@example.com' });
  });
});

import { initializeApp } from 'firebase/app';
import {
  GoogleAuthProvider,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  deleteUser,
  indexedDBLocalPersistence,
  initializeAuth,
  onIdTokenChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
} from 'firebase/auth';
import { translate } from '../i18n/i18n.ts';
import { env, usesAuthEmulator } from './env.ts';
import { readable } from './identity-errors.ts';
import type { GoogleAccount, Identity, IdentityUser } from './identity.ts';

// Loaded on demand by the auth provider, so the SDK stays out of the first paint's bundle.
const app = initializeApp(env.firebase);
// initializeAuth without the popup resolver keeps it lazy: only signInWithPopup needs it.
const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
if (usesAuthEmulator) connectAuthEmulator(auth, `http://${env.authEmulatorHost}`, { disableWarnings: true });

/** The emulator needs a stable Google subject per email, like Google's own account id. */
async function googleSubject(email: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email.trim().toLowerCase()));
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function signInWithGoogle(account?: GoogleAccount): Promise<IdentityUser> {
  const provider = new GoogleAuthProvider();
  if (!usesAuthEmulator) return (await signInWithPopup(auth, provider, browserPopupRedirectResolver)).user;
  if (!account) throw new Error(translate('auth.enterGoogleAccount'));
  const idToken = JSON.stringify({
    sub: await googleSubject(account.email),
    email: account.email.trim(),
    name: account.name.trim(),
    email_verified: true,
  });
  return (await signInWithCredential(auth, GoogleAuthProvider.credential(idToken))).user;
}

export const identity: Identity = {
  // Fires on sign-in, sign-out and each ID token refresh, so our API token is re-issued in time.
  onChange: (listener) => onIdTokenChanged(auth, listener),
  createAccount: async (email, password) =>
    (await readable(createUserWithEmailAndPassword(auth, email, password))).user,
  signIn: async (email, password) => (await readable(signInWithEmailAndPassword(auth, email, password))).user,
  signInWithGoogle: (account) => readable(signInWithGoogle(account)),
  sendPasswordReset: (email) => readable(sendPasswordResetEmail(auth, email)),
  sendEmailVerification: async () => {
    const user = auth.currentUser;
    if (!user) throw new Error(translate('auth.signInFirst'));
    await readable(sendEmailVerification(user));
  },
  updateProfile: async (profile) => {
    const user = auth.currentUser;
    if (!user) throw new Error(translate('auth.signInFirst'));
    await readable(updateProfile(user, profile));
    return user;
  },
  deleteAccount: async () => {
    const user = auth.currentUser;
    if (user) await readable(deleteUser(user));
  },
  signOut: () => readable(signOut(auth)),
};

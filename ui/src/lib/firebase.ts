import { initializeApp } from 'firebase/app';
import {
  GoogleAuthProvider,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  indexedDBLocalPersistence,
  initializeAuth,
  onIdTokenChanged,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
} from 'firebase/auth';
import { errorMessage } from './error-message.ts';
import { env, usesAuthEmulator } from './env.ts';
import type { GoogleAccount, Identity, IdentityUser } from './identity.ts';

// Loaded on demand by the auth provider, so the SDK stays out of the first paint's bundle.
const app = initializeApp(env.firebase);
// initializeAuth without the popup resolver keeps it lazy: only signInWithPopup needs it.
const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
if (usesAuthEmulator) connectAuthEmulator(auth, `http://${env.authEmulatorHost}`, { disableWarnings: true });

/** Provider error codes we can say more plainly; anything else keeps the provider's message. */
const plainMessages: Record<string, string> = {
  'auth/email-already-in-use': 'This email is already registered. Log in instead.',
  'auth/invalid-credential': 'Wrong email or password.',
  'auth/invalid-login-credentials': 'Wrong email or password.',
  'auth/wrong-password': 'Wrong email or password.',
  'auth/user-not-found': 'No account uses this email.',
  'auth/invalid-email': 'The email address is not valid.',
  'auth/weak-password': 'The password is too weak: use at least 6 characters.',
  'auth/too-many-requests': 'Too many attempts. Wait a moment and try again.',
  'auth/network-request-failed': 'Cannot reach the sign-in service. Check your connection.',
  'auth/popup-closed-by-user': 'The Google window was closed before signing in.',
  'auth/popup-blocked': 'The browser blocked the Google window. Allow pop-ups and try again.',
};

async function readable<T>(action: Promise<T>): Promise<T> {
  try {
    return await action;
  } catch (error) {
    const code = typeof error === 'object' && error && 'code' in error ? String(error.code) : '';
    const message = plainMessages[code] ?? errorMessage(error);
    throw new Error(message, { cause: error });
  }
}

/** The emulator needs a stable Google subject per email, like Google's own account id. */
async function googleSubject(email: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email.trim().toLowerCase()));
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function signInWithGoogle(account?: GoogleAccount): Promise<IdentityUser> {
  const provider = new GoogleAuthProvider();
  if (!usesAuthEmulator) return (await signInWithPopup(auth, provider, browserPopupRedirectResolver)).user;
  if (!account) throw new Error('Enter the Google account to sign in with.');
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
  updateProfile: async (profile) => {
    const user = auth.currentUser;
    if (!user) throw new Error('Sign in first.');
    await readable(updateProfile(user, profile));
    return user;
  },
  signOut: () => readable(signOut(auth)),
};

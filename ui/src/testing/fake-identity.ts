import { translate } from '../i18n/i18n.ts';
import { readable } from '../lib/identity-errors.ts';
import type { GoogleAccount, Identity, IdentityUser } from '../lib/identity.ts';

/**
 * An in-memory identity provider standing in for Firebase in unit tests (the only thing they
 * mock at a module boundary; HTTP goes through msw). Accounts behave like Firebase's: unique
 * emails, a password check, sign-in state and listeners.
 */
interface Account {
  uid: string;
  email: string;
  password: string;
  displayName: string | null;
  photoURL: string | null;
}

type Listener = (user: IdentityUser | null) => void;

const accounts = new Map<string, Account>();
const listeners = new Set<Listener>();
let current: Account | null = null;
let nextUid = 1;

export const identityCalls = {
  passwordResets: [] as string[],
  verificationEmails: [] as string[],
  signOuts: 0,
  subscriptions: 0,
  deletions: [] as string[],
};

const userOf = (account: Account): IdentityUser => ({
  uid: account.uid,
  email: account.email,
  displayName: account.displayName,
  photoURL: account.photoURL,
  getIdToken: async () => `fake-id-token:${account.email}`,
});

function setCurrent(account: Account | null) {
  current = account;
  const user = account && userOf(account);
  listeners.forEach((listener) => listener(user));
}

/** Fails as Firebase does: an error carrying the provider's code (firebase.ts's readable() words it). */
const providerError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (${code}).`), { code, name: 'FirebaseError' });

export function addAccount(account: Partial<Account> & { email: string }): Account {
  const stored: Account = {
    uid: account.uid ?? `uid-${nextUid++}`,
    password: 'secret-123',
    displayName: null,
    photoURL: null,
    ...account,
  };
  accounts.set(stored.email.toLowerCase(), stored);
  return stored;
}

/** Starts a test already signed in (as if Firebase had persisted the session). */
export function signInAs(account: Partial<Account> & { email: string }) {
  current = addAccount(account);
}

export const currentAccount = () => current;

export function resetFakeIdentity() {
  accounts.clear();
  listeners.clear();
  current = null;
  identityCalls.passwordResets = [];
  identityCalls.verificationEmails = [];
  identityCalls.signOuts = 0;
  identityCalls.subscriptions = 0;
  identityCalls.deletions = [];
}

const raw: Identity = {
  onChange(listener) {
    identityCalls.subscriptions += 1;
    listeners.add(listener);
    // Firebase reports the persisted state asynchronously, once subscribed.
    queueMicrotask(() => {
      if (listeners.has(listener)) listener(current && userOf(current));
    });
    return () => listeners.delete(listener);
  },
  async createAccount(email, password) {
    if (accounts.has(email.toLowerCase())) {
      throw providerError('auth/email-already-in-use');
    }
    const account = addAccount({ email, password });
    setCurrent(account);
    return userOf(account);
  },
  async signIn(email, password) {
    const account = accounts.get(email.toLowerCase());
    // The auth emulator, like Firebase without email enumeration protection, tells the two apart.
    if (!account) throw providerError('auth/user-not-found');
    if (account.password !== password) throw providerError('auth/wrong-password');
    setCurrent(account);
    return userOf(account);
  },
  async signInWithGoogle(account?: GoogleAccount) {
    if (!account) throw new Error(translate('auth.enterGoogleAccount'));
    const stored =
      accounts.get(account.email.toLowerCase()) ??
      addAccount({ email: account.email, displayName: account.name });
    setCurrent(stored);
    return userOf(stored);
  },
  async sendPasswordReset(email) {
    if (!accounts.has(email.toLowerCase())) throw providerError('auth/user-not-found');
    identityCalls.passwordResets.push(email);
  },
  async sendEmailVerification() {
    if (!current) throw new Error(translate('auth.signInFirst'));
    identityCalls.verificationEmails.push(current.email);
  },
  async updateProfile(profile) {
    if (!current) throw new Error(translate('auth.signInFirst'));
    if (profile.displayName !== undefined) current.displayName = profile.displayName;
    if (profile.photoURL !== undefined) current.photoURL = profile.photoURL;
    return userOf(current);
  },
  async deleteAccount() {
    if (!current) return;
    accounts.delete(current.email.toLowerCase());
    identityCalls.deletions.push(current.email);
    setCurrent(null);
  },
  async signOut() {
    identityCalls.signOuts += 1;
    setCurrent(null);
  },
};

/** Errors worded as firebase.ts words them. */
export const identity: Identity = {
  ...raw,
  createAccount: (email, password) => readable(raw.createAccount(email, password)),
  signIn: (email, password) => readable(raw.signIn(email, password)),
  signInWithGoogle: (account) => readable(raw.signInWithGoogle(account)),
  sendPasswordReset: (email) => readable(raw.sendPasswordReset(email)),
  deleteAccount: () => readable(raw.deleteAccount()),
};

import { useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useSearch } from 'wouter';
import { i18next } from '../i18n/i18n.ts';
import { useInBrowser } from './use-in-browser.ts';
import { errorMessage } from './error-message.ts';
import { IdentityError } from './identity-errors.ts';
import {
  accessTokenExpiry,
  accessTokenSubject,
  clearAccessToken,
  getAccessToken,
  onAccessTokenStoredElsewhere,
  setAccessToken,
} from './access-token.ts';
import { command, setSessionRenewer, setUnauthorizedHandler } from './api-client.ts';
import type { GoogleAccount, Identity, IdentityUser } from './identity.ts';
import { messages } from './messages.ts';
import { loginPath } from './redirect.ts';
import { rolesKey } from './use-roles.ts';

/** The signed-in user as the UI sees it (a snapshot: Firebase mutates its own object). */
export interface SessionUser {
  uid: string;
  email: string;
  displayName: string | null;
  photoURL: string | null;
}

export interface AuthContextValue {
  user: SessionUser | null;
  /** True until the first auth state is known and while a session is being established. */
  loading: boolean;
  createUser(email: string, password: string): Promise<SessionUser>;
  signIn(email: string, password: string): Promise<SessionUser>;
  /** Against the auth emulator the Google account must be given (no popup offline). */
  googleSignIn(account?: GoogleAccount): Promise<SessionUser>;
  /** Sends the reset link; an email without an account is not said apart (nothing is sent). */
  resetPassword(email: string): Promise<void>;
  updateUserProfile(displayName: string | null, photoURL: string | null): Promise<void>;
  logOut(): Promise<void>;
  /** Undoes a sign-up that could not be completed: the account is deleted, so a new try starts clean. */
  discardNewAccount(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

let identityModule: Promise<Identity> | undefined;
/**
 * The Firebase SDK (a third of the JavaScript) is loaded only when a session or a sign-in needs it:
 * a visitor never downloads it. Our API token in storage is what says a session exists.
 */
const loadIdentity = (): Promise<Identity> =>
  (identityModule ??= import('./firebase.ts').then(
    (m) => m.identity,
    (error: unknown) => {
      identityModule = undefined; // offline for a moment: the next call tries again
      throw error;
    },
  ));

/** Starts the download early where a sign-in is likely (the login and sign-up pages). */
export const preloadIdentity = (): void => void loadIdentity().catch(() => undefined);

const snapshot = (user: IdentityUser): SessionUser => ({
  uid: user.uid,
  email: user.email ?? '',
  displayName: user.displayName,
  photoURL: user.photoURL,
});

export function AuthProvider({ children }: { children: ReactNode }) {
  // With no session there is nothing to wait for: a visitor is known at once.
  const [state, setState] = useState<{ user: SessionUser | null; loading: boolean }>(() => ({
    user: null,
    loading: getAccessToken() !== null,
  }));
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();
  const search = useSearch();
  // Where the user is, for the 401 handler to remember as the origin.
  const here = useRef('/');
  useEffect(() => {
    here.current = search ? `${location}?${search}` : location;
  }, [location, search]);

  // A sign-out bumps the epoch so a token exchange still in flight cannot resurrect the session.
  const epoch = useRef(0);
  const exchanges = useRef(new Map<string, Promise<SessionUser>>());
  const actionsRunning = useRef(0);
  // The identity provider's signed-in user: our short API tokens are renewed from its session.
  const identityUser = useRef<IdentityUser | null>(null);
  const renewal = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const renewNow = useRef(() => {});
  // Token refreshes re-run the exchange: send the verification link once per session.
  const askedToVerify = useRef(new Set<string>());
  const askToVerify = useCallback((user: IdentityUser) => {
    if (askedToVerify.current.has(user.uid)) return;
    askedToVerify.current.add(user.uid);
    void loadIdentity()
      .then((identity) => identity.sendEmailVerification())
      .then(
        () =>
          toast(messages.verifyToBecomeAdmin(user.email ?? i18next.t('auth.yourAddress')), {
            duration: 15_000,
          }),
        (error: unknown) =>
          toast.error(i18next.t('auth.verificationNotSent', { message: errorMessage(error) })),
      );
  }, []);

  /** Renews the API token silently at four fifths of its life, so an open tab is never thrown out. */
  const scheduleRenewal = useCallback((token: string) => {
    clearTimeout(renewal.current);
    const expiresAt = accessTokenExpiry(token);
    if (expiresAt === null) return;
    const lifetime = expiresAt - Date.now();
    renewal.current = setTimeout(() => renewNow.current(), Math.max(5_000, lifetime * 0.8));
  }, []);

  /**
   * Trades the Firebase ID token for our API token (POST /jwt); the user counts as signed in after.
   * A page load keeps the stored token while it is this user's and has a minute left (renewal
   * replaces it in time), so moving around the app does not spend the sign-in budget.
   */
  const establish = useCallback(
    (user: IdentityUser, options: { fresh?: boolean } = {}): Promise<SessionUser> => {
      const running = exchanges.current.get(user.uid);
      if (running) return running;
      const stored = getAccessToken();
      if (!options.fresh && stored !== null && accessTokenSubject(stored) === user.uid) {
        const expiresAt = accessTokenExpiry(stored);
        if (expiresAt !== null && expiresAt - Date.now() > 60_000) {
          identityUser.current = user;
          scheduleRenewal(stored);
          const session = snapshot(user);
          setState({ user: session, loading: false });
          return Promise.resolve(session);
        }
      }
      const startedAt = epoch.current;
      const exchange = (async () => {
        const idToken = await user.getIdToken();
        const body = await command('POST', '/jwt', { idToken });
        const answer = (await import('./api-shapes.ts')).tokenResponse.parse(body);
        if (epoch.current !== startedAt) throw new Error(i18next.t('auth.signedOutMeanwhile'));
        setAccessToken(answer.token);
        identityUser.current = user;
        scheduleRenewal(answer.token);
        if (answer.adminAwaitsVerifiedEmail) askToVerify(user);
        const session = snapshot(user);
        setState({ user: session, loading: false });
        return session;
      })().finally(() => exchanges.current.delete(user.uid));
      exchanges.current.set(user.uid, exchange);
      return exchange;
    },
    [askToVerify, scheduleRenewal],
  );
  useEffect(() => {
    renewNow.current = () => {
      const user = identityUser.current;
      if (user) void establish(user, { fresh: true }).catch(() => undefined);
    };
  }, [establish]);

  const endSession = useCallback(() => {
    epoch.current += 1;
    identityUser.current = null;
    clearTimeout(renewal.current);
    clearAccessToken();
    setState({ user: null, loading: false });
    queryClient.removeQueries({ queryKey: rolesKey });
  }, [queryClient]);

  // Following Firebase's auth state, from the first moment the SDK is needed until unmount.
  const subscription = useRef<{ identity: Promise<Identity>; close(): void } | null>(null);
  const connect = useCallback((): Promise<Identity> => {
    if (subscription.current) return subscription.current.identity;
    let closed = false;
    let unsubscribe: (() => void) | undefined;
    const identity = loadIdentity();
    identity.then(
      (identity) => {
        if (closed) return;
        unsubscribe = identity.onChange((user) => {
          if (!user) return endSession();
          setState((s) => (s.user?.uid === user.uid ? s : { ...s, loading: true }));
          establish(user).catch(async (error: unknown) => {
            if (actionsRunning.current === 0)
              toast.error(i18next.t('common.sessionFailed', { message: errorMessage(error) }));
            endSession();
            await identity.signOut().catch(() => undefined);
          });
        });
      },
      () => {
        if (subscription.current?.identity === identity) subscription.current = null;
      },
    );
    subscription.current = {
      identity,
      close: () => {
        closed = true;
        unsubscribe?.();
      },
    };
    return identity;
  }, [establish, endSession]);

  useEffect(
    () =>
      setSessionRenewer(async () => {
        const user = identityUser.current;
        if (!user) return false;
        await establish(user, { fresh: true });
        return true;
      }),
    [establish],
  );

  useEffect(() => {
    if (getAccessToken() !== null)
      connect().catch((error: unknown) => {
        toast.error(i18next.t('common.sessionFailed', { message: errorMessage(error) }));
        setState({ user: null, loading: false });
      });
    // A sign-in in another tab is a session here too.
    const stopWatching = onAccessTokenStoredElsewhere(() => void connect().catch(() => undefined));
    return () => {
      stopWatching();
      subscription.current?.close();
      subscription.current = null;
    };
  }, [connect]);

  useEffect(() => {
    let handling = false;
    return setUnauthorizedHandler(async () => {
      if (handling) return;
      handling = true;
      try {
        endSession();
        await connect()
          .then((identity) => identity.signOut())
          .catch(() => undefined);
        navigate(here.current.startsWith('/login') ? '/login' : loginPath(here.current));
      } finally {
        handling = false;
      }
    });
  }, [endSession, navigate, connect]);

  /** Runs a sign-in action, then waits for our API token before reporting success. */
  const signingIn = useCallback(
    async (action: (identity: Identity) => Promise<IdentityUser>): Promise<SessionUser> => {
      actionsRunning.current += 1;
      try {
        const identity = await connect();
        const user = await action(identity);
        try {
          return await establish(user);
        } catch (error) {
          endSession();
          await identity.signOut().catch(() => undefined);
          throw error;
        }
      } finally {
        actionsRunning.current -= 1;
      }
    },
    [establish, endSession, connect],
  );

  // A page drawn on the server is a visitor's whose session is not known yet: the browser's first
  // render matches it (and hydrates it), then says who is signed in.
  const known = useInBrowser();
  const value = useMemo<AuthContextValue>(
    () => ({
      ...(known ? state : { user: null, loading: true }),
      createUser: (email, password) => signingIn((identity) => identity.createAccount(email, password)),
      signIn: (email, password) => signingIn((identity) => identity.signIn(email, password)),
      googleSignIn: (account) => signingIn((identity) => identity.signInWithGoogle(account)),
      resetPassword: async (email) => {
        try {
          await (await connect()).sendPasswordReset(email);
        } catch (error) {
          if (!(error instanceof IdentityError && error.code === 'auth/user-not-found')) throw error;
        }
      },
      updateUserProfile: async (displayName, photoURL) => {
        const user = await (await connect()).updateProfile({ displayName, photoURL });
        setState((s) => (s.user?.uid === user.uid ? { ...s, user: snapshot(user) } : s));
      },
      logOut: async () => {
        // Our token stops working on every server, not just in this tab; then the Firebase session ends.
        await command('POST', '/logout').catch(() => undefined);
        endSession();
        await (await connect()).signOut();
      },
      discardNewAccount: async () => {
        const identity = await connect();
        endSession();
        await identity.deleteAccount().catch(() => identity.signOut());
      },
    }),
    [known, state, signingIn, endSession, connect],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/**
 * What the UI needs from the identity provider. `firebase.ts` implements it with the Firebase
 * SDK; unit tests replace that one module with an in-memory fake (testing/fake-identity.ts).
 */
export interface IdentityUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  getIdToken(): Promise<string>;
}

export interface GoogleAccount {
  email: string;
  name: string;
}

export interface Identity {
  /** Calls back with the current user now and on every sign-in or sign-out. */
  onChange(listener: (user: IdentityUser | null) => void): () => void;
  createAccount(email: string, password: string): Promise<IdentityUser>;
  signIn(email: string, password: string): Promise<IdentityUser>;
  /** A real project opens Google's popup; the emulator signs in the given account instead. */
  signInWithGoogle(account?: GoogleAccount): Promise<IdentityUser>;
  sendPasswordReset(email: string): Promise<void>;
  /** Sends the signed-in person the link that proves they own their address. */
  sendEmailVerification(): Promise<void>;
  updateProfile(profile: { displayName?: string | null; photoURL?: string | null }): Promise<IdentityUser>;
  /** Deletes the signed-in account (a sign-up that could not be completed), which signs it out. */
  deleteAccount(): Promise<void>;
  signOut(): Promise<void>;
}

/** User-facing texts more than one screen (or a browser test) relies on. */
export const messages = {
  loginToRequest: 'Please Login to enable Agreement',
  adminCannotRequest: 'Admins are not allowed to request an agreement!',
  registered: 'Registration successful',
  loggedIn: 'Successfully logged in',
  registeredWithGoogle: 'Successfully registered with Google',
} as const;

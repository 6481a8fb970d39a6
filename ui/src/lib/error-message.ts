/** What to tell the user about a failure: the error's own message, else the fallback (or the thrown value). */
export const errorMessage = (error: unknown, fallback?: string): string =>
  error instanceof Error ? error.message : (fallback ?? String(error));

/** Bad command-line arguments: the CLI prints the message and its usage on stderr and exits 2. */
export class UsageError extends Error {}

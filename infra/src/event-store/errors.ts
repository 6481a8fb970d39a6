/** An append whose expected version no longer holds: someone else wrote to the stream first. */
export class ConcurrencyError extends Error {
  constructor(
    readonly stream: string,
    readonly expectedVersion: number,
  ) {
    super(`stream ${stream} is no longer at version ${expectedVersion}`);
    this.name = 'ConcurrencyError';
  }
}

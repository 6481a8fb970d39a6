/** An append whose expected version no longer holds: someone else wrote to the stream first. */
export class ConcurrencyError extends Error {
  readonly stream: string;
  readonly expectedVersion: number;

  constructor(stream: string, expectedVersion: number) {
    super(`stream ${stream} is no longer at version ${expectedVersion}`);
    this.stream = stream;
    this.expectedVersion = expectedVersion;
    this.name = 'ConcurrencyError';
  }
}

import type { StackPorts } from '../stack-ports.ts';

/** `production` serves the UI's build (npm start); `dev` runs Vite with hot reload and `node --watch`. */
export type StackMode = 'production' | 'dev';

export interface StackOptions {
  /** Everything the stack keeps: Postgres data, emulator accounts, the secrets. */
  dataDir: string;
  ports: StackPorts;
  /** Settings from outside (npm start passes process.env); the stack's own values win. */
  env?: Record<string, string | undefined>;
  mode?: StackMode;
  /** What the supervisor says (steps, crashes, restarts). */
  log?: (line: string) => void;
  /** Each server's own output, line by line; by default prefixed with its name on stdout/stderr. */
  output?: (name: string, line: string, stream: 'stdout' | 'stderr') => void;
  /** Aborting stops the start after the step under way and stops what had started. */
  signal?: AbortSignal;
}

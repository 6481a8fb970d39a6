import type { ParameterizedContext } from 'koa';
import type { RouterContext } from '@koa/router';
import type { FormObject } from './form-encoding.ts';

export type ApiKeyKind = 'secret' | 'publishable';

/** What the sandbox's middleware learns about a request before its route runs. */
export interface SandboxState {
  requestId: string;
  apiKey?: { key: string; kind: ApiKeyKind };
  /** The form or JSON body of a POST, or the query of a GET. */
  params: FormObject;
  /** Set when a request failed: whether it had started running (StripeApiError.ran). */
  failedAfterRunning?: boolean;
}

export type SandboxContext = ParameterizedContext<SandboxState>;
export type SandboxRouteContext = RouterContext<SandboxState>;

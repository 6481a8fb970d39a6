import { setupServer } from 'msw/node';
import { handlers } from './handlers.ts';

/** The network edge of every UI test. */
export const server = setupServer(...handlers);

import type { CommandContext } from '@building/domain/command-handling/command-context';
import type { PaymentProvider } from './payment-provider.ts';

/** What the payment workflow needs: the command handlers' context and the card payment provider. */
export interface PaymentDeps {
  commands: CommandContext;
  provider: PaymentProvider;
  log?: (line: string) => void;
}

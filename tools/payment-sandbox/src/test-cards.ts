/** How a card fares when charged: Stripe's documented test cards decline; every other valid card succeeds. */
export type ChargeOutcome =
  { kind: 'succeeded' } | { kind: 'declined'; code: string; declineCode: string; message: string };

const declined = (code: string, declineCode: string, message: string): ChargeOutcome => ({
  kind: 'declined',
  code,
  declineCode,
  message,
});

const genericDecline = declined('card_declined', 'generic_decline', 'Your card was declined.');

const declinesByNumber: Record<string, ChargeOutcome> = {
  '4000000000000002': genericDecline,
  '4000000000009995': declined('card_declined', 'insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000009987': declined('card_declined', 'lost_card', 'Your card was declined.'),
  '4000000000009979': declined('card_declined', 'stolen_card', 'Your card was declined.'),
  '4000000000000069': declined('expired_card', 'expired_card', 'Your card has expired.'),
  '4000000000000127': declined('incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."),
  '4000000000000119': declined(
    'processing_error',
    'processing_error',
    'An error occurred while processing your card. Try again in a little bit.',
  ),
};

export function chargeOutcome(cardNumber: string): ChargeOutcome {
  return declinesByNumber[cardNumber] ?? { kind: 'succeeded' };
}

/** Stripe's test PaymentMethod tokens (`pm_card_visa` ...), usable wherever a payment method id is. */
const testTokens: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_visa_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_visa_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_visa_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
};

export function testTokenCardNumber(id: string): string | undefined {
  return Object.hasOwn(testTokens, id) ? testTokens[id] : undefined;
}

import type { Language } from '@building/events/catalogue';
import { streams } from '@building/events/streams';
import type { CommandContext } from '../command-handling/command-context.ts';
import { loadAggregate } from '../command-handling/load-aggregate.ts';
import { userAggregate } from './user.ts';

/** The language a person reads in, as saved with their profile (English until they choose). */
export async function readerLanguage(context: CommandContext, email: string): Promise<Language> {
  const user = await loadAggregate(context, streams.user(email), userAggregate);
  return user.state.status === 'registered' ? user.state.language : 'en';
}

import { DomainError } from '@building/events/domain-error';
import { streams } from '@building/events/streams';
import { acceptAgreement, requestAgreement } from '@building/domain/agreement/commands';
import { agreementAggregate } from '@building/domain/agreement/agreement';
import { apartmentAggregate } from '@building/domain/apartment/apartment';
import { editApartment, listApartment } from '@building/domain/apartment/commands';
import { loadCaller, type Caller } from '@building/domain/command-handling/caller';
import { createCommandContext, type CommandContext } from '@building/domain/command-handling/command-context';
import { loadAggregate } from '@building/domain/command-handling/load-aggregate';
import type { EventStore } from '@building/domain/event-store/event-store';
import { StagedEventStore } from '@building/domain/event-store/staged-event-store';
import { recordOpeningBalance, recordProfile } from '@building/domain/user/commands';
import { userAggregate } from '@building/domain/user/user';
import type { ReplayProgress } from '@building/infra/ops/replay-source';
import type { ImportProblem, ImportRows, Located } from './import-rows.ts';

/**
 * The admin the import decides as (the rules refuse anyone else what it does). Never recorded:
 * its events name the actor `import`.
 */
const operator: Caller = { email: 'import@building.invalid', role: 'admin', name: 'Import' };

export interface StagedImport {
  staged: StagedEventStore;
  /** The rows the rules refused (a booked apartment, a second opening balance, ...). */
  problems: ImportProblem[];
}

/**
 * Decides every row through the domain's command handlers, as the admins and residents would have
 * (an apartment listed, or edited to the file's details; a resident registered, requesting their
 * apartment and accepted into it; an opening balance), each on the state the rows before it left.
 * Nothing is recorded: the events are staged over `store` for the caller to commit, all or none.
 * What the store already holds is not decided again, so a second run of the same files stages
 * nothing.
 */
export async function stageImport(
  store: EventStore,
  files: Record<keyof ImportRows, string>,
  rows: ImportRows,
  { now, progress }: { now: Date; progress?: ReplayProgress },
): Promise<StagedImport> {
  const staged = new StagedEventStore(store);
  const context = createCommandContext({ store: staged, actor: 'import' });
  const problems: ImportProblem[] = [];
  progress?.start(rows.apartments.length + rows.residents.length + rows.balances.length);
  /** Runs one row's commands; a rule's refusal becomes the row's problem, anything else stops the import. */
  const each = async <R>(
    file: string,
    located: Located<R>[],
    column: string,
    decide: (row: R) => Promise<unknown>,
  ) => {
    for (const { line, row } of located) {
      try {
        await decide(row);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        problems.push({ file, line, column, reason: `${error.message} (${error.code})` });
      }
      progress?.advance(1);
    }
  };
  await each(files.apartments, rows.apartments, 'si', ({ image, ...row }) =>
    listOrEdit(context, { ...row, image: image ?? defaultImage(row.apartment) }, now),
  );
  await each(files.residents, rows.residents, 'si', (row) => moveIn(context, row, now));
  await each(files.balances, rows.balances, 'email', (row) =>
    recordOpeningBalance(context, {
      email: row.email,
      kind: row.kind,
      amountPoisha: row.amount,
      asOf: row.as_of,
      note: row.note ?? '',
      caller: operator,
      now,
    }),
  );
  progress?.stop();
  return { staged, problems };
}

/** As `npm start`'s building names its pictures. */
const defaultImage = (apartment: string) => `/images/apartments/apartment-${apartment.toLowerCase()}.svg`;

async function listOrEdit(
  context: CommandContext,
  details: Parameters<typeof editApartment>[1]['details'],
  now: Date,
) {
  const apartment = await loadAggregate(context, streams.apartment(details.si), apartmentAggregate);
  // Listed before: brought to the file's details (the same details record nothing).
  if (apartment.state.status === 'listed') return editApartment(context, { details, caller: operator, now });
  const { si, ...rest } = details;
  return listApartment(context, { details: rest, si, caller: operator, now });
}

/** The resident is registered (a profile recorded before is theirs and kept), asks for their apartment and is accepted. */
async function moveIn(
  context: CommandContext,
  { email, name, si, deposit_months }: { email: string; name: string; si: number; deposit_months?: number },
  now: Date,
) {
  const user = await loadAggregate(context, streams.user(email), userAggregate);
  if (user.state.status !== 'registered') {
    const resident: Caller = { email, role: 'user', name };
    await recordProfile(context, {
      profile: { email, name, photoURL: '' },
      isAdminEmail: false,
      caller: resident,
      now,
    });
  }
  const agreement = await loadAggregate(context, streams.agreement(si), agreementAggregate);
  if (agreement.state.lease?.userEmail === email) return;
  if (agreement.state.requests[email]?.status !== 'pending')
    await requestAgreement(context, {
      si,
      requestId: context.newId(),
      caller: await loadCaller(context, email),
      now,
    });
  await acceptAgreement(context, { si, email, caller: operator, now, depositMonths: deposit_months ?? 0 });
}

import type { DecodedEvent } from '@building/events/decode-event';

export interface Holding {
  si: number;
  apartment: string;
  block: string;
  floor: number;
  room: string;
  rent: number;
  userEmail: string;
  userName: string;
  since: string;
}

/** Who holds which apartment, by apartment number (si). */
export type Holders = Readonly<Record<number, Holding>>;
export const noHolders: Holders = {};

/** Accepting an agreement books the apartment; a lease ends on demotion (DESIGN.md §4). */
export function evolveHolders(state: Holders, event: DecodedEvent): Holders {
  switch (event.type) {
    case 'AgreementAccepted': {
      const { si, apartment, block, floor, room, rent, userEmail, userName, acceptedAt } = event.data;
      return {
        ...state,
        [si]: { si, apartment, block, floor, room, rent, userEmail, userName, since: acceptedAt },
      };
    }
    case 'LeaseEnded':
      return endLeases(state, event.data.userEmail, [event.data.si]);
    case 'MemberDemoted':
      return endLeases(state, event.data.email, event.data.endedLeases);
    default:
      return state;
  }
}

function endLeases(state: Holders, email: string, sis: readonly number[]): Holders {
  const ending = sis.filter((si) => state[si]?.userEmail === email);
  if (ending.length === 0) return state;
  const next = { ...state };
  for (const si of ending) delete next[si];
  return next;
}

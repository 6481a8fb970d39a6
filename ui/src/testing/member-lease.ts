import { backend } from './backend.ts';
import { dashboard } from './dashboard-backend.ts';

/** The member the dashboard's member tests sign in as. */
export const member = { email: 'rahim@example.com', displayName: 'Rahim Member' };

/** Makes `member` a member who leases A-103 (si 3, block A, floor 1, rent ৳ 13,000). */
export function givenMemberLeasesA103(acceptDate: string) {
  backend.members.add(member.email);
  dashboard.memberApartments[member.email] = [
    {
      _id: 'l1',
      si: 3,
      apartment: 'A-103',
      block: 'A',
      floor: 1,
      room: '103',
      rent: 13000,
      accept_date: acceptDate,
      user_email: member.email,
      user_name: member.displayName,
      timestamp: Date.parse(acceptDate),
    },
  ];
}

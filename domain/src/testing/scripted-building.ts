import type { BuildingHistory } from './building-history.ts';

export const people = {
  admin: { email: 'admin@building.test', name: 'Ada Admin' },
  alice: { email: 'alice@building.test', name: 'Alice' },
  bob: { email: 'bob@building.test', name: 'Bob' },
  carol: { email: 'carol@building.test', name: 'Carol' },
  dave: { email: 'dave@building.test', name: 'Dave' },
  erin: { email: 'erin@building.test', name: 'Erin' },
  frank: { email: 'frank@building.test', name: 'Frank' },
} as const;

/**
 * A scripted history of the building: 8 apartments, requests, accepts (one auto-rejecting a rival),
 * a reject, a member with two leases who pays and is then demoted, coupons, announcements.
 * At the end: alice (si 1) and frank (si 6) are members; dave is a demoted user; erin has a
 * pending request; bob's and carol's requests were rejected; frank's maintenance request about his
 * door bell is acknowledged, with his comment; alice left a second payment of February open.
 */
export async function scriptedBuilding(h: BuildingHistory) {
  await h.register(people.admin.email, people.admin.name, { admin: true });
  for (const p of [people.alice, people.bob, people.carol, people.dave, people.erin, people.frank]) {
    await h.register(p.email, p.name);
  }
  for (let si = 1; si <= 8; si++) await h.list(si);
  const save10 = await h.addCoupon('SAVE10', 10, 'Ten percent off');
  const half = await h.addCoupon('HALF', 50, 'Half price');
  await h.disableCoupon(half.couponId);
  const welcome = await h.addCoupon('WELCOME', 5, 'Welcome');
  await h.disableCoupon(welcome.couponId);
  await h.enableCoupon(welcome.couponId);
  const firstNews = await h.announce('Water', 'The water is off on Monday');
  const latestNews = await h.announce('Lift', 'The lift is serviced on Friday');

  const aliceRequest = await h.request(1, people.alice.email);
  const bobRequest = await h.request(1, people.bob.email);
  const carolRequest = await h.request(2, people.carol.email);
  const daveFirst = await h.request(3, people.dave.email);
  await h.accept(aliceRequest.requestId); // also rejects bob's request for si 1
  await h.reject(carolRequest.requestId);
  await h.accept(daveFirst.requestId);
  const daveSecond = await h.request(4, people.dave.email);
  await h.accept(daveSecond.requestId);
  const aliceJanuary = await h.pay(people.alice.email, 1, 'January', 2026, { code: 'SAVE10', discount: 10 });
  // A second tab opened for February before it is paid: charged later, it is refunded.
  await h.startPayment(people.alice.email, 1, 'February', 2026);
  const aliceFebruary = await h.pay(people.alice.email, 1, 'February', 2026);
  const daveMarch = await h.pay(people.dave.email, 3, 'March', 2026);
  await h.demote(people.dave.email);
  const frankRequest = await h.request(6, people.frank.email);
  await h.accept(frankRequest.requestId);
  const erinRequest = await h.request(5, people.erin.email);
  const doorbell = await h.fileMaintenance(people.frank.email, 6, {
    category: 'other',
    description: 'The door bell is silent',
  });
  await h.triageMaintenance(doorbell.requestId, 'acknowledged');
  await h.commentOnMaintenance(doorbell.requestId, people.frank.email, 'It rings sometimes at night.');
  return {
    coupons: { save10, half, welcome },
    news: { firstNews, latestNews },
    requests: { aliceRequest, bobRequest, carolRequest, daveFirst, daveSecond, frankRequest, erinRequest },
    payments: { aliceJanuary, aliceFebruary, daveMarch },
    maintenance: { doorbell },
  };
}

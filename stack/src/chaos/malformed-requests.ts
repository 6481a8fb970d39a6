/**
 * A seeded generator of malformed requests over every route of both services: the same seed gives
 * the same requests, so a 5xx it finds can be replayed. Each request is one route with one or more
 * of its inputs broken (types, sizes, encodings, NUL and lone surrogates, broken percent-escapes,
 * deep nesting, the path's case and a trailing slash, tokens, bodies), and no two are the same.
 */
export interface FuzzRequest {
  service: 'command' | 'query';
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** mulberry32: small, fast, and good enough to spread cases. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Route {
  service: 'command' | 'query';
  method: string;
  /** `:name` segments are filled with a valid or a broken value. */
  path: string;
  /** The body fields a valid request would carry, with a valid sample each. */
  body?: Record<string, unknown>;
  query?: Record<string, string>;
}

const apartmentBody = {
  apartment: 'F1',
  block: 'F',
  floor: 1,
  room: '2 bed',
  rent: 1000,
  image: '/images/apartments/a.svg',
};

const routes: Route[] = [
  { service: 'command', method: 'POST', path: '/jwt', body: { idToken: 'x'.repeat(40) } },
  { service: 'command', method: 'POST', path: '/logout' },
  {
    service: 'command',
    method: 'POST',
    path: '/users/:email',
    body: { name: 'Fuzz', photoURL: 'https://x.test/p.png' },
  },
  { service: 'command', method: 'PATCH', path: '/memberRemove/:email' },
  {
    service: 'command',
    method: 'PUT',
    path: '/users/:email/email-preferences',
    body: { off: ['rent-reminder'] },
  },
  {
    service: 'command',
    method: 'POST',
    path: '/notifications/read',
    body: { upTo: '2026-01-05T09:00:00.000Z' },
  },
  { service: 'command', method: 'POST', path: '/agreement', body: { si: 1 } },
  { service: 'command', method: 'PUT', path: '/acceptAgreement', body: { si: 1, email: 'a@b.test' } },
  { service: 'command', method: 'PATCH', path: '/rejectAgreement/:si', body: { email: 'a@b.test' } },
  {
    service: 'command',
    method: 'POST',
    path: '/anouncement',
    body: { title: 'T', description: 'D', pinned: true, expiresOn: '2099-12-31' },
  },
  {
    service: 'command',
    method: 'PUT',
    path: '/anouncement/:id',
    body: { title: 'T', description: 'D', pinned: false, expiresOn: null },
  },
  {
    service: 'command',
    method: 'POST',
    path: '/addCoupon',
    body: { code: 'FUZZ10', discount: 10, description: 'd' },
  },
  {
    service: 'command',
    method: 'PUT',
    path: '/coupons/:id',
    body: { discount: 15, description: 'd', expiresOn: '2099-12-31', usageLimit: 10 },
  },
  { service: 'command', method: 'PATCH', path: '/couponAvailable/:id' },
  { service: 'command', method: 'PATCH', path: '/couponUnavailable/:id' },
  {
    service: 'command',
    method: 'POST',
    path: '/apartments',
    body: apartmentBody,
  },
  {
    service: 'command',
    method: 'PUT',
    path: '/apartments/:si',
    body: apartmentBody,
  },
  { service: 'command', method: 'POST', path: '/images' },
  { service: 'command', method: 'GET', path: '/images/:id' },
  {
    service: 'command',
    method: 'POST',
    path: '/create-payment-intent',
    body: { si: 1, month: 'May', year: 2026 },
  },
  { service: 'command', method: 'POST', path: '/payment', body: { paymentIntentId: 'pi_x' } },
  {
    service: 'command',
    method: 'POST',
    path: '/webhooks/stripe',
    body: { id: 'evt_x', type: 'payment_intent.succeeded' },
  },
  { service: 'command', method: 'GET', path: '/payments/:transactionId/receipt' },
  {
    service: 'command',
    method: 'POST',
    path: '/maintenance',
    body: { category: 'plumbing', description: 'The tap drips.', photos: [] },
  },
  {
    service: 'command',
    method: 'PATCH',
    path: '/maintenance/:id/status',
    body: { status: 'scheduled', scheduledFor: '2099-01-15' },
  },
  { service: 'command', method: 'POST', path: '/maintenance/:id/comments', body: { text: 'Hello' } },
  {
    service: 'command',
    method: 'POST',
    path: '/payments/offline',
    body: {
      email: 'a@b.test',
      si: 1,
      month: 'May',
      year: 2026,
      method: 'bkash',
      reference: 'TX1',
      amount: '10.50',
    },
  },
  {
    service: 'command',
    method: 'POST',
    path: '/payments/offline/reverse',
    body: { paymentId: '00000000-0000-4000-8000-000000000000', si: 1, month: 'May', year: 2026, reason: 'x' },
  },
  {
    service: 'command',
    method: 'POST',
    path: '/charges',
    body: {
      target: { block: 'A' },
      kind: 'service',
      month: 'May',
      year: 2026,
      amount: 100,
      description: 'x',
    },
  },
  {
    service: 'command',
    method: 'POST',
    path: '/charges/cancel',
    body: { chargeId: '00000000-0000-4000-8000-000000000000', si: 1, month: 'May', year: 2026, reason: 'x' },
  },
  { service: 'command', method: 'PUT', path: '/charge-plans/service', body: { byBlock: { A: 3000 } } },
  { service: 'command', method: 'PUT', path: '/tariffs/:utility', body: { perUnit: '8.50', fixed: 0 } },
  {
    service: 'command',
    method: 'POST',
    path: '/meter-readings',
    body: { si: 1, utility: 'gas', reading: 120.5, readAt: '2026-05-30T10:00:00+06:00' },
  },
  {
    service: 'command',
    method: 'POST',
    path: '/deposits/payments',
    body: { si: 1, email: 'a@b.test', method: 'nagad', reference: 'NG1', amount: '2500.50' },
  },
  {
    service: 'command',
    method: 'POST',
    path: '/deposits/settle',
    body: {
      si: 1,
      email: 'a@b.test',
      deductions: [{ reason: 'Broken window', amount: 500 }],
      method: 'cash',
      reference: 'DESK-1',
    },
  },
  { service: 'command', method: 'POST', path: '/deposits/payment-intent', body: { si: 1 } },
  { service: 'query', method: 'GET', path: '/apartment', query: { page: '0' } },
  { service: 'query', method: 'GET', path: '/couponAvailable' },
  { service: 'query', method: 'GET', path: '/coupons' },
  { service: 'query', method: 'GET', path: '/anouncement' },
  { service: 'query', method: 'GET', path: '/apartmentData' },
  { service: 'query', method: 'GET', path: '/members' },
  { service: 'query', method: 'GET', path: '/agreement' },
  { service: 'query', method: 'GET', path: '/memberData/:email' },
  { service: 'query', method: 'GET', path: '/myAgreements/:email' },
  { service: 'query', method: 'GET', path: '/payments/:email', query: { month: 'May' } },
  { service: 'query', method: 'GET', path: '/notifications/:email', query: { page: '0', size: '10' } },
  { service: 'query', method: 'GET', path: '/email-preferences/:email' },
  { service: 'query', method: 'GET', path: '/user/admin/:email' },
  { service: 'query', method: 'GET', path: '/user/member/:email' },
  { service: 'query', method: 'GET', path: '/user/users/:email' },
  { service: 'query', method: 'GET', path: '/images/apartments/:file' },
  { service: 'query', method: 'GET', path: '/admin/projections' },
  { service: 'query', method: 'GET', path: '/admin/audit', query: { category: 'all' } },
  { service: 'query', method: 'GET', path: '/maintenance' },
  { service: 'query', method: 'GET', path: '/myMaintenance/:email' },
  { service: 'query', method: 'GET', path: '/rent-ledger/:email' },
  { service: 'query', method: 'GET', path: '/account/:email', query: { at: '2026-05-01T00:00:00Z' } },
  { service: 'query', method: 'GET', path: '/overdue-rent' },
  { service: 'query', method: 'GET', path: '/rent-month', query: { at: '2026-05-31' } },
  { service: 'query', method: 'GET', path: '/journal', query: { from: '2026-01-01', to: '2026-01-31' } },
  { service: 'query', method: 'GET', path: '/trial-balance', query: { at: '2026-01-31' } },
  { service: 'query', method: 'GET', path: '/statements/monthly', query: { year: '2026', month: '1' } },
  { service: 'query', method: 'GET', path: '/statements/monthly.pdf', query: { year: '2026', month: '1' } },
  { service: 'query', method: 'GET', path: '/statements/yearly', query: { year: '2026' } },
  { service: 'query', method: 'GET', path: '/events/ticket' },
  { service: 'query', method: 'GET', path: '/health' },
];

/** Values that break a field: wrong types, extremes, encodings a database or parser may choke on. */
const badValues: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e308,
  -0,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202e\u0000',
  'x'.repeat(20_000),
  '<script>alert(1)</script>',
  "'; drop table events; --",
  '../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '\\u0000',
  [],
  [1, 2, 3],
  {},
  { $gt: '' },
  { __proto__: { admin: true } },
  '9'.repeat(400),
  '2026-13-45',
  'NaN',
  'Infinity',
];

/** Path segments that break a parameter, raw (already percent-encoded where they must be). */
const badSegments = [
  '%00',
  '%ZZ',
  '%E0%A4%A',
  '%ED%A0%80',
  '..%2F..%2Fetc%2Fpasswd',
  'a'.repeat(3000),
  '-1',
  '1e309',
  '%20',
  '%F0%9F%98%80',
  'null',
  '0x10',
  encodeURIComponent('a@b.test\u0000'),
  // Broken percent-escapes: a bare %, non-hex digits, a cut one, an overlong or invalid UTF-8 byte.
  '%',
  '%%',
  '%G1',
  '%2',
  'a%',
  '%C0%AF',
  '%FF',
];

/** Broken escapes appended to a whole path (after its last segment). */
const brokenTails = ['%', '%Z', '/%', '/%E0%A4', '%2F%', '/%FF%FE'];

/** `[[[...]]]` or `{"a":{"a":...}}`, `depth` deep, built as text (a recursive stringify would overflow). */
const nested = (depth: number, kind: 'array' | 'object') =>
  kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nestingDepths = [33, 200, 5000, 16_000];

/** The path as the router still matches it: letters in another case, and a trailing slash. */
function pathVariant(random: () => number, path: string): string {
  let varied = path;
  if (random() < 0.15) {
    const [bare, search = ''] = varied.split('?') as [string, string?];
    varied =
      [...bare].map((ch) => (random() < 0.5 ? ch.toUpperCase() : ch.toLowerCase())).join('') +
      (search ? `?${search}` : '');
  }
  if (random() < 0.1) varied = varied.replace(/^([^?]*)/, '$1/');
  return varied;
}

const validSegments: Record<string, string> = {
  email: 'fuzz@building.test',
  si: '1',
  id: '00000000-0000-4000-8000-000000000000',
  transactionId: 'pi_fuzz',
  utility: 'electricity',
  file: 'apartment-1a01.svg',
};

/** Percent-encodes like encodeURIComponent, and a lone surrogate as its (invalid) 3-byte form. */
const looseEncode = (value: string) =>
  [...value]
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        const c = ch.charCodeAt(0);
        return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      }
    })
    .join('');

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** What makes two requests the same. */
export const requestKey = (r: FuzzRequest) =>
  `${r.service} ${r.method} ${r.path} ${JSON.stringify(r.headers)} ${r.body ?? ''}`;

/** How often a draw that repeats an earlier request is drawn again before the generator gives up. */
const redraws = 1000;

/**
 * `count` distinct requests from `seed`; `tokens` are valid access tokens to mix in (the rest are
 * bad or none). A draw equal to an earlier one is drawn again: the cheap shapes (a GET with no
 * parameter) are few, and repeating them tests nothing new.
 */
export function malformedRequests(seed: number, count: number, tokens: readonly string[]): FuzzRequest[] {
  const random = seededRandom(seed);
  const badTokens = ['', 'garbage', 'a.b.c', 'Bearer', `${tokens[0] ?? 'x'}x`, 'eyJhbGciOiJub25lIn0.e30.'];
  const requests: FuzzRequest[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    let request = draw(random, tokens, badTokens);
    for (let again = 0; seen.has(requestKey(request)) && again < redraws; again++)
      request = draw(random, tokens, badTokens);
    seen.add(requestKey(request));
    requests.push(request);
  }
  return requests;
}

function draw(random: () => number, tokens: readonly string[], badTokens: readonly string[]): FuzzRequest {
  const route = pick(random, routes);
  const breakPath = route.path.includes(':') && random() < 0.4;
  const path = route.path.replace(/:(\w+)/g, (_m, name: string) =>
    breakPath && random() < 0.8 ? pick(random, badSegments) : validSegments[name]!,
  );
  const headers: Record<string, string> = {};
  const tokenRoll = random();
  // A valid token sent to /logout would be revoked, and the rest of the run would be 401s.
  const mayUseValid = route.path !== '/logout' && tokens.length > 0;
  if (tokenRoll < 0.5 && mayUseValid) headers.authorization = `Bearer ${pick(random, tokens)}`;
  else if (tokenRoll < 0.75) headers.authorization = `Bearer ${pick(random, badTokens)}`;
  const query = { ...route.query };
  if (random() < 0.3)
    query[pick(random, ['page', 'month', 'email', 'category', 'from', 'x', 'access_token'])] = String(
      pick(random, badValues),
    );
  const search = Object.keys(query).length
    ? `?${Object.entries(query)
        .map(([k, v]) => `${looseEncode(k)}=${random() < 0.2 ? pick(random, badSegments) : looseEncode(v)}`)
        .join('&')}`
    : '';
  if (random() < 0.1) headers['x-min-position'] = String(pick(random, badValues));
  let body: string | undefined;
  if (route.method !== 'GET') {
    const shape = random();
    if (shape < 0.1) {
      body = pick(random, ['{', '{"a":', 'null', '[]', '"text"', '{"si":1}}', '\u0000', 'a=b&c=d']);
    } else if (shape < 0.18) {
      // Deep nesting, alone or in a field: bounded before any walk of it (a 4xx, never a stack overflow).
      const deep = nested(pick(random, nestingDepths), random() < 0.5 ? 'array' : 'object');
      const field = Object.keys(route.body ?? {})[0] ?? 'extra';
      body = random() < 0.5 ? deep : `{${JSON.stringify(field)}:${deep}}`;
    } else {
      const fields: Record<string, unknown> = { ...route.body };
      const names = Object.keys(fields);
      const broken =
        names.length && random() < 0.8
          ? pick(random, names)
          : pick(random, ['extra', '__proto__', 'role', 'price']);
      fields[broken] = pick(random, badValues);
      body = JSON.stringify(fields);
    }
    headers['content-type'] =
      random() < 0.9
        ? 'application/json'
        : pick(random, ['text/plain', 'multipart/form-data', 'application/x-www-form-urlencoded', '']);
  }
  const tail = random() < 0.05 ? pick(random, brokenTails) : '';
  const varied = pathVariant(random, `${path}${tail}${search}`);
  return { service: route.service, method: route.method, path: varied, headers, body };
}

/** Every route the generator covers, for the summary. */
export const fuzzedRoutes = routes.map((r) => `${r.method} ${r.path}`);

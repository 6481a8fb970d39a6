import { describe, expect, it } from 'vitest';
import { parseWrk } from './wrk-load.ts';

const report = `Running 5s test @ http://127.0.0.1:40000
  2 threads and 100 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     8.12ms    2.01ms  40.00ms   90.00%
    Req/Sec     6.20k   400.00     7.00k    70.00%
  Latency Distribution
     50%  812.00us
     75%    9.00ms
     90%   10.00ms
     99%    1.20s
  61234 requests in 5.00s, 120.00MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 7
Requests/sec:  12246.80
Transfer/sec:     24.00MB
`;

describe("wrk's report", () => {
  it('gives the rate, the count, the percentiles in ms and the failures', () => {
    expect(parseWrk(report)).toEqual({
      perSecond: 12246.8,
      requests: 61234,
      p50: 0.812,
      p99: 1200,
      non2xx: 7,
      socketErrors: 3,
    });
  });

  it('refuses a report without figures', () => {
    expect(() => parseWrk('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(/no figures/);
  });
});

import knex from 'knex';
import { describe, expect, it } from 'vitest';
import { portableConnection } from './read-steps.ts';

describe("the rebuild's log reader thread", () => {
  it("is handed the pool's settings whole, the password knex hides from enumeration included", () => {
    const db = knex({
      client: 'pg',
      connection: 'postgres://postgres:secret@127.0.0.1:5432/building?application_name=rebuild',
    });
    try {
      const settings = portableConnection(db.client.config.connection);
      expect(structuredClone(settings)).toMatchObject({
        user: 'postgres',
        password: 'secret',
        host: '127.0.0.1',
        database: 'building',
        application_name: 'rebuild',
      });
    } finally {
      void db.destroy();
    }
  });

  it('reads on the main thread when the settings cannot cross (a function)', () => {
    expect(portableConnection({ host: '127.0.0.1', password: () => 'secret' })).toBeNull();
    expect(portableConnection(undefined)).toBeNull();
    expect(portableConnection('postgres://127.0.0.1/building')).toBe('postgres://127.0.0.1/building');
  });
});

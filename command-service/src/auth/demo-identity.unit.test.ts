import { describe, expect, it } from 'vitest';
import { loadConfig } from '@building/infra/config';
import { identityVerifierFor } from '../start-command-service.ts';

/** The Auth emulator is a demo identity provider: beyond loopback only when DEMO_IDENTITY=1 says so. */
describe('the identity provider a command-service takes', () => {
  const emulator = { FIREBASE_AUTH_EMULATOR_HOST: 'auth-emulator:9099' };

  it('refuses the emulator when listening beyond loopback, unless DEMO_IDENTITY=1', () => {
    expect(() => identityVerifierFor(loadConfig({ ...emulator, HOST: '0.0.0.0' }))).toThrow(
      /DEMO_IDENTITY=1/,
    );
    expect(() =>
      identityVerifierFor(loadConfig({ ...emulator, HOST: '10.1.2.3', DEMO_IDENTITY: '' })),
    ).toThrow(/demo identity provider/);
    expect(() =>
      identityVerifierFor(loadConfig({ ...emulator, HOST: '0.0.0.0', DEMO_IDENTITY: '1' })),
    ).not.toThrow();
  });

  it('takes the emulator on loopback (npm start), and Google’s keys anywhere', () => {
    expect(() => identityVerifierFor(loadConfig({ ...emulator, HOST: '127.0.0.1' }))).not.toThrow();
    expect(() =>
      identityVerifierFor(loadConfig({ HOST: '0.0.0.0', FIREBASE_PROJECT_ID: 'prod' })),
    ).not.toThrow();
  });
});

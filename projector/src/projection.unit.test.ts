import { describe, expect, it } from 'vitest';
import { tableNamesOf, tracksStream } from './projection.ts';
import { shadowTarget } from './projection-target.ts';
import { projections } from './projections/registry.ts';

describe('projection modules', () => {
  it('have unique versioned names and tables derived from them, so shadows can be built', () => {
    const names = projections.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const projection of projections) {
      expect(projection.name).toMatch(/^[a-z_]+_v\d+$/);
      for (const table of Object.values(tableNamesOf(projection)))
        expect(table.startsWith(`${projection.name}_`)).toBe(true);
      const shadow = shadowTarget(projection);
      for (const table of Object.values(shadow.tables))
        expect(table.startsWith(`${projection.name}_shadow_`)).toBe(true);
      expect(projection.handles.length).toBeGreaterThan(0);
    }
  });

  it('track the streams of the categories the catalogue gives their event types', () => {
    const apartments = projections.find((p) => p.name === 'apartments_v1')!;
    expect(tracksStream(apartments, 'agreement-3')).toBe(true);
    expect(tracksStream(apartments, 'payment-3-2026-may')).toBe(false);
    expect(tracksStream(apartments, 'nonsense')).toBe(false);
  });
});

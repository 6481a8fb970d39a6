import { describe, expect, it } from 'vitest';
import { readModels } from '@building/events/read-models/all-read-models';
import { tableNames } from '@building/events/read-models/read-model';
import { liveTarget, shadowTarget, tracksStream } from './projection-target.ts';
import { projections } from './projections/registry.ts';

describe('projection modules', () => {
  it('build each read model exactly once, with versioned names and tables derived from them', () => {
    expect(projections.map((p) => p.model)).toEqual(readModels);
    const names = projections.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const projection of projections) {
      expect(projection.name).toMatch(/^[a-z_]+_v\d+$/);
      expect(Object.keys(projection.tables).sort()).toEqual([...projection.model.tables].sort());
      for (const table of Object.values(tableNames(projection.model)))
        expect(table.startsWith(`${projection.name}_`)).toBe(true);
      const shadow = shadowTarget(projection);
      for (const table of [...Object.values(shadow.tables), shadow.checkpoints])
        expect(table.startsWith(`${projection.name}_shadow_`)).toBe(true);
      expect(projection.handles.length).toBeGreaterThan(0);
      for (const spec of Object.values(projection.tables)) expect(spec.columns[spec.key]).toBeDefined();
    }
  });

  it('track the streams of the categories their events live in', () => {
    const apartments = liveTarget(projections.find((p) => p.name === 'apartments_v1')!);
    expect(tracksStream(apartments, 'agreement-3')).toBe(true);
    expect(tracksStream(apartments, 'payment-3-2026-may')).toBe(false);
    expect(tracksStream(apartments, 'nonsense')).toBe(false);
  });
});

import type { z } from 'zod';
import type { ReadModel } from '@building/events/read-models/read-model';

/**
 * Rows as the views hold them -> the responses the contract promises: each row is parsed with the
 * contract's row schema, mapped, and the result checked against its response schema, so a view
 * that drifted from its contract fails loudly here rather than in the UI.
 */
export function toResponses<Row extends z.ZodType, Response extends z.ZodType>(
  model: ReadModel<string, Row, Response>,
  rows: readonly unknown[],
): Array<z.output<Response>> {
  return rows.map((row) => toResponse(model, row));
}

export function toResponse<Row extends z.ZodType, Response extends z.ZodType>(
  model: ReadModel<string, Row, Response>,
  row: unknown,
): z.output<Response> {
  return model.response.parse(model.toResponse(model.row.parse(row)));
}

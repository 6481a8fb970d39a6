/**
 * `value` as the JSON of a `<script type="application/json">` data block in a page: `<` escaped,
 * so no text in it can close the element.
 */
export const dataBlockJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** After a failed submit, put the keyboard on the first field that needs fixing. */
export function focusFirstError(form: HTMLFormElement | null, fieldOrder: readonly string[], errors: object) {
  const first = fieldOrder.find((name) => name in errors);
  if (first) form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

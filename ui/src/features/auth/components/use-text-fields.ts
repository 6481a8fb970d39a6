import { useState, type ChangeEvent } from 'react';
import type { FieldErrors } from '../validation.ts';

/**
 * A form's text values and its field errors, with `bind(name)` giving one TextField its value,
 * error and onChange. Field may name more fields than the text ones (a file input's error).
 */
export function useTextFields<Text extends string, Field extends string = Text>(
  initial: Record<Text, string>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const bind = (name: Text & Field) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  return { values, errors, setErrors, bind };
}

import { useId, type InputHTMLAttributes } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the input and announced with it. */
  error?: string;
  hint?: string;
}

/** A labelled Bulma input whose error message is tied to it (aria-describedby). */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
        {input.required && (
          <span className="has-text-danger" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <div className="control">
        <input
          id={id}
          className={`input${error ? ' is-danger' : ''}${className ? ` ${className}` : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          {...input}
        />
      </div>
      {message && (
        <p className={`help${error ? ' is-danger' : ''}`} id={messageId}>
          {message}
        </p>
      )}
    </div>
  );
}

import { useId, type TextareaHTMLAttributes } from 'react';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> {
  label: string;
}

/** A labelled Bulma textarea. */
export function TextAreaField({ label, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <div className="control">
        <textarea id={id} className="textarea" {...textarea} />
      </div>
    </div>
  );
}

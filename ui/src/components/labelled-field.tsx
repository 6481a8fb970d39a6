import { useId, type ReactNode } from 'react';

interface LabelledFieldProps {
  label: string;
  /** The wrapper's classes ('field', 'control', 'column is-narrow field'). */
  className?: string;
  /** The control, given the id its label points at. */
  children: (id: string) => ReactNode;
}

/** A Bulma label over the control it names. */
export function LabelledField({ label, className = 'field', children }: LabelledFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

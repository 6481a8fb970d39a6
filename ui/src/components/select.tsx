import type { ReactNode } from 'react';

/** An option whose text differs from its value, or that cannot be chosen. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface SelectProps {
  id: string;
  value: string;
  /** Each option: a plain string (its value is its text), or a SelectOption. */
  options: readonly (string | SelectOption)[];
  onChange: (value: string) => void;
  /** Options before the list ('All types', a disabled 'Select Month'). */
  children?: ReactNode;
}

const asOption = (option: string | SelectOption): SelectOption =>
  typeof option === 'string' ? { value: option, label: option } : option;

/** A Bulma select over a list of options. */
export function Select({ id, value, options, onChange, children }: SelectProps) {
  return (
    <div className="select">
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
        {options.map(asOption).map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

import type { ReactNode } from 'react';

interface SelectProps {
  id: string;
  value: string;
  /** Each option's value, which is also its text. */
  options: readonly string[];
  onChange: (value: string) => void;
  /** Options before the list ('All types', a disabled 'Select Month'). */
  children?: ReactNode;
}

/** A Bulma select over a list of plain string options. */
export function Select({ id, value, options, onChange, children }: SelectProps) {
  return (
    <div className="select">
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

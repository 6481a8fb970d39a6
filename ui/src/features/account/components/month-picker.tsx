import { useTranslation } from 'react-i18next';
import { monthNames, type Month } from '@building/events/catalogue';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { Select } from '../../../components/select.tsx';
import { formatMonthName } from '../../../lib/format.ts';
import type { MonthOfYear } from '../../../lib/month-of-year.ts';

/** A month (its name in the reader's language) and a year, side by side. */
export function MonthPicker({
  value,
  onChange,
}: {
  value: MonthOfYear;
  onChange: (next: MonthOfYear) => void;
}) {
  const { t } = useTranslation();
  const months = monthNames.map((name, index) => ({
    value: name,
    label: formatMonthName(Date.UTC(2000, index)),
  }));
  return (
    <div className="field is-grouped is-grouped-multiline">
      <LabelledField label={t('charges.month')} className="control">
        {(id) => (
          <Select
            id={id}
            value={value.month}
            options={months}
            onChange={(month) => onChange({ ...value, month: month as Month })}
          />
        )}
      </LabelledField>
      <LabelledField label={t('charges.year')} className="control">
        {(id) => (
          <input
            id={id}
            className="input year-input"
            type="number"
            inputMode="numeric"
            min={2000}
            max={2100}
            value={value.year}
            onChange={(e) => onChange({ ...value, year: Number(e.target.value) })}
          />
        )}
      </LabelledField>
    </div>
  );
}

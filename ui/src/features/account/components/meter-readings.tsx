import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { utilities, type Utility } from '@building/events/catalogue';
import { DataTable } from '../../../components/data-table.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatNumber, formatShortDate, formatTaka } from '../../../lib/format.ts';
import type { Resident } from '../../../lib/residents.ts';
import { useReadMeter } from '../api/charge-commands.ts';
import type { PricesResponse } from '../api/get-prices.ts';

type Meter = PricesResponse['meters'][number];
interface Row {
  lease: Resident;
  utility: Utility;
  last: Meter | undefined;
}

/** One meter's new reading, entered and saved on its own row; a refusal is said on that row. */
function ReadingEntry({ row }: { row: Row }) {
  const { t } = useTranslation();
  const read = useReadMeter();
  const id = useId();
  const [reading, setReading] = useState('');
  const [said, setSaid] = useState<{ problem: boolean; text: string } | null>(null);
  const utility = t(`account.chargeKinds.${row.utility}`);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaid(null);
    try {
      const result = (await read.mutateAsync({
        si: row.lease.si,
        utility: row.utility,
        reading: reading.trim(),
        readAt: new Date().toISOString(),
      })) as { amountPoisha: number | null };
      setSaid({
        problem: false,
        text: result.amountPoisha
          ? t('charges.billed', { amount: formatTaka(result.amountPoisha / 100) })
          : t('charges.started'),
      });
      setReading('');
    } catch (error) {
      setSaid({ problem: true, text: errorMessage(error, undefined, { apartment: row.lease.apartment }) });
    }
  };
  return (
    <form
      onSubmit={onSubmit}
      aria-label={t('charges.readingOf', { apartment: row.lease.apartment, utility })}
    >
      <div className="field has-addons">
        <div className="control is-expanded">
          <input
            id={id}
            className={`input${said?.problem ? ' is-danger' : ''}`}
            inputMode="decimal"
            aria-label={t('charges.newReadingOf', { apartment: row.lease.apartment, utility })}
            aria-invalid={said?.problem ? true : undefined}
            aria-describedby={said ? `${id}-said` : undefined}
            value={reading}
            onChange={(e) => setReading(e.target.value)}
          />
        </div>
        <div className="control">
          <button
            type="submit"
            className={`button is-primary${read.isPending ? ' is-loading' : ''}`}
            disabled={!reading.trim()}
          >
            {t('charges.saveReading')}
          </button>
        </div>
      </div>
      {said && (
        <p
          className={`help${said.problem ? ' is-danger' : ' is-success'}`}
          id={`${id}-said`}
          role={said.problem ? 'alert' : 'status'}
        >
          {said.text}
        </p>
      )}
    </form>
  );
}

/**
 * The caretaker's round on a phone: one row per leased apartment and utility, the meter's last
 * reading beside the field for the new one.
 */
export function MeterReadings({ leases, meters }: { leases: readonly Resident[]; meters: readonly Meter[] }) {
  const { t } = useTranslation();
  const rows: Row[] = leases.flatMap((lease) =>
    utilities.map((utility) => ({
      lease,
      utility,
      last: meters.find((m) => m.si === lease.si && m.utility === utility),
    })),
  );
  return (
    <section aria-labelledby="meter-readings-title" className="box">
      <h2 className="title is-5" id="meter-readings-title">
        {t('charges.metersTitle')}
      </h2>
      <DataTable
        rows={rows}
        numbered={false}
        empty={t('charges.noLeases')}
        columns={[
          t('charges.apartment'),
          t('charges.utility'),
          t('charges.lastReading'),
          t('charges.newReading'),
        ]}
        rowKey={(r) => `${r.lease.si}-${r.utility}`}
        cells={(r) => (
          <>
            <td>{r.lease.apartment}</td>
            <td>{t(`account.chargeKinds.${r.utility}`)}</td>
            <td>
              {r.last
                ? t('charges.lastRead', {
                    reading: formatNumber(r.last.reading, Number.isInteger(r.last.reading) ? 0 : 2),
                    date: formatShortDate(r.last.readAt),
                  })
                : t('charges.neverRead')}
            </td>
            <td>
              <ReadingEntry row={r} />
            </td>
          </>
        )}
      />
    </section>
  );
}

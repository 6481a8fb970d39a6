import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { utilities } from '@building/events/catalogue';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { thisMonth, type MonthOfYear } from '../../../lib/month-of-year.ts';
import { currentLeases, useCurrentLeases } from '../../../lib/residents.ts';
import { usePrices } from '../api/get-prices.ts';
import { AddChargeForm } from '../components/add-charge-form.tsx';
import { MeterReadings } from '../components/meter-readings.tsx';
import { MonthCharges } from '../components/month-charges.tsx';
import { MonthPicker } from '../components/month-picker.tsx';
import { ServicePlanForm } from '../components/service-plan-form.tsx';
import { TariffForm } from '../components/tariff-form.tsx';

/**
 * The admin's Charges page: a month's charges (added to one apartment, a block or all, cancelled
 * with a reason), the monthly service plan, the utilities' tariffs, and the meter readings.
 */
export default function ChargesRoute() {
  const { t } = useTranslation();
  const [of, setOf] = useState<MonthOfYear>(() => thisMonth());
  const residents = useCurrentLeases();
  const prices = usePrices();
  const leases = currentLeases(residents.data ?? []);
  const price = (tariff: string) => prices.data?.prices.find((p) => p.tariff === tariff);
  return (
    <DashboardPage id="charges-title" title={t('charges.title')}>
      <MonthPicker value={of} onChange={setOf} />
      <QueryStatus what={t('charges.leasesWhat')} query={residents}>
        <AddChargeForm of={of} leases={leases} />
      </QueryStatus>
      <MonthCharges of={of} />
      <QueryStatus what={t('charges.pricesWhat')} query={prices}>
        {/* Keyed by when the price was set: a save refills the form with what is now in force. */}
        <ServicePlanForm
          key={price('service')?.setAt ?? 'none'}
          plan={price('service')}
          blocks={[...new Set(leases.map((l) => l.block))]}
        />
        <section aria-labelledby="tariffs-title" className="box">
          <h2 className="title is-5" id="tariffs-title">
            {t('charges.tariffsTitle')}
          </h2>
          <div className="columns is-multiline">
            {utilities.map((utility) => (
              <TariffForm
                key={`${utility}-${price(utility)?.setAt ?? 'none'}`}
                utility={utility}
                tariff={price(utility)}
              />
            ))}
          </div>
        </section>
        <MeterReadings leases={leases} meters={prices.data?.meters ?? []} />
      </QueryStatus>
    </DashboardPage>
  );
}

import { useTranslation } from 'react-i18next';
import { AboutSection } from '../components/about-section.tsx';
import { BannerSlider } from '../components/banner-slider.tsx';
import { CouponsSection } from '../components/coupons-section.tsx';
import { LocationSection } from '../components/location-section.tsx';

export function HomeRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="is-sr-only">{t('home.heading')}</h1>
      <BannerSlider />
      <AboutSection />
      <CouponsSection />
      <LocationSection />
    </>
  );
}

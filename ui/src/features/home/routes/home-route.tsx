import { AboutSection } from '../components/about-section.tsx';
import { BannerSlider } from '../components/banner-slider.tsx';
import { CouponsSection } from '../components/coupons-section.tsx';
import { LocationSection } from '../components/location-section.tsx';

export function HomeRoute() {
  return (
    <>
      <h1 className="is-sr-only">Gulshan Heights: apartments in Gulshan, Dhaka</h1>
      <BannerSlider />
      <AboutSection />
      <CouponsSection />
      <LocationSection />
    </>
  );
}

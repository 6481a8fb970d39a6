import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';

/** Each slide's picture and the keys of its description and caption (home.*). */
const slides = [
  { src: '/images/building-facade.svg', alt: 'home.facadeAlt', caption: 'home.facadeCaption' },
  { src: '/images/lobby.svg', alt: 'home.lobbyAlt', caption: 'home.lobbyCaption' },
  { src: '/images/rooftop-garden.svg', alt: 'home.rooftopAlt', caption: 'home.rooftopCaption' },
] as const;

const intervalMs = 3000;

/** The opening banner: an auto-playing carousel that pauses on hover, focus or on request. */
export function BannerSlider() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [held, setHeld] = useState(false); // pointer over it or keyboard focus inside
  const playing = !stopped && !held;

  useEffect(() => {
    if (!playing) return;
    // Keyed on the index: a manual move restarts the full interval.
    const timer = setTimeout(() => setIndex((i) => (i + 1) % slides.length), intervalMs);
    return () => clearTimeout(timer);
  }, [playing, index]);

  const go = (next: number) => setIndex((next + slides.length) % slides.length);

  return (
    <section
      className="slider"
      aria-roledescription="carousel"
      aria-label={t('home.slider')}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="slider-viewport" aria-live={playing ? 'off' : 'polite'}>
        <div className="slider-track" style={{ transform: `translateX(-${index * 100}%)` }}>
          {slides.map((slide, i) => (
            <div
              key={slide.src}
              className="slider-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('home.slide', { n: i + 1, count: slides.length })}
              aria-hidden={i !== index}
            >
              <img
                src={slide.src}
                alt={t(slide.alt)}
                width={1600}
                height={700}
                // The first slide is the page's first picture; the others wait their turn, off
                // the first paint's path (each SVG is a document the phone parses and lays out).
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
              />
              <p className="slider-caption">{t(slide.caption)}</p>
            </div>
          ))}
        </div>
      </div>
      <div className="slider-controls">
        <button
          type="button"
          className="slider-button"
          onClick={() => setStopped((s) => !s)}
          aria-label={stopped ? t('home.play') : t('home.pause')}
        >
          <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
        </button>
        <button
          type="button"
          className="slider-button"
          onClick={() => go(index - 1)}
          aria-label={t('home.previous')}
        >
          <span aria-hidden="true">‹</span>
        </button>
        {slides.map((slide, i) => (
          <button
            key={slide.src}
            type="button"
            className={`slider-dot${i === index ? ' is-current' : ''}`}
            onClick={() => go(i)}
            aria-label={t('home.showSlide', { n: i + 1 })}
            aria-current={i === index ? 'true' : undefined}
          />
        ))}
        <button
          type="button"
          className="slider-button"
          onClick={() => go(index + 1)}
          aria-label={t('home.next')}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}

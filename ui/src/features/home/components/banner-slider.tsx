import { useEffect, useState } from 'react';

const slides = [
  {
    src: '/images/building-facade.svg',
    alt: 'The front of Gulshan Heights: a twelve-storey tower with balconies, lit windows and a glass entrance',
    caption: 'Modern living in the heart of Gulshan',
  },
  {
    src: '/images/lobby.svg',
    alt: 'The lobby: a reception desk, sofas, a chandelier and tall windows',
    caption: 'A warm welcome every time you come home',
  },
  {
    src: '/images/rooftop-garden.svg',
    alt: 'The rooftop garden at dusk: planters, a pergola with seating and the city skyline',
    caption: 'Evenings in the rooftop garden',
  },
] as const;

const intervalMs = 3000;

/** The opening banner: an auto-playing carousel that pauses on hover, focus or on request. */
export function BannerSlider() {
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
      aria-label="Gulshan Heights in pictures"
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
              aria-label={`${i + 1} of ${slides.length}`}
              aria-hidden={i !== index}
            >
              <img src={slide.src} alt={slide.alt} width={1600} height={700} />
              <p className="slider-caption">{slide.caption}</p>
            </div>
          ))}
        </div>
      </div>
      <div className="slider-controls">
        <button
          type="button"
          className="slider-button"
          onClick={() => setStopped((s) => !s)}
          aria-label={stopped ? 'Play slide show' : 'Pause slide show'}
        >
          <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
        </button>
        <button
          type="button"
          className="slider-button"
          onClick={() => go(index - 1)}
          aria-label="Previous slide"
        >
          <span aria-hidden="true">‹</span>
        </button>
        {slides.map((slide, i) => (
          <button
            key={slide.src}
            type="button"
            className={`slider-dot${i === index ? ' is-current' : ''}`}
            onClick={() => go(i)}
            aria-label={`Show slide ${i + 1}`}
            aria-current={i === index ? 'true' : undefined}
          />
        ))}
        <button type="button" className="slider-button" onClick={() => go(index + 1)} aria-label="Next slide">
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}

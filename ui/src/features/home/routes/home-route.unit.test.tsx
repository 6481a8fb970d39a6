import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { env } from '../../../lib/env.ts';
import { backend, callsTo } from '../../../testing/backend.ts';
import { problem } from '../../../testing/handlers.ts';
import { scrollNear } from '../../../testing/intersection.ts';
import { renderRoute } from '../../../testing/render-route.tsx';
import { server } from '../../../testing/server.ts';

describe('home page', () => {
  it('shows the sections in order with one card per available coupon', async () => {
    renderRoute('/');
    const coupons = screen.getByRole('region', { name: 'Coupons' });
    expect(await within(coupons).findByText('10% Discount')).toBeInTheDocument();
    expect(within(coupons).getByText('15% Discount')).toBeInTheDocument();
    expect(within(coupons).getByText('Ten percent off your first month')).toBeInTheDocument();
    expect(within(coupons).getByText('WELCOME10').closest('p')).toHaveTextContent('Code: WELCOME10');
    expect(within(coupons).getAllByRole('listitem')).toHaveLength(2);

    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 3)).toEqual(['About Our Building', 'Coupons', 'Building Location']);
    expect(screen.getByRole('region', { name: 'Gulshan Heights in pictures' })).toBeInTheDocument();
    expect(document.querySelectorAll('[aria-roledescription="slide"]')).toHaveLength(3);
    expect(screen.getByRole('img', { name: /front of Gulshan Heights/ })).toBeInTheDocument();
  });

  it('plays the slider every 3 seconds, and lets the reader pause it and step by hand', async () => {
    vi.useFakeTimers();
    try {
      renderRoute('/');
      const slide = (name: RegExp) => screen.queryByRole('img', { name });
      expect(slide(/front of Gulshan Heights/)).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(2999));
      expect(slide(/lobby/)).toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(slide(/lobby/)).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(3000));
      expect(slide(/rooftop garden/)).toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: 'Pause slide show' }));
      act(() => vi.advanceTimersByTime(9000));
      expect(slide(/rooftop garden/)).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
      expect(slide(/front of Gulshan Heights/)).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Show slide 3' }));
      expect(slide(/rooftop garden/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Play slide show' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when no coupon is available', async () => {
    backend.coupons = [];
    renderRoute('/');
    expect(await screen.findByText(/No coupons are available right now/)).toBeInTheDocument();
  });

  it('shows an error with a retry when the coupons cannot be read', async () => {
    let failures = 0;
    server.use(
      http.get(`${env.queryUrl}/couponAvailable`, () => {
        failures += 1;
        return problem(503, 'the views are rebuilding', 'Service Unavailable');
      }),
    );
    const { user } = renderRoute('/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Could not load the coupons: The service is unavailable for a moment. Try again shortly.',
    );
    expect(failures).toBe(4); // the first try and three retries

    server.use(http.get(`${env.queryUrl}/couponAvailable`, () => HttpResponse.json(backend.coupons)));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('10% Discount')).toBeInTheDocument();
  });

  it('loads the read-only map only when its section scrolls near', async () => {
    renderRoute('/');
    await screen.findByText('10% Discount');
    const frame = document.querySelector('.map-frame');
    expect(frame).not.toBeNull();
    expect(document.querySelector('.leaflet-container')).toBeNull();

    scrollNear(frame!);
    expect(await screen.findByText('Gulshan, Dhaka')).toBeInTheDocument();
    const map = document.querySelector('.leaflet-container');
    expect(map).not.toBeNull();
    expect(map?.querySelector('.leaflet-control-zoom')).toBeNull();
    expect(callsTo('GET', '/couponAvailable')).toHaveLength(1);
  });
});

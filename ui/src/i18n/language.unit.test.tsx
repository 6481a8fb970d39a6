import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { backend } from '../testing/backend.ts';
import { renderRoute, waitForSession } from '../testing/render-route.tsx';
import { bn } from './bn.ts';
import { en } from './en.ts';
import { i18next, languageStorageKey } from './i18n.ts';

/** Every leaf key of a translation, as 'area.key'. */
const keysOf = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value as object, `${prefix}${key}.`),
  );

describe('Bangla and English', () => {
  it('has a Bangla text for every English one, none left in English', () => {
    expect(keysOf(bn)).toEqual(keysOf(en));
    const same = keysOf(en).filter((key) => {
      const pick = (tree: object) =>
        key.split('.').reduce<unknown>((node, part) => (node as never)[part], tree);
      return pick(en) === pick(bn) && /[a-z]{3}/i.test(String(pick(en)));
    });
    expect(same).toEqual([]);
  });

  it('calls the deposit জামানত and a lease ভাড়া in every Bangla text, as the screens do', () => {
    const pick = (tree: object, key: string) =>
      String(key.split('.').reduce<unknown>((node, part) => (node as never)[part], tree));
    expect(keysOf(bn).filter((key) => /অগ্রিম|লিজ/.test(pick(bn, key)))).toEqual([]);
    expect(pick(bn, 'account.lines.depositPaid')).toContain('জামানত');
    expect(pick(bn, 'refusals.month-outside-lease')).toContain('ভাড়া');
  });

  it('marks the page with the language, whatever region the browser names with it', async () => {
    await i18next.changeLanguage('bn-BD');
    expect(document.documentElement.lang).toBe('bn');
    await i18next.changeLanguage('en-GB');
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches the site to Bangla, with Bangla digits and taka, and remembers it', async () => {
    const { user } = renderRoute('/apartment');
    await waitForSession('visitor');
    await screen.findByRole('article', { name: 'Apartment A-101' });
    await user.click(screen.getByRole('button', { name: /Show in Bangla/ }));

    expect(document.documentElement.lang).toBe('bn');
    expect(localStorage.getItem(languageStorageKey)).toBe('bn');
    const nav = screen.getByRole('navigation', { name: 'প্রধান মেনু' });
    expect(within(nav).getByRole('link', { name: 'অ্যাপার্টমেন্ট' })).toHaveAttribute('aria-current', 'page');
    const card = screen.getByRole('article', { name: 'অ্যাপার্টমেন্ট A-101' });
    expect(card).toHaveTextContent('৳ ১২,০০০');
    expect(within(card).getByRole('button', { name: 'চুক্তি' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'পাতা ২' })).toHaveTextContent('২');

    await user.click(screen.getByRole('button', { name: /Show in English/ }));
    expect(await screen.findByRole('article', { name: 'Apartment A-101' })).toHaveTextContent('৳ 12,000');
    expect(localStorage.getItem(languageStorageKey)).toBe('en');
  });

  it("saves a signed-in person's language with their profile, for their emails and receipts", async () => {
    const email = 'mina@building.test';
    const { user } = renderRoute('/apartment', { signedInAs: { email } });
    await waitForSession('user');
    await waitFor(() => expect(backend.languages.get(email)).toBe('en'));
    await user.click(await screen.findByRole('button', { name: /Show in Bangla/ }));
    await waitFor(() => expect(backend.languages.get(email)).toBe('bn'));
  });
});

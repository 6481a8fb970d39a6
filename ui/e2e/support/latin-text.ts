import type { Page } from 'playwright-core';

/**
 * The words of Latin letters a Bangla page shows (text, and the aria-label, placeholder, alt and
 * title a screen reader or a form shows), minus what is rightly Latin: what people typed or the
 * building recorded (inside translate="no": names, emails, announcements, event data), emails,
 * codes (apartments 1A01, blocks A-D, coupons, stream and payment ids), brand names, and words
 * marked as another language (lang="en": the switch to English). A complete Bangla page answers [].
 */
export function latinText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const names = new Set([
      'English',
      'Gulshan',
      'Heights',
      'Facebook',
      'Instagram',
      'X',
      'Twitter',
      'Google',
      'JSON',
      'Leaflet',
      'OpenStreetMap',
      'WebP', // image formats: PNG, JPEG and GIF pass as codes
    ]);
    const allowed = (word: string) =>
      names.has(word) ||
      /^[^@\s]+@[^@\s]+\.[a-z]+$/i.test(word) || // an email
      /^[A-Z]$/.test(word) || // a block
      /^(?=.*\d)[A-Z0-9]+$/.test(word) || // an apartment or a coupon code
      /^[A-Z0-9]{3,}$/.test(word) || // a coupon code
      /^[a-z]+(-[a-z0-9]+)+$/.test(word) || // a stream id
      /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/.test(word) || // an event or request id
      /^(pi|pm|ch|re)_\w+$/.test(word); // a payment provider's id
    // Each run of Latin letters, digits and the marks emails and ids are made of.
    const strays = (text: string) =>
      (text.match(/[\w@.+-]*[A-Za-z][\w@.+-]*/g) ?? [])
        .map((word) => word.replace(/^[.-]+|[.-]+$/g, ''))
        .filter((word) => !allowed(word));
    const found: string[] = [];
    const said = (text: string, where: string) => {
      const words = strays(text);
      if (words.length > 0) found.push(`${where}: "${text.trim().slice(0, 80)}" (${words.join(' ')})`);
    };
    // Recorded data, and words marked as another language (the switch to English says itself in English).
    const recorded = (element: Element) =>
      element.closest('[translate="no"], script, style, noscript') ||
      (element.closest('[lang]')?.getAttribute('lang') ?? 'bn') !== 'bn';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || recorded(parent) || !parent.checkVisibility()) continue;
      said(node.textContent ?? '', parent.tagName.toLowerCase());
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], img[alt], [title]')) {
      if (recorded(element)) continue;
      for (const attribute of ['aria-label', 'placeholder', 'alt', 'title']) {
        const value = element.getAttribute(attribute);
        if (value) said(value, `${element.tagName.toLowerCase()}@${attribute}`);
      }
    }
    return [...new Set(found)];
  });
}

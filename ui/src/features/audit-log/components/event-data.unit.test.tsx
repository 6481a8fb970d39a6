import { catalogue, eventTypes } from '@building/events/catalogue';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../../i18n/en.ts';
import { i18next } from '../../../i18n/i18n.ts';
import { EventData } from './event-data.tsx';

const labels = () => Array.from(document.querySelectorAll('dt'), (node) => node.textContent);

describe('event data labels', () => {
  afterEach(() => i18next.changeLanguage('en'));

  it('has a label for every data field of every event type in the catalogue', () => {
    const fields = new Set(eventTypes.flatMap((type) => Object.keys(catalogue[type].schema.shape)));
    expect([...fields].filter((field) => !Object.hasOwn(en.eventFields, field))).toEqual([]);
  });

  it("labels known fields in the reader's language and spells out a field it does not know", async () => {
    await i18next.changeLanguage('bn');
    render(<EventData data={{ userEmail: 'karim@example.com', amountPoisha: 1170000, storeyCount: 12 }} />);
    expect(labels()).toEqual(['ব্যবহারকারীর ইমেইল', 'পরিমাণ', 'Storey count']);
    expect(screen.getByText('karim@example.com')).toBeInTheDocument();
  });
});

import { act } from '@testing-library/react';

const observers = new Set<ManualIntersectionObserver>();

/** An IntersectionObserver that reports only when a test scrolls (jsdom has no layout). */
export class ManualIntersectionObserver {
  readonly elements = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    observers.add(this);
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
    observers.delete(this);
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  report(element: Element) {
    const entry = {
      target: element,
      isIntersecting: true,
      intersectionRatio: 1,
    } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

/** As if the user scrolled `element` into (or near) view. */
export function scrollNear(element: Element) {
  act(() => {
    for (const observer of [...observers]) if (observer.elements.has(element)) observer.report(element);
  });
}

export function resetObservers() {
  observers.clear();
}

import { vi } from 'vitest';

const jsdomEventSource = globalThis.EventSource;

/** An EventSource a test drives: it records what was opened and emits the messages the test says. */
export class FakeEventSource {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  closed = false;
  private listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(data: unknown) {
    const event = new MessageEvent('message', { data: JSON.stringify(data) });
    this.listeners.get('message')?.forEach((listener) => listener(event));
  }
}

/** Puts back jsdom's (absent) EventSource; the set-up's other stand-ins (matchMedia) stay. */
export function stopFakeEventSource() {
  vi.stubGlobal('EventSource', jsdomEventSource);
  FakeEventSource.opened = [];
}

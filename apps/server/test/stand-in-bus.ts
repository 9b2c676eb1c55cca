import type { BusListener, EventBus } from '../src/lib/event-bus';

/**
 * An event bus played by hand, for what listens to it: `tell` delivers a notice to every listener,
 * `gap` a lost and restored connection, and `up` says whether it is connected now.
 */
export function standInBus() {
  const listeners = new Set<BusListener>();
  const bus = {
    up: true,
    listeners,
    subscribe(listener: BusListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connected: () => bus.up,
    tell(notice: (listener: BusListener) => void) {
      for (const listener of listeners) notice(listener);
    },
    gap: () => bus.tell((listener) => listener.gap()),
  };
  return { bus, events: bus as unknown as EventBus };
}

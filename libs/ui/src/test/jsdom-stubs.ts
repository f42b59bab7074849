import { vi } from 'vitest';

/**
 * jsdom has no ResizeObserver; antd's Table, Tabs and virtual list observe sizes with it.
 * Nothing here is resized, so observing can do nothing. apps/web's setup already stubs matchMedia.
 */
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

vi.stubGlobal('ResizeObserver', NoopResizeObserver);

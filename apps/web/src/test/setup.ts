import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// antd's responsive helpers need matchMedia, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

afterEach(() => cleanup());

// antd's first render in a busy jsdom run can take seconds: findBy… and waitFor wait that long.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no ResizeObserver; antd's Table, Select, Tabs and virtual lists observe sizes with it.
// A plain global (not vi.stubGlobal), so a test that unstubs its own globals keeps this one.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;

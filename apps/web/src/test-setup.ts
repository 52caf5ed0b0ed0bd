import '@testing-library/jest-dom/vitest';

import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

import { clearAuthData } from './lib/auth-store';
import { mediaQueryList } from './test/media-queries';

// happy-dom lacks these browser APIs; Mantine (color scheme, ScrollArea, Carousel) expects them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => mediaQueryList(query, false)),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

class IntersectionObserverStub {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds: readonly number[] = [0];
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}

vi.stubGlobal('ResizeObserver', ResizeObserverStub);
vi.stubGlobal('IntersectionObserver', IntersectionObserverStub);

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store; start every test without the previous test's toasts.
  notifications.clean();
  // Through the store, so its subscribers (the session-scoped query cache) reset as well.
  clearAuthData();
  window.localStorage.clear();
});

import '@testing-library/jest-dom';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { clearQueryCache } from '../src/api/query-cache';

// jsdom lacks what Mantine and the router expect from a browser.
Object.assign(globalThis, { TextEncoder, TextDecoder });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.assign(window, { ResizeObserver: ResizeObserverStub });
Object.assign(window, { scrollTo: () => {} });
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};

const { getComputedStyle } = window;
window.getComputedStyle = (elt: Element, pseudo?: string | null) => getComputedStyle(elt, pseudo);

afterEach(() => {
  cleanup();
  // toasts live in a module-level store; one test's must not show up in the next
  notifications.clean();
  window.localStorage.clear();
  clearQueryCache();
});

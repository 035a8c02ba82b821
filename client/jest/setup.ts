import '@testing-library/jest-dom';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { clearQueryCache } from '../src/api/query-cache';

// Mantine under jsdom renders a modal with a form in 1–4 s on a quiet 2-core machine; 5 s left no margin under load,
// and 20 s not for the Edit Trip modal's tests on a loaded machine (they timed out there at 20 s). Set here, not as
// jest.config.cjs's `testTimeout`: that is a global option, which the root config's run ignores for a project.
jest.setTimeout(45_000);
// findBy…/waitFor give up after 1 s by default: a debounced search that refetches its page took longer than that with
// two test workers on two cores (CI). What they wait for still has to come; they only wait longer for it.
configure({ asyncUtilTimeout: 5_000 });

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

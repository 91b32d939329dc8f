import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { LANGUAGE_COOKIE, type StringTree } from '@rhc/i18n';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { i18n, loadAllNamespaces } from '../lib/i18n.ts';
import { useAuthStore } from '../stores/auth-store.ts';
import { clearSessionCookie } from './auth.ts';

// Pages are lazy chunks; their first import in a test run is slower than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5000 });

// The app fetches a namespace on first use (and suspends meanwhile); tests have every one from the start, read from
// the same files (there is no server to fetch them from).
const localeFiles = import.meta.glob<StringTree>('../../../../packages/i18n/locales/*/*.json', { import: 'default' });
await loadAllNamespaces(async (language, namespace) => {
  const read = localeFiles[`../../../../packages/i18n/locales/${language}/${namespace}.json`];
  if (!read) throw new Error(`[i18n] no file packages/i18n/locales/${language}/${namespace}.json`);
  return read();
});

// The shell's parts that arrive after it (the footer's contact block with the API contracts, the query layer) are
// imported once here, so a test that ends before they would have arrived leaves no import running after teardown.
await Promise.all([import('../features/system/components/support-contact.tsx'), import('../app/query-layer.tsx')]);

// jsdom lacks the browser APIs Mantine and React Router measure the page with.
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
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.scrollTo = () => {};
// Mantine's autosizing textarea listens for web fonts loading.
Object.defineProperty(document, 'fonts', {
  value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
});
Element.prototype.scrollIntoView = () => {};

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(async () => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  // Nobody stays logged in from one test to the next.
  clearSessionCookie();
  useAuthStore.setState({ user: null });
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
  await i18n.changeLanguage('vi');
  // A missing translation throws (src/lib/i18n.ts); one that an error boundary caught and logged fails the test too.
  const missingKeys = consoleError.mock.calls
    .flat()
    .map(String)
    .filter((message) => message.includes('[i18n] missing key'));
  consoleError.mockRestore();
  if (missingKeys.length > 0) throw new Error(missingKeys.join('\n'));
});

import { LANGUAGES } from '@rhc/i18n';
import { act, render, screen } from '@testing-library/react';
import { Component, createElement, startTransition, Suspense, useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage, fetchLocaleFile, i18n, readLanguageCookie, useTranslation } from './i18n.ts';

describe('readLanguageCookie', () => {
  it('reads the language chosen earlier from the RHC_lang cookie', () => {
    expect(readLanguageCookie('theme=x; RHC_lang=zh; other=1')).toBe('zh');
    expect(readLanguageCookie('RHC_lang=en')).toBe('en');
  });

  it('falls back to Vietnamese when the cookie is missing or holds something else', () => {
    expect(readLanguageCookie('')).toBe('vi');
    expect(readLanguageCookie('RHC_lang=fr')).toBe('vi');
    expect(readLanguageCookie('XRHC_lang=en')).toBe('vi');
  });
});

describe('the strings', () => {
  it('have the shell’s common namespace in every language before anything renders', () => {
    for (const language of LANGUAGES) expect(i18n.hasResourceBundle(language, 'common')).toBe(true);
  });

  it('are JSON files the app fetches and parses (data, not code)', async () => {
    const fetchMock = vi.fn(async () => Response.json({ login: { title: 'Log in' } }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(fetchLocaleFile('en', 'accounts')).resolves.toEqual({ login: { title: 'Log in' } });
    expect(String(fetchMock.mock.calls[0]?.at(0))).toMatch(/\/en\/accounts\.json/);

    fetchMock.mockResolvedValueOnce(new Response('', { status: 404 }));
    await expect(fetchLocaleFile('en', 'accounts')).rejects.toThrow('answered 404');
  });

  it('load any other namespace from its locale files when it is first needed', async () => {
    for (const language of LANGUAGES) i18n.removeResourceBundle(language, 'accounts');
    expect(i18n.exists('accounts:login.title')).toBe(false);

    await i18n.reloadResources([...LANGUAGES], ['accounts']);

    expect(i18n.t('accounts:login.title', { lng: 'en' })).toBe('Log in');
    for (const language of LANGUAGES) expect(i18n.hasResourceBundle(language, 'accounts')).toBe(true);
  });

  it('bring the error messages with a screen’s own strings (forms translate them outside React)', async () => {
    for (const language of LANGUAGES) {
      i18n.removeResourceBundle(language, 'errors');
      i18n.removeResourceBundle(language, 'schedules');
    }

    await i18n.reloadResources(['vi', 'en'], ['schedules']);

    expect(i18n.hasResourceBundle('vi', 'errors')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'errors')).toBe(true);
    await i18n.reloadResources([...LANGUAGES], ['errors', 'schedules']);
  });

  it('never bring the server’s e-mail and SMS texts to the browser', async () => {
    await i18n.loadNamespaces('messages');
    expect(i18n.hasResourceBundle('vi', 'messages')).toBe(false);
  });
});

describe('the first screen in another language', () => {
  it('shows the bundled Vietnamese shell strings when its own cannot be fetched, never the keys', async () => {
    vi.resetModules();
    document.cookie = 'RHC_lang=zh; path=/';
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    try {
      const fresh = await import('./i18n.ts');
      await fresh.i18nReady;
      expect(fresh.i18n.language).toBe('zh');
      expect(fresh.i18n.t('header.homeLink')).toBe('RHC – Trang chủ');
    } finally {
      fetchSpy.mockRestore();
      document.cookie = 'RHC_lang=; path=/; max-age=0';
      vi.resetModules();
    }
  });
});

describe('a component’s strings', () => {
  function Offer() {
    const { t } = useTranslation(['waitlist', 'common']);
    return t('offer.subject', { day: '28/11/2026', hour: '09:00' });
  }
  let waited = false;
  function Loading() {
    waited = true;
    return 'loading';
  }
  // Awaited: React 19 retries a suspended render inside `act` only when the `act` is awaited.
  const tree = (children: ReactNode) =>
    createElement(ErrorBoundary, null, createElement(Suspense, { fallback: createElement(Loading) }, children));
  let rerenderRoot: (children: ReactNode) => void = () => undefined;
  /** What React threw and got over by rendering again (a user would see the page's error screen where it cannot). */
  let recovered: unknown[] = [];
  const renderSuspended = async (children: ReactNode) => {
    waited = false;
    recovered = [];
    await act(async () => {
      const { rerender } = render(tree(children), {
        onCaughtError: () => undefined,
        onRecoverableError: (error) => recovered.push(error),
      });
      rerenderRoot = (next) => rerender(tree(next));
    });
  };

  it('wait (the component suspends) until its namespace is in, then show filled in', async () => {
    i18n.removeResourceBundle('vi', 'waitlist');
    await renderSuspended(createElement(Offer));

    expect(waited).toBe(true);
    expect(screen.getByText('RHC: lịch sớm hơn vào 28/11/2026 lúc 09:00 đang được giữ cho bạn')).toBeInTheDocument();
    expect(i18n.hasResourceBundle('vi', 'waitlist')).toBe(true);
  });

  it('follow a language switch, which brings the new language’s namespaces before anything re-renders', async () => {
    i18n.removeResourceBundle('en', 'waitlist');
    const heard: string[] = [];
    const stop = i18n.onLanguageChange((language) => heard.push(language));
    await renderSuspended(createElement(Offer));
    try {
      await act(() => changeLanguage('en'));

      expect(screen.getByText('RHC: an earlier slot on 28/11/2026 at 09:00 is held for you')).toBeInTheDocument();
      expect(waited).toBe(false);
      expect(document.documentElement.lang).toBe('en');
      expect(heard).toEqual(['en']);
    } finally {
      await act(() => changeLanguage('vi'));
      stop();
    }
    expect(screen.getByText('RHC: lịch sớm hơn vào 28/11/2026 lúc 09:00 đang được giữ cho bạn')).toBeInTheDocument();
    expect(heard).toEqual(['en', 'vi']);
  });

  it('come in while a page renders in a transition, and the hooks after them still run (React replays the render)', async () => {
    // A navigation renders its page in a transition; React then waits for a suspended component's strings and replays
    // its render once they are in, when `pending` has nothing left to wait for (2026-12-01: the relatives page showed
    // its server-error screen, React error #467, from the `useSyncExternalStore` of the query after the strings).
    i18n.removeResourceBundle('vi', 'waitlist');
    function OfferWithState() {
      const { t } = useTranslation(['waitlist', 'common']);
      const [day] = useState('28/11/2026');
      return t('offer.subject', { day, hour: '09:00' });
    }
    await renderSuspended(null);
    await act(async () => {
      startTransition(() => {
        rerenderRoot(createElement(OfferWithState));
      });
    });

    expect(screen.getByText('RHC: lịch sớm hơn vào 28/11/2026 lúc 09:00 đang được giữ cho bạn')).toBeInTheDocument();
    expect(recovered).toEqual([]);
  });

  it('show the failure in the nearest error boundary when a namespace cannot be loaded', async () => {
    function ServerTexts() {
      const { t } = useTranslation('messages');
      return t('order.online');
    }
    await renderSuspended(createElement(ServerTexts));

    expect(waited).toBe(true);
    expect(screen.getByText('failed')).toBeInTheDocument();
  });

  it('use one `t` per language and namespaces, so it can stand in a hook’s dependencies', () => {
    expect(i18n.fixedT('vi', ['orders'])).toBe(i18n.fixedT('vi', ['orders']));
    expect(i18n.fixedT('vi', ['orders'])).not.toBe(i18n.fixedT('en', ['orders']));
  });
});

describe('a missing key', () => {
  it('throws in development and in tests (production would show the key; the completeness test keeps that from happening)', () => {
    expect(() => i18n.t('common:no.such.key' as never)).toThrow('[i18n] missing key "common:no.such.key"');
    expect(() => i18n.t('orders:no.such.key' as never, { lng: 'zh' })).toThrow('[i18n] missing key "orders:no.such.key"');
  });

  it('fails the screen that shows it', () => {
    function Broken() {
      const { t } = useTranslation('orders');
      return t('no.such.key' as never);
    }
    const caught: unknown[] = [];
    render(createElement(ErrorBoundary, null, createElement(Broken)), { onCaughtError: (error) => caught.push(error) });

    expect(screen.getByText('failed')).toBeInTheDocument();
    expect(caught).toEqual([new Error('[i18n] missing key "orders:no.such.key" (vi)')]);
  });
});

class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? 'failed' : this.props.children;
  }
}

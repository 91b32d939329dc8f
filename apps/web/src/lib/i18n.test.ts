import { LANGUAGES } from '@rhc/i18n';
import { render, screen } from '@testing-library/react';
import { Component, createElement, type ReactNode } from 'react';
import { setI18n, useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { fetchLocaleFile, i18n, readLanguageCookie } from './i18n.ts';

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
      // The fresh module registered its own instance with react-i18next; the other tests render with the app's.
      setI18n(i18n);
    }
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

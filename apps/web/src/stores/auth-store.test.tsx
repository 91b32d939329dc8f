import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../test/api-mock.ts';
import { patient, setSessionCookie } from '../test/auth.ts';
import { renderApp } from '../test/render-app.tsx';
import { AUTH_STORAGE_KEY, useAuthStore } from './auth-store.ts';

/** The login state as local storage holds it, read back as at the app's start. */
async function storedAndReadBack(user: unknown) {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ state: { user }, version: 1 }));
  await useAuthStore.persist.rehydrate();
  return useAuthStore.getState().user;
}

describe('the login state kept in local storage', () => {
  it('comes back as it was stored', async () => {
    expect(await storedAndReadBack(patient)).toEqual(patient);
    expect(await storedAndReadBack({ ...patient, urlImage: '/api/files/avatar.png' })).toEqual({
      ...patient,
      urlImage: '/api/files/avatar.png',
    });
  });

  it('is no login state when what is stored is not a user the app can show', async () => {
    // The whole login answer instead of its user, a user without a name, fields of the wrong kind, no user at all.
    for (const stored of [
      { status: 200, data: { user: patient } },
      { ...patient, fullName: undefined },
      { ...patient, jobId: '3' },
      'Lan',
      7,
      [],
    ]) {
      expect(await storedAndReadBack(stored), JSON.stringify(stored)).toBeNull();
    }
  });

  it('left broken by another version of the app, still lets the app open, logged out', async () => {
    setSessionCookie();
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ state: { user: { status: 200, data: { user: patient } } }, version: 1 }));
    await useAuthStore.persist.rehydrate();
    mockApi({ '/api/services': ok([]) });
    renderApp('/');

    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Đăng nhập' })).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
  });
});

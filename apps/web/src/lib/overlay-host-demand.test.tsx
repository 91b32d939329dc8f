import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInProviders } from '../test/render-app.tsx';
import { isOverlayHostMounted, requestOverlayHost } from './overlay-host-demand.ts';
import './toast.ts';
import './confirm.ts';

// toast.ts and confirm.ts are loaded, as with any screen that can show a toast or a dialog: that alone mounts nothing.
describe('the toast and dialog host', () => {
  it('is not loaded by a screen that shows neither, and is mounted once something asks for it', async () => {
    renderInProviders(<h1>Sức khỏe cả gia đình</h1>);
    expect(await screen.findByRole('heading', { name: 'Sức khỏe cả gia đình' })).toBeVisible();
    // Long enough for a lazy chunk that was asked for to have arrived (it takes a few milliseconds here).
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(isOverlayHostMounted()).toBe(false);
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    let mounted = false;
    act(() => void requestOverlayHost().then(() => (mounted = true)));

    await waitFor(() => expect(mounted).toBe(true));
    expect(isOverlayHostMounted()).toBe(true);
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});

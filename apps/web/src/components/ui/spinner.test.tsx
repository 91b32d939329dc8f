import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingState } from './query-state.tsx';
import { SPINNER_DELAY_MS } from './spinner.tsx';

describe('Spinner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('announces the wait at once but draws its turning spinner only once the wait has lasted a moment', async () => {
    const { container } = render(
      <MantineProvider>
        <LoadingState label="Đang tải lịch khám" />
      </MantineProvider>,
    );
    // The status is there for a screen reader from the first frame …
    expect(screen.getByRole('status', { name: 'Đang tải lịch khám' })).toBeInTheDocument();
    const spinner = container.querySelector('.mantine-Loader-root');
    // … and the spinner holds its place, still and hidden, so a quick load shows no flash of it.
    expect(spinner).toHaveAttribute('data-waiting');
    await act(async () => vi.advanceTimersByTimeAsync(SPINNER_DELAY_MS - 1));
    expect(spinner).toHaveAttribute('data-waiting');
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(spinner).not.toHaveAttribute('data-waiting');
  });

  it('leaves no timer behind when the wait ends first', () => {
    const { unmount } = render(
      <MantineProvider>
        <LoadingState />
      </MantineProvider>,
    );
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

const HEADER = `/*
 * The theme's CSS variables (app/theme.ts) as Mantine's provider would write them into the page at run time, loaded
 * with the shell's stylesheet so that the provider computes none of them on the main thread (decision 015). Written by
 * app/theme-variables.test.tsx: after a theme change, in apps/web,
 *   npx vitest run src/app/theme-variables.test.tsx --update=all
 */
`;

describe("the theme's CSS variables", () => {
  it('are in the shell stylesheet exactly as Mantine would write them for the theme', async () => {
    render(<MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} />);
    const written = document.querySelector('style[data-mantine-styles="true"]')?.textContent ?? '';
    expect(written).toContain('--mantine-primary-color-filled');

    await expect(`${HEADER}${written}\n`).toMatchFileSnapshot('./theme-variables.css');
  });

  it('are not computed by the app at run time', async () => {
    const { findByRole } = renderApp('/');
    await findByRole('heading', { level: 1 });
    expect(document.querySelector('style[data-mantine-styles="true"]')).toBeNull();
  });
});

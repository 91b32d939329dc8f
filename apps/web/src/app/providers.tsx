import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { STORAGE_PREFIX } from '@rhc/i18n';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { useOverlayHostRequested } from '../lib/overlay-host-demand.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// Spec §9: everything the app stores in the browser carries the RHC_ prefix, Mantine's key included.
const colorSchemeManager = localStorageColorSchemeManager({ key: `${STORAGE_PREFIX}color-scheme` });

/*
 * Toasts and dialogs are not needed for the first paint, and their code (Modal, Notification, transitions) is in the
 * `ui` chunk, which a page without forms or dialogs (the home page) need not load: their host is mounted with the first
 * toast or dialog (lib/overlay-host-demand.ts).
 */
const OverlayHost = lazy(async () => ({ default: (await import('./overlay-host.tsx')).OverlayHost }));

/**
 * The overlay host once asked for. Its own component: the change re-renders only this, not the providers above (a
 * MantineProvider render recomputes every theme CSS variable).
 */
function Overlays() {
  if (!useOverlayHostRequested()) return null;
  return (
    <Suspense fallback={null}>
      <OverlayHost />
    </Suspense>
  );
}

/**
 * The app's context: the UI kit, following the language; then the overlays. Server data (TanStack Query) is not
 * the shell's: it comes with the first page or part that reads it (app/query-layer.tsx); a test may pass its own
 * client here instead. No DatesProvider: the app's calendars (components/calendar, used by the date field and the
 * booking's schedule picker) take their names from the current language through Intl (lib/dates.ts), out of the shell.
 */
export function AppProviders({ queryClient, children }: { queryClient?: QueryClient; children: ReactNode }) {
  // A new theme object on a language switch re-renders every Mantine control, so the names the theme gives follow.
  const { i18n } = useTranslation();
  const language = i18n.language;
  const localizedTheme = useMemo(() => ({ ...theme, other: { ...theme.other, language } }), [language]);
  return (
    <MantineProvider
      theme={localizedTheme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
      // The theme's CSS variables are a stylesheet of the shell (app/theme-variables.css), not computed at each start.
      withCssVariables={false}
    >
      {queryClient ? <QueryClientProvider client={queryClient}>{children}</QueryClientProvider> : children}
      <Overlays />
    </MantineProvider>
  );
}

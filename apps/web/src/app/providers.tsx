import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { FIRST_DAY_OF_WEEK } from '@rhc/domain';
import { STORAGE_PREFIX } from '@rhc/i18n';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { dateLocaleOf } from '../lib/dates.ts';
import { currentLanguage, i18n } from '../lib/i18n.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// Spec §9: everything the app stores in the browser carries the RHC_ prefix, Mantine's key included.
const colorSchemeManager = localStorageColorSchemeManager({ key: `${STORAGE_PREFIX}color-scheme` });

/*
 * Toasts and dialogs are not needed for the first paint, and their code (Modal, Notification,
 * transitions) is a tenth of the entry bundle, so their host loads right after it. A toast raised
 * before then waits in Mantine's store. A dialog must be opened by something the person does (as
 * every dialog of the spec is), not while the app is starting: its open event would find no host.
 */
const OverlayHost = lazy(async () => ({ default: (await import('./overlay-host.tsx')).OverlayHost }));

/** The app's context, outermost first: translations, server data, UI kit, date pickers; then the overlays. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
          colorSchemeManager={colorSchemeManager}
        >
          <LocalizedDates>{children}</LocalizedDates>
          <Suspense fallback={null}>
            <OverlayHost />
          </Suspense>
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/** Mantine's date pickers name months and weekdays in the current language; weeks start on Monday. */
function LocalizedDates({ children }: { children: ReactNode }) {
  useTranslation(); // re-render on a language change
  return (
    <DatesProvider settings={{ locale: dateLocaleOf(currentLanguage()), firstDayOfWeek: FIRST_DAY_OF_WEEK }}>{children}</DatesProvider>
  );
}

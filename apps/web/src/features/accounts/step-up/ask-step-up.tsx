import type { StepUpDestination } from '@rhc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { closeDialog, openDialog } from '../../../lib/dialog.ts';
import { i18n } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { StepUpDialog } from './step-up-dialog.tsx';

const MODAL_ID = 'step-up';

/** The dialog already open, when two changes are refused at once: one code proves the session for both. */
let asking: Promise<boolean> | undefined;

/**
 * Asks the person to prove the session with a code (decision 051), in a dialog over the page: resolves `true` once a
 * code was checked, `false` when they cancel (the page and its form stay as they were). Loaded with the first refusal.
 */
export function askStepUp(channels: readonly StepUpDestination[]): Promise<boolean> {
  asking ??= open(channels).finally(() => {
    asking = undefined;
  });
  return asking;
}

async function open(channels: readonly StepUpDestination[]): Promise<boolean> {
  await i18n.loadNamespaces(['step-up', 'accounts', 'errors']);
  // The dialog is drawn by the overlay host, outside the pages' query layer: its code's calls need a client of their own.
  const client = createQueryClient();
  return new Promise<boolean>((resolve) => {
    let settled = false;
    const finish = (proved: boolean) => {
      if (settled) return;
      settled = true;
      resolve(proved);
      closeDialog(MODAL_ID);
    };
    void openDialog({
      modalId: MODAL_ID,
      title: i18n.t('step-up:title'),
      onClose: () => finish(false),
      children: (
        <QueryClientProvider client={client}>
          <Suspense fallback={null}>
            <StepUpDialog channels={channels} onProved={() => finish(true)} onCancel={() => finish(false)} />
          </Suspense>
        </QueryClientProvider>
      ),
    });
  });
}

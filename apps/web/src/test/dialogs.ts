import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The dialog of this name, once it has opened: Mantine fades a dialog in, and until its transition has run its content
 * is in the page but not yet visible, so a test that asserts what the person sees waits for the end of the fade.
 */
export async function findDialog(name: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

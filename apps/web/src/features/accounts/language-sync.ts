import { accountsEndpoints } from '@rhc/contracts';
import type { Language } from '@rhc/i18n';
import { apiRequest } from '../../lib/api-client.ts';
import { useAuthStore } from '../../stores/auth-store.ts';

/**
 * Tells the server the language a signed-in person switched the app to, so their messages follow it (issue 12). Loaded
 * only when the language changes; a failure is ignored (the next log-in sends the language again as Accept-Language).
 */
export async function rememberLanguage(language: Language): Promise<void> {
  const userId = useAuthStore.getState().user?.userId;
  if (!userId) return;
  try {
    await apiRequest(accountsEndpoints.updateLanguage, { params: { userId }, body: { language }, showServerErrorScreen: false });
  } catch {
    // Best effort: see above.
  }
}

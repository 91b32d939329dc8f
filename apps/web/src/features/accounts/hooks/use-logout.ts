import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, useAuthStore } from '../../../stores/auth-store.ts';
import { useBookingStore } from '../../../stores/booking-store.ts';
import { postLogout } from '../api.ts';

/**
 * Spec §4 logout: the server ends the session; on success or failure alike the app forgets the login
 * state, the stored user id, the session cookie it can reach and every persisted state, then goes home.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return async () => {
    try {
      await postLogout();
    } catch {
      // Spec §8: a failed logout behaves like a successful one.
    }
    // Home first: a page behind login would otherwise send the person to /login/ the moment the state clears.
    await navigate(paths.home);
    // The HttpOnly cookies are the server's to clear; the readable marker goes here in any case.
    document.cookie = `${SESSION_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
    document.cookie = `${SECURE_SESSION_COOKIE}=; path=/; max-age=0; SameSite=Lax; Secure`;
    useAuthStore.getState().clear();
    useBookingStore.getState().reset();
    queryClient.clear();
  };
}

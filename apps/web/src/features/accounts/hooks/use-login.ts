import type { LoginResult } from '@rhc/contracts';
import { useMutation } from '@tanstack/react-query';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { postLogin } from '../api.ts';

/**
 * Logs in and keeps the login state (spec §3/§4); the session itself lives in HttpOnly cookies. An answer with a
 * two-step ticket (decision 054) opened no session yet: the second step keeps the state once it does.
 */
export function useLogin() {
  const logIn = useAuthStore((state) => state.logIn);
  return useMutation({
    mutationFn: postLogin,
    onSuccess: (result: LoginResult) => {
      if ('user' in result) logIn(result.user);
    },
  });
}

import type { UserInfo } from '@rhc/contracts';
import { STORAGE_PREFIX } from '@rhc/i18n';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Spec §9: storage keys carry the RHC_ prefix. */
export const AUTH_STORAGE_KEY = `${STORAGE_PREFIX}auth`;
/** Spec §4: the user id is kept in local storage at login and removed at logout. */
export const USER_ID_STORAGE_KEY = `${STORAGE_PREFIX}userId`;
/**
 * Set by the server beside the HttpOnly access-token cookie, with the same lifetime, and readable here:
 * it tells the app that a session cookie exists without exposing the token (decision 005).
 */
export const SESSION_COOKIE = `${STORAGE_PREFIX}session`;
/** Its name when the server sets secure cookies (production over HTTPS, R7): `__Host-` pins it to this host. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The login state of spec §3 ("User info"). */
export type AuthState = { user: UserInfo | null };

type AuthActions = {
  /** Keeps the person who just logged in, and their id under RHC_userId (spec §4). */
  logIn: (user: UserInfo) => void;
  /** Follows a change of the profile or avatar, so the header shows it at once. */
  updateUser: (changes: Partial<Omit<UserInfo, 'id' | 'userId'>>) => void;
  /** Forgets the login state and the stored user id. */
  clear: () => void;
};

/**
 * The user kept in local storage, if it has the shape the app reads: a state left by another version of the app, or
 * edited by hand, would otherwise reach the header as a user without a name and stop the whole app from rendering, at
 * every visit. Anything else is no login state (the person logs in again). zod is not loaded here: the shell has none.
 */
function storedUser(value: unknown): UserInfo | null {
  if (typeof value !== 'object' || value === null) return null;
  const user = value as Record<keyof UserInfo, unknown>;
  const texts = [user.id, user.userId, user.fullName, user.dateOfBirth, user.phone];
  const valid =
    texts.every((text) => typeof text === 'string') &&
    (user.urlImage === null || typeof user.urlImage === 'string') &&
    typeof user.jobId === 'number';
  return valid ? (value as UserInfo) : null;
}

export const useAuthStore = create<AuthState & AuthActions>()(
  persist(
    (set) => ({
      user: null,
      logIn: (user) => {
        localStorage.setItem(USER_ID_STORAGE_KEY, user.userId);
        set({ user });
      },
      updateUser: (changes) => set(({ user }) => ({ user: user ? { ...user, ...changes } : null })),
      clear: () => {
        localStorage.removeItem(USER_ID_STORAGE_KEY);
        set({ user: null });
      },
    }),
    {
      name: AUTH_STORAGE_KEY,
      version: 1,
      partialize: ({ user }): AuthState => ({ user }),
      merge: (stored, current) => ({ ...current, user: storedUser((stored as Partial<AuthState> | undefined)?.user) }),
    },
  ),
);

/** Whether the browser still holds a session cookie (the access-token cookie itself is HttpOnly). */
export function hasSessionCookie(cookieHeader: string = document.cookie): boolean {
  return cookieHeader.split(';').some((part) => [`${SESSION_COOKIE}=1`, `${SECURE_SESSION_COOKIE}=1`].includes(part.trim()));
}

/** Spec §2: a page behind login needs a user with a full name and a session. */
export function isLoggedIn(user: UserInfo | null): user is UserInfo {
  return !!user?.fullName && hasSessionCookie();
}

/** Spec §4: with no session cookie left (expired, or cleared elsewhere) the login state is cleared. Run at start. */
export function clearLoginWithoutSession(): void {
  if (!hasSessionCookie() && (useAuthStore.getState().user || localStorage.getItem(USER_ID_STORAGE_KEY))) {
    useAuthStore.getState().clear();
  }
}

/** The account id to refresh the session for: the login state's, else the one kept at login. */
export function storedUserId(): string | null {
  return useAuthStore.getState().user?.userId ?? localStorage.getItem(USER_ID_STORAGE_KEY);
}

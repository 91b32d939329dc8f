import { lazy, Suspense } from 'react';
import { useAuthStore } from '../../../stores/auth-store.ts';

const SignedInNotices = lazy(() => import('./signed-in-notices.tsx'));

/** The home page's notices for someone signed in (`signed-in-notices.tsx`); nothing for a visitor. */
export function HomeNotices() {
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  return (
    // The notices, their data and the bell's strings (accounts) may still be on their way: the page does not wait.
    <Suspense fallback={null}>
      <SignedInNotices userId={user.userId} jobId={user.jobId} />
    </Suspense>
  );
}

import { createContext, use, useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import { Router, type HistoryRouterProps } from 'react-router';

/** The browser's history (or, in tests, one in memory) the app navigates with: `push`, `replace`, `location`, `action`. */
export type AppHistory = HistoryRouterProps['history'];

const NavigationPending = createContext(false);

/**
 * React Router in its declarative mode over a history of our own (decision 032): the data router's loaders, actions
 * and fetchers are not used by the app, and were 18 KB gzip of every page's JavaScript.
 *
 * A navigation is a transition: while the next page's code or strings load, the current page stays on screen
 * (rather than a blank loader) and `useNavigationPending()` is true, for the layout's loading bar.
 */
export function HistoryRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(() => history.listen(({ action, location }) => startTransition(() => setState({ action, location }))), [history]);
  return (
    <NavigationPending value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPending>
  );
}

/** Whether a navigation has started and its page is not on screen yet. */
export function useNavigationPending(): boolean {
  return use(NavigationPending);
}

import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

const STORAGE_KEY = 'RHC_scroll';

function readPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Map(Array.isArray(stored) ? (stored as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

/** Where the page was scrolled to, by history entry (kept for the tab's life, across reloads). */
const positions = readPositions();

let restoring = false;
/** What the person does to scroll themselves, which ends a restoration in progress. */
const TAKE_OVER = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Scrolls back to `y`, again on each frame while the page is not yet tall enough (its data still arriving), for up to
 * a second or until the person scrolls themselves. Returns what stops it.
 */
function restoreScroll(y: number): () => void {
  let frames = 0;
  let frame = 0;
  const stop = () => {
    restoring = false;
    cancelAnimationFrame(frame);
    for (const event of TAKE_OVER) window.removeEventListener(event, stop);
  };
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 1 || ++frames > 60) stop();
    else frame = requestAnimationFrame(attempt);
  };
  restoring = true;
  for (const event of TAKE_OVER) window.addEventListener(event, stop, { passive: true });
  attempt();
  return stop;
}

/**
 * A history entry's own key is 'default' for the page the browser loaded, whichever it was: the address goes with it.
 */
const entryOf = (location: Location) => `${location.key} ${location.pathname}${location.search}`;

/** Whether the browser loaded this document by Reload, Back or Forward, rather than by a link or the address bar. */
function documentReturnedTo(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.type === 'reload' || navigation?.type === 'back_forward';
}

/** The element id a `#hash` names; one that is not valid percent-encoding (`#%E0`) is taken as written. */
function anchorOf(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * A new page opens at its top (or at its #anchor); Back and Forward return to where the person had scrolled. The
 * browser's own restoration is off: it would scroll before the page it returns to has rendered.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const shownEntry = useRef(entryOf(location));
  const firstShown = useRef(location);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      if (!restoring) positions.set(shownEntry.current, window.scrollY);
    };
    const store = () => sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', store);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', store);
    };
  }, []);

  useLayoutEffect(() => {
    shownEntry.current = entryOf(location);
    const saved = positions.get(shownEntry.current);
    // The first page shown is a Back or Forward (a POP) as React Router sees it, but only a reload or a return to
    // this document is one for the person.
    const returning = navigationType === 'POP' && (location !== firstShown.current || documentReturnedTo());
    if (returning && saved !== undefined) return restoreScroll(saved);
    if (location.hash) document.getElementById(anchorOf(location.hash))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, navigationType]);
}

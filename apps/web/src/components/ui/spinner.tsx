import { Loader, type LoaderProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import classes from './spinner.module.css';

/**
 * How long a wait lasts before its spinner shows. A load that ends sooner shows no spinner at all (a spinner that
 * flashes for a fraction of a second reads as a flicker), and until then the page draws no frame of its turning:
 * on a phone's first visit, every frame of a turning spinner is work done beside the page's own (decision 034).
 */
export const SPINNER_DELAY_MS = 500;

/**
 * Mantine's Loader, drawn once the wait has lasted SPINNER_DELAY_MS; until then it keeps its size, so nothing moves
 * when it appears. What announces the wait (a `role="status"` around it, its `aria-label`) is there from the start.
 */
export function Spinner({ className, ...props }: LoaderProps) {
  const [waiting, setWaiting] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setWaiting(false), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Loader {...props} className={className ? `${classes.spinner} ${className}` : classes.spinner} data-waiting={waiting || undefined} />
  );
}

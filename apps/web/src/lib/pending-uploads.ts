import { useRef, type RefObject } from 'react';

/**
 * Files a section holds, chosen but not sent yet, and how to send them (issue 54 item 2: a doctor's chosen attachment
 * was dropped when the examination was saved beside it). A section with its own upload button (an order's documents)
 * fills it in; a form saved next to it (the examination) sends them first, or holds its save when they are refused.
 */
export interface PendingUploads {
  /** How many chosen files have not been uploaded. */
  count(): number;
  /** Uploads them: true once all are stored; false when they were refused or failed (the section shows why). */
  flush(): Promise<boolean>;
}

export type PendingUploadsRef = RefObject<PendingUploads | null>;

/** A holder the page hands to the section with the files (filled while it is mounted) and reads when it saves. */
export function usePendingUploads(): PendingUploadsRef {
  return useRef<PendingUploads | null>(null);
}

import { useClickOutside } from '@mantine/hooks';
import { useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether the person has reached a control yet (a pointer over it, or the focus in it), for a part of it that is not
 * needed while the page is being built: a select's list, a date field's calendar, a dialog (issue 13, decisions 015
 * and 035). Mantine's popovers, portals and dialogs set state as they mount, and an update made while React commits
 * is a synchronous one, which makes React run all the page's effects in the task that shows it.
 *
 * `reach` is given to the control's pointer-enter and focus events: it mounts the part at once (`flushSync`), inside
 * that event, so the press, click or key that follows finds it. `shown` mounts it with the render that shows it, for
 * a control opened some other way first (a click dispatched without a pointer over it, an opening from elsewhere).
 * `enabled` false (a read-only or disabled control) keeps `reach` from mounting anything. Once reached, it stays so.
 */
export function useReached({ shown = false, enabled = true }: { shown?: boolean; enabled?: boolean } = {}) {
  const [reached, setReached] = useState(shown);
  if (shown && !reached) setReached(true);
  const reach = () => {
    if (!reached && enabled) flushSync(() => setReached(true));
  };
  return { reached: reached || shown, reach };
}

/**
 * A popover beside the control that opens it (the date field's calendar, the bell's list, the account menu), mounted
 * when the control is reached (`useReached`, shown while `opened`) and closed by a press outside both: `rootRef` goes on
 * the box around the control, `dropdownRef` on the popover's dropdown (in a portal, outside that box). The press is
 * listened for only while the popover is open. Mantine's own check would count the control, which is not the popover's
 * target, as outside.
 */
export function useReachedPopover({ opened, onClose, enabled = true }: { opened: boolean; onClose: () => void; enabled?: boolean }) {
  const { reached, reach } = useReached({ shown: opened, enabled });
  const [dropdown, dropdownRef] = useState<HTMLDivElement | null>(null);
  const rootRef = useClickOutside<HTMLDivElement>(
    (event) => {
      if (!(event.target instanceof Node && dropdown?.contains(event.target))) onClose();
    },
    null,
    undefined,
    opened,
  );
  return { reached, reach, rootRef, dropdown, dropdownRef };
}

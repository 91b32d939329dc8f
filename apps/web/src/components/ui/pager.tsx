import { Pagination, type PaginationProps } from '@mantine/core';
import '@mantine/core/styles/Pagination.layer.css';
import { useTranslation } from '../../lib/i18n.ts';

export type PagerProps = Omit<PaginationProps, 'getControlProps' | 'getItemProps'> & {
  /** What the pages are of ("Pages of bookings"); the pages themselves are named "Page 3", the arrows by their direction. */
  'aria-label'?: string;
};

/**
 * Mantine's Pagination with every button named in the reader's language: the arrows ("Previous page", "Next page" —
 * icons alone, they were nameless to a screen reader, axe's critical `button-name`), and each number as "Page 3", the
 * current one marked `aria-current="page"`; the whole is a navigation landmark.
 */
export function Pager({ 'aria-label': label, ...props }: PagerProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label ?? t('pager.label')}>
      <Pagination
        {...props}
        getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
        getItemProps={(page) => ({
          'aria-label': t('pager.page', { page }),
          'aria-current': page === props.value ? 'page' : undefined,
        })}
      />
    </nav>
  );
}

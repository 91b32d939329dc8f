import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n.ts';

/**
 * Names the browser tab after the page, in the current language (pages re-render on a language
 * change, so the title follows). Without a page name the tab shows the product's own title.
 */
export function usePageTitle(pageName?: string): void {
  const { t } = useTranslation();
  const title = pageName ? t('app.pageTitle', { page: pageName }) : t('app.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

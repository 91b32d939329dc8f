import classes from './brand-mark.module.css';
import { useTranslation } from '../../lib/i18n.ts';

/** The product's mark and name, as in the favicon. Decorative: the surrounding link or text names it. */
export function BrandMark() {
  const { t } = useTranslation();
  return (
    <span className={classes.brand}>
      <svg className={classes.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill="#fff" />
      </svg>
      <span className={classes.name}>{t('app.name')}</span>
    </span>
  );
}

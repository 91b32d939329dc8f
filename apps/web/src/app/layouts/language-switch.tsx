import { LANGUAGES, isLanguage, type Language } from '@rhc/i18n';
import { IconChevronDown, IconWorld } from '@tabler/icons-react';
import { changeLanguage, currentLanguage, useTranslation } from '../../lib/i18n.ts';
import classes from './language-switch.module.css';

/** Each language is named in itself, so a person finds their own whatever the current language. */
const LANGUAGE_NAMES: Record<Language, string> = { vi: 'Tiếng Việt', en: 'English', zh: '中文' };

/**
 * A real <select> (the phone's own picker, full keyboard and screen-reader support) laid invisibly
 * over a compact face that shows the language's name, or its code on a narrow screen. No popover
 * library is needed, which keeps the header out of the entry bundle's heaviest dependencies.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const active = currentLanguage();

  return (
    <div className={classes.switch}>
      <span className={classes.face} aria-hidden="true">
        <IconWorld size={18} className={classes.globe} />
        <span className={classes.fullName}>{LANGUAGE_NAMES[active]}</span>
        <span className={classes.code}>{active.toUpperCase()}</span>
        <IconChevronDown size={14} className={classes.chevron} />
      </span>
      <select
        className={classes.select}
        aria-label={t('header.language')}
        value={active}
        onChange={(event) => {
          const language = event.currentTarget.value;
          if (!isLanguage(language)) return;
          void changeLanguage(language);
          // A signed-in person's messages follow the app's language (issue 12); loaded only on a switch.
          void import('../../features/accounts/language-sync.ts').then((sync) => sync.rememberLanguage(language));
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}

import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.ts';
import { readLocales } from './read-locales.ts';

/**
 * A ready i18next instance for code outside React (the server's error messages, e-mail and SMS texts), holding
 * every namespace found in `locales/` in every language. The web app builds its own instance from the same files.
 */
export function createTranslator(): (language: Language) => TFunction {
  const resources = readLocales();
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(resources.en),
    defaultNS: 'errors',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return (language) => instance.getFixedT(language);
}

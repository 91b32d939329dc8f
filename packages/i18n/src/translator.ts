import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.ts';
import { NAMESPACES, resources } from './resources.ts';

/**
 * A ready i18next instance for code outside React (the server's error messages).
 * The web app builds its own instance from the same resources.
 */
export function createTranslator(): (language: Language) => TFunction {
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'errors',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return (language) => instance.getFixedT(language);
}

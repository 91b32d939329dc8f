import { ORDER_CATEGORIES } from '@rhc/domain';
import { LANGUAGES } from '@rhc/i18n';
import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../../platform/i18n/request-language.ts';
import { NOTICE_KINDS, type OrderCategory } from '../category.ts';
import { ORDER_CATEGORY_REGISTRY, registeredCategories } from './index.ts';

/** Every i18n key a category's messages name. */
function textKeys(category: OrderCategory<never>): string[] {
  const { notices, confirmation, online, noticeOnline, flagged } = category.messages;
  const flaggedConfirmation = flagged?.confirmation;
  return [
    ...[...Object.values(notices), ...Object.values(flagged?.notices ?? {})].flatMap((texts) => [
      texts.subject,
      texts.body,
      texts.sms,
      texts.inApp,
    ]),
    confirmation.subject,
    confirmation.body,
    ...(flaggedConfirmation ? [flaggedConfirmation.subject, flaggedConfirmation.body] : []),
    online,
    noticeOnline,
  ];
}

describe('order categories (issue 48)', () => {
  it('registers each category under its own name of ORDER_CATEGORIES, the exam first', () => {
    expect(registeredCategories().map((category) => category.id)).toContain('exam');
    for (const [id, category] of Object.entries(ORDER_CATEGORY_REGISTRY)) {
      expect(ORDER_CATEGORIES).toContain(id);
      expect(category.id).toBe(id);
    }
  });

  it('words every notice kind of every registered category', () => {
    for (const category of registeredCategories())
      expect(Object.keys(category.messages.notices).sort(), category.id).toEqual([...NOTICE_KINDS].sort());
  });

  it('has every text of every registered category in vi, en and zh', () => {
    const missing: string[] = [];
    for (const category of registeredCategories())
      for (const key of textKeys(category))
        for (const language of LANGUAGES)
          if (translatorFor.known(language, key) === undefined) missing.push(`${category.id} ${language} ${key}`);
    expect(missing).toEqual([]);
  });
});

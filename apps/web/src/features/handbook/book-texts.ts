import { HANDBOOK_CHAPTERS } from '@rhc/domain';
import type { TranslationKey } from '../../lib/i18n.ts';

/*
 * The keys of a page's and a chapter's texts, made from the slugs and ids of the domain's table of contents (the
 * texts are typed from the English file; the table's strings are checked against it by the book's tests).
 */
type BookKey = TranslationKey<'handbook'>;

export const pageTitleKey = (slug: string) => `pages.${slug}.title` as BookKey;
export const pageBodyKey = (slug: string) => `pages.${slug}.body` as BookKey;
export const chapterTitleKey = (chapterId: string) => `chapters.${chapterId}` as BookKey;

/** A chapter's number as the book shows it (1 for the first). */
export const chapterNumber = (chapterId: string) => HANDBOOK_CHAPTERS.findIndex((chapter) => chapter.id === chapterId) + 1;

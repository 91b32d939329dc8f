import type { OrderCategory as OrderCategoryId } from '@rhc/domain';
import type { OrderCategory } from '../category.ts';
import { exam } from './exam.ts';
import { imaging } from './imaging.ts';
import { lab } from './lab.ts';
import { vaccine } from './vaccine.ts';

/**
 * The order categories served, keyed by the domain's ORDER_CATEGORIES: a new one is its file beside exam.ts and one line
 * here (docs/adding-a-domain.md, path B).
 */
export const ORDER_CATEGORY_REGISTRY: { readonly [Id in OrderCategoryId]?: OrderCategory<never, Id> } = {
  exam,
  lab,
  imaging,
  vaccine,
};

/** Every registered category (the messages' test walks them). */
export function registeredCategories(): OrderCategory<never>[] {
  return Object.values(ORDER_CATEGORY_REGISTRY).filter((category) => category !== undefined);
}

/** The category of a stored order; an order of a category this server does not serve is a programming error. */
export function categoryOf(id: string): OrderCategory<never> {
  const category = (ORDER_CATEGORY_REGISTRY as Record<string, OrderCategory<never> | undefined>)[id];
  if (!category) throw new Error(`order category not served: ${id}`);
  return category;
}

export { exam, imaging, lab, vaccine };

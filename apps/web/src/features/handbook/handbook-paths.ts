/** Where the book lives; the router owns the route (`/medical-information/:page?`), the book builds its own links. */
export const HANDBOOK_BASE_PATH = '/medical-information/';

/** The book's contents (no slug) or one of its pages. */
export function handbookPath(slug?: string): string {
  return slug ? `${HANDBOOK_BASE_PATH}${encodeURIComponent(slug)}` : HANDBOOK_BASE_PATH;
}

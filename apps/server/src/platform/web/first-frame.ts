import type { Language } from '@rhc/i18n';
import { translatorFor } from '../i18n/request-language.ts';

/**
 * The first frame of a page, in the page itself (decision 029). The app's code takes seconds to arrive and run on a
 * phone on a slow network; until it has, index.html shows the header's logo and nothing of the page. For the pages
 * below the server also writes the top of the page into `#root` — the title, and the sentence under it — in the
 * visitor's language, laid out to the pixel where the app will draw them (the `ff-*` rules in index.html's inline
 * style). The person reads what the page is at the first paint; the app keeps these texts in place until the page's
 * own code has arrived (decision 038), then the real page replaces them, the title staying where it was
 * (e2e/first-frame.spec.ts compares the two, page by page).
 *
 * Nothing in a frame belongs to a person: only the page's own fixed texts, so one frame serves every visitor with
 * the same language and session state, and the server makes each once.
 */

/** A text of the translation files, `namespace:key`. */
type Key = `${string}:${string}`;

type PageLayout = 'booking' | 'wide' | 'section' | 'record';

type Frame =
  /** The home page's welcome: the product's name, the headline and the promise under it. */
  | { kind: 'hero' }
  /** The account pages' card (log in, forgotten password): its title and introduction. */
  | { kind: 'card'; title: Key; intro: Key }
  /**
   * A page's title and maybe its introduction, in one of the app's page layouts: `booking` (medium width: the booking
   * form, the list of bookings), `wide` (wide: the month of bookings), `section` (wide, with less padding on a phone:
   * monitoring, relatives, working hours) or `record` (wide, under the breadcrumb "Home › <title>").
   */
  | { kind: 'page'; layout: PageLayout; title: Key; intro?: Key };

interface FramedRoute {
  /** Who sees the page at this address: anyone, only someone signed in (else the app sends them to log in), or not. */
  audience: 'anyone' | 'signedIn' | 'signedOut';
  frame: Frame;
}

/** A page only someone signed in sees, framed by its title and maybe its introduction in one of the page layouts. */
const signedInPage = (layout: PageLayout, title: Key, intro?: Key): FramedRoute => ({
  audience: 'signedIn',
  frame: { kind: 'page', layout, title, intro },
});

/** The pages with a first frame, by address (the web app's `config/paths.ts`). */
const FRAMED_ROUTES: Record<string, FramedRoute> = {
  '/': { audience: 'anyone', frame: { kind: 'hero' } },
  '/login/': { audience: 'signedOut', frame: { kind: 'card', title: 'accounts:login.title', intro: 'accounts:login.intro' } },
  '/forgetpassword/': {
    audience: 'signedOut',
    frame: { kind: 'card', title: 'accounts:forgot.title', intro: 'accounts:forgot.intro' },
  },
  // Public tools people reach from a search.
  '/alcohol-elimination-time/': {
    audience: 'anyone',
    frame: { kind: 'page', layout: 'booking', title: 'alcohol:pageTitle', intro: 'alcohol:intro' },
  },
  '/medical-information/': {
    audience: 'anyone',
    frame: { kind: 'page', layout: 'booking', title: 'handbook:book.title', intro: 'handbook:book.intro' },
  },
  '/healthcare/': signedInPage('booking', 'booking:pages.direct', 'booking:pages.directIntro'),
  '/healthcare-online/': signedInPage('booking', 'booking:pages.online', 'booking:pages.onlineIntro'),
  '/health-record/': signedInPage('record', 'records:page.title', 'records:page.intro'),
  '/health-monitoring/': signedInPage('section', 'monitoring:title', 'monitoring:intro'),
  '/relativemanagement/': signedInPage('section', 'relatives:title', 'relatives:intro'),
  // The bookings pages show a patient their own and a doctor those assigned to them, under the same title.
  '/applicationlist/': signedInPage('booking', 'orders:list.pageTitle'),
  '/order-list-in-month/': signedInPage('wide', 'orders:month.pageTitle'),
  // Anyone signed in sees this top (someone who is not a doctor, with a note under it that the page is not theirs).
  '/schedulemanagement/': signedInPage('section', 'schedules:title', 'schedules:page.intro'),
};

/** The addresses that have a first frame, and who sees each (for the tests that compare each with the app). */
export const FRAMED_PAGES = Object.entries(FRAMED_ROUTES).map(([path, route]) => ({ path, audience: route.audience }));

export interface PageHead {
  /** The document's title, as the app names the page (`app.pageTitle`), or the product's own title. */
  title: string;
  /** HTML for `#root` after the header, or '' when the page has no frame for this visitor. */
  frame: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/**
 * The framed page a visitor sees at this address (no query; `/login` and `/login/` alike), signed in or not (the
 * session hint cookie: the app itself decides the same way whether to show the page or send the person to log in);
 * '' when the address shows no frame to them.
 */
export function framedPathFor(pathname: string, signedIn: boolean): string {
  const withSlash = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const route = Object.hasOwn(FRAMED_ROUTES, withSlash) ? FRAMED_ROUTES[withSlash] : undefined;
  const shown = route && (route.audience === 'anyone' || (route.audience === 'signedIn') === signedIn);
  return shown ? withSlash : '';
}

function frameHtml(frame: Frame, text: (key: Key) => string): string {
  switch (frame.kind) {
    case 'hero':
      return (
        '<main class="ff-main"><section class="ff-hero"><div class="ff-container ff-hero-inner">' +
        `<p class="ff-eyebrow">${text('common:app.name')}</p>` +
        `<h1 class="ff-hero-title">${text('common:home.hero.title')}</h1>` +
        `<p class="ff-promise">${text('common:home.hero.promise')}</p>` +
        '</div></section></main>'
      );
    case 'card':
      return (
        '<main class="ff-main"><div class="ff-container ff-account"><div class="ff-card">' +
        `<h1 class="ff-title">${text(frame.title)}</h1><p class="ff-intro">${text(frame.intro)}</p>` +
        '</div></div></main>'
      );
    case 'page': {
      const title = text(frame.title);
      // The breadcrumb is a working link home, as the app's.
      const breadcrumb =
        frame.layout === 'record'
          ? `<nav class="ff-crumbs" aria-label="${text('records:page.breadcrumb')}"><a href="/">${text('records:page.home')}</a>` +
            `<span class="ff-crumb-separator" aria-hidden="true">›</span><span aria-current="page">${title}</span></nav>`
          : '';
      const intro = frame.intro ? `<p class="ff-intro">${text(frame.intro)}</p>` : '';
      return (
        `<main class="ff-main"><div class="ff-container ff-${frame.layout}">${breadcrumb}` +
        `<h1 class="ff-title">${title}</h1>${intro}</div></main>`
      );
    }
  }
}

function pageTitleKey(frame: Frame): Key | undefined {
  return frame.kind === 'hero' ? undefined : frame.title;
}

/** The document title and first frame of a framed page (`framedPathFor`; '' for none) in `language`. */
export function pageHead(framedPath: string, language: Language): PageHead {
  const t = translatorFor(language);
  const text = (key: Key) => escapeHtml(t(key));
  const route = Object.hasOwn(FRAMED_ROUTES, framedPath) ? FRAMED_ROUTES[framedPath] : undefined;
  const titleKey = route && pageTitleKey(route.frame);
  return {
    title: titleKey ? escapeHtml(t('common:app.pageTitle', { page: t(titleKey) })) : text('common:app.title'),
    frame: route ? frameHtml(route.frame, text) : '',
  };
}

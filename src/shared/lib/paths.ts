/**
 * Every route path of the product, in one place. It lives in shared/ so that pages and
 * features can link to each other; any other path shows the not-found page.
 */
export const PATHS = {
  home: '/',
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
  feedback: '/feedback',
} as const;

/** Every route path of the product, in one place (spec section 2). */
export const PATHS = {
  home: '/',
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
  feedback: '/feedback',
} as const;

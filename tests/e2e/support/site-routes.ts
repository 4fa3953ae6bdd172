/** The site's routes as the e2e specs see them: heading, number of h2 sections in <main>, document title. */
export const SITE_ROUTES = [
  { path: '/', heading: /PNG to GIF/, title: /PNG to GIF Converter/ },
  { path: '/terms', heading: 'Terms of Service', sections: 11, title: 'Terms of Service - PNG to GIF Converter' },
  { path: '/privacy', heading: 'Privacy Policy', sections: 11, title: 'Privacy Policy - PNG to GIF Converter' },
  { path: '/cookies', heading: 'Cookie Policy', sections: 9, title: 'Cookie Policy - PNG to GIF Converter' },
  { path: '/feedback', heading: 'We Value Your Feedback', sections: 2, title: 'Feedback - PNG to GIF Converter' },
  {
    path: '/this/path/does/not/exist',
    heading: 'Oops! Page not found',
    sections: 0,
    title: 'Page Not Found - PNG to GIF Converter',
  },
] as const;

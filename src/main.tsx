/**
 * The page is in its HTML already (prerendered at build time); the app's code is fetched once that HTML has
 * painted, so that nothing the first paint needs waits behind it. A tab opened in the background paints
 * nothing until shown: it starts at once.
 */
const start = () => void import('./app/start');

if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));

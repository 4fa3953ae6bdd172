import { expect, test, type Page } from '@playwright/test';
import { SITE_ROUTES } from './support/site-routes';

/** What each page's HTML says before any script has run: its heading, a line of its text, its description. */
const FIRST_SCREENS: Record<(typeof SITE_ROUTES)[number]['path'], { line: string; description: RegExp }> = {
  '/': {
    line: 'Turn PNG images into a static GIF or a looping animation in seconds.',
    description: /^Convert PNG images to static or animated GIFs for free/,
  },
  '/terms': { line: '1. Acceptance of Terms', description: /^The terms for using the free PNG to GIF Converter/ },
  '/privacy': { line: '1. Information We Collect', description: /^How PNG to GIF Converter handles your data/ },
  '/cookies': { line: 'What Are Cookies', description: /cookies/i },
  '/feedback': { line: 'Send Feedback', description: /^Tell us what you think of PNG to GIF Converter/ },
  '/this/path/does/not/exist': { line: 'Return to Home', description: /^Convert PNG images/ },
};

/** Errors and warnings the page logs, but the not-found page's own log of the missing path (and its 404). */
function watchConsole(page: Page): string[] {
  const logged: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (/User attempted to access non-existent route|status of 404|Service Worker registration blocked/.test(text))
      return;
    logged.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => logged.push(`pageerror: ${error.message}`));
  return logged;
}

test.describe('each page is in its HTML before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  for (const route of SITE_ROUTES) {
    test(`${route.path}: heading, text, title and description`, async ({ page }) => {
      await page.goto(route.path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(route.heading);
      await expect(main).toContainText(FIRST_SCREENS[route.path].line);
      await expect(page).toHaveTitle(route.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        FIRST_SCREENS[route.path].description,
      );
      // Styled by the stylesheet alone: the header is laid out as a bar, not as an unstyled list.
      const banner = await page.getByRole('banner').boundingBox();
      expect(banner!.height).toBeLessThan(100);
    });
  }
});

test('a page paints without its JavaScript, in the dark scheme too, under the strict CSP', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  // No script of the bundle arrives; the inline colour-scheme script, allowed by its hash, still runs.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PNG to GIF Converter');
  await expect(page.getByText('Drag PNG files here or click to select')).toBeVisible();
  expect(violations).toEqual([]);
});

test.describe('hydration', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const route of SITE_ROUTES) {
      test(`${route.path} (${scheme}) hydrates without an error and works`, async ({ page }) => {
        const logged = watchConsole(page);
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(route.path);
        // The year is the browser's, filled in once the page has hydrated.
        await expect(page.getByRole('contentinfo')).toContainText(
          `© ${new Date().getFullYear()} PNG to GIF Converter. All rights reserved.`,
        );
        const next = scheme === 'dark' ? 'light' : 'dark';
        await page.getByRole('button', { name: `Switch to ${next} mode` }).click();
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', next);
        expect(logged).toEqual([]);
      });
    }
  }

  test('a page whose path has no prerendered HTML of its own renders, not hydrates, its route', async ({ page }) => {
    const logged = watchConsole(page);
    // The home page's HTML at a query the hosts and the service worker answer with it.
    await page.goto('/?pool=1');
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
    await page.goto('/terms/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
    expect(logged).toEqual([]);
  });
});

test('robots.txt and sitemap.xml are real files, the sitemap naming every page', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  const robotsText = await robots.text();
  expect(robotsText).toMatch(/^User-agent: \*$/m);
  expect(robotsText).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/^(text|application)\/xml/);
  const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    ([, url]) => new URL(url!).pathname,
  );
  expect(locations).toEqual(['/', '/terms', '/privacy', '/cookies', '/feedback']);
  for (const path of locations) expect((await request.get(new URL(path, baseURL).href)).status(), path).toBe(200);
  expect((await request.get('/this/path/does/not/exist')).status()).toBe(404);
});

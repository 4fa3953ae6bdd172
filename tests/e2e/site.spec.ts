import { expect, test, type Page } from '@playwright/test';
import { holdEngineDownload } from './support/engine-download';
import { SITE_ROUTES } from './support/site-routes';

const LOCALE = 'en-GB';
test.use({ locale: LOCALE });

function todayForReader(): string {
  return new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date());
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('every route', () => {
  for (const route of SITE_ROUTES) {
    test(`${route.path} renders its heading, sections, title and the shared layout`, async ({ page }) => {
      await page.goto(route.path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(route.heading);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      if ('sections' in route) await expect(main.locator('h2')).toHaveCount(route.sections);
      await expect(page).toHaveTitle(route.title);

      await expect(page.getByRole('banner').getByRole('link', { name: 'PNG to GIF Converter' })).toHaveAttribute(
        'href',
        '/',
      );
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText(`© ${new Date().getFullYear()} PNG to GIF Converter. All rights reserved.`);
      await expect(footer).toContainText('Free PNG to GIF conversion tool');
    });
  }
});

test('the legal pages show the current day as their last update', async ({ page }) => {
  for (const path of ['/terms', '/privacy', '/cookies']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toContainText(`Last updated: ${todayForReader()}`);
  }
});

test('the cookie policy has its description, four cookie types with bullets and four browsers', async ({ page }) => {
  await page.goto('/cookies');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /cookies/i);
  const main = page.getByRole('main');
  for (const type of ['Essential Cookies', 'Functional Cookies', 'Analytics Cookies', 'Performance Cookies']) {
    const heading = main.getByRole('heading', { level: 3, name: type });
    await expect(heading).toBeVisible();
    await expect(heading.locator('xpath=following-sibling::ul[1]/li')).not.toHaveCount(0);
  }
  const managing = main.locator('section', { has: page.getByRole('heading', { name: '5. Managing Cookies' }) });
  for (const browser of ['Chrome:', 'Firefox:', 'Safari:', 'Edge:']) await expect(managing).toContainText(browser);
  await expect(main.locator('section').last().getByRole('link', { name: 'feedback page' })).toHaveAttribute(
    'href',
    '/feedback',
  );
});

test('the privacy policy says files stay in the browser and an email address is voluntary', async ({ page }) => {
  await page.goto('/privacy');
  const main = page.getByRole('main');
  await expect(main).toContainText('processed on your device and are never uploaded');
  await expect(main).toContainText('only if you choose to give it, your email address');
  await expect(main.getByRole('heading', { level: 2, name: /Children/ })).toContainText('Children');
  await expect(main).toContainText('children under 13');
});

test('the header highlights the current page and the footer links lead to every page', async ({ page }) => {
  await page.goto('/');
  await expect(mainNav(page).getByRole('link', { name: 'PNG to GIF' })).toHaveAttribute('aria-current', 'page');
  await mainNav(page).getByRole('link', { name: 'Feedback' }).click();
  await expect(page).toHaveURL('/feedback');
  await expect(mainNav(page).getByRole('link', { name: 'Feedback' })).toHaveAttribute('aria-current', 'page');
  await expect(mainNav(page).getByRole('link', { name: 'PNG to GIF' })).not.toHaveAttribute('aria-current');

  const quickLinks = page.getByRole('navigation', { name: 'Quick Links' });
  for (const [name, path, heading] of [
    ['Terms of Service', '/terms', 'Terms of Service'],
    ['Privacy Policy', '/privacy', 'Privacy Policy'],
    ['Cookie Policy', '/cookies', 'Cookie Policy'],
    ['Feedback', '/feedback', 'We Value Your Feedback'],
  ] as const) {
    await quickLinks.getByRole('link', { name }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
});

test('the header links stay put while the offline badge appears and changes', async ({ page, context }) => {
  // A link that moves under the pointer takes the click meant for it somewhere else.
  const feedback = mainNav(page).getByRole('link', { name: 'Feedback' });
  const toggle = page.getByRole('button', { name: /^Switch to (dark|light) mode$/ });
  const positions = async () => {
    const [link, button] = [await feedback.boundingBox(), await toggle.boundingBox()];
    return { link: link?.x, button: button?.x };
  };
  // The engine's download is held, so the service worker's first installation stays under way.
  const release = await holdEngineDownload(context);
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  const prerendered = await positions();
  expect(prerendered.link).toBeGreaterThan(0);

  await page.unrouteAll();
  await page.reload();
  await expect(page.locator('[data-offline-status="preparing"]')).toBeVisible();
  expect(await positions(), 'preparing').toEqual(prerendered);
  release();
  await expect(page.locator('[data-offline-status="ready"]')).toBeVisible({ timeout: 60_000 });
  expect(await positions(), 'ready').toEqual(prerendered);
  await context.setOffline(true);
  await expect(page.locator('[data-offline-status="offline"]')).toBeVisible();
  expect(await positions(), 'offline').toEqual(prerendered);
  await context.setOffline(false);
});

test('the open-source notice names the FFmpeg build, its licence (with the text) and its exact source', async ({
  page,
}) => {
  await page.goto('/terms');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Open-source licences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open-source licences' });
  await expect(dialog).toContainText('FFmpeg 7.1.5');
  await expect(dialog).toContainText('LGPL-2.1-or-later');
  await expect(dialog).toContainText('ffmpeg_7.1.5.orig.tar.xz');
  await expect(dialog).toContainText('de668509caf9e35e3cd162473441fdb29538c6d96ed080292b3cf9e6fc5d558f');
  await expect(dialog).toContainText('wasm-assets/core/build.sh');
  // Our changes to FFmpeg's source are named (LGPL: modified files say so, and where the changes are).
  await expect(dialog).toContainText('patches/paletteuse-colour-cache.patch');
  await expect(dialog.getByRole('link', { name: 'https://ffmpeg.org' })).toBeVisible();
  // The licence text itself is shipped with the site.
  const licence = await page.request.get(
    (await dialog.getByRole('link', { name: 'full licence text' }).getAttribute('href'))!,
  );
  expect(licence.ok()).toBe(true);
  expect(await licence.text()).toContain('GNU LESSER GENERAL PUBLIC LICENSE');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the colour-scheme toggle switches light and dark and remembers the choice', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/terms');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('the scheme follows the system until the visitor chooses', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/privacy');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
});

test('a deep unknown path shows the 404 page, logs the path and leads home', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.goto('/guides/animated/unknown-page');
  const main = page.getByRole('main');
  await expect(main).toContainText('404');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expect.poll(() => logged.some((text) => text.includes('/guides/animated/unknown-page'))).toBe(true);
  await main.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
});

test.describe('an unexpected application error', () => {
  // A service worker serving precached chunks would bypass page.route; these tests need the network path.
  test.use({ serviceWorkers: 'block' });

  test('a page whose code cannot load shows the fallback page with message and stack', async ({ page }) => {
    // The production build, untouched: the Terms page's chunk fails to download, so its lazy route throws.
    await page.route('**/assets/TermsPage-*.js', (route) => route.abort());
    await page.goto('/terms');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
    await expect(main.getByTestId('error-message')).toContainText('Failed to fetch dynamically imported module');
    await expect(main.getByTestId('error-stack')).toContainText('TypeError');
    await expect(page).toHaveTitle('Application Error - PNG to GIF Converter');
    // The layout survives a page error, so the visitor can navigate away.
    await expect(page.getByRole('banner')).toBeVisible();
    await page.unroute('**/assets/TermsPage-*.js');
    await main.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('the same fallback appears when navigating to a page that fails', async ({ page }) => {
    await page.route('**/assets/CookiesPage-*.js', (route) => route.abort());
    await page.goto('/feedback');
    await page.getByRole('navigation', { name: 'Quick Links' }).getByRole('link', { name: 'Cookie Policy' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
    await expect(page.getByTestId('error-message')).toContainText('CookiesPage');
  });
});

test.describe('on a 375 px wide screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu button opens and closes the navigation, and choosing a link closes it', async ({ page }) => {
    await page.goto('/terms');
    const openButton = page.getByRole('button', { name: 'Open navigation menu' });
    await expect(openButton).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page)).toBeHidden();

    await openButton.click();
    const closeButton = page.getByRole('button', { name: 'Close navigation menu' });
    await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
    await expect(mainNav(page).getByRole('link', { name: 'PNG to GIF' })).toBeVisible();
    await closeButton.click();
    await expect(mainNav(page)).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await mainNav(page).getByRole('link', { name: 'Feedback' }).click();
    await expect(page).toHaveURL('/feedback');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We Value Your Feedback');
    await expect(mainNav(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open navigation menu' })).toHaveAttribute('aria-expanded', 'false');

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await expect(mainNav(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(mainNav(page)).toBeHidden();
  });

  test('nothing overflows the screen sideways', async ({ page }) => {
    for (const path of ['/', '/terms', '/privacy', '/cookies', '/feedback', '/missing']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test('keyboard focus is visible on the header links', async ({ page }) => {
  await page.goto('/terms');
  // The prerendered page takes focus once hydrated (it is inert before).
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  const link = mainNav(page).getByRole('link', { name: 'Feedback' });
  await link.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  const outline = await link.evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).not.toBe('none');
});

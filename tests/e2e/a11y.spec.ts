import { expect, test } from '@playwright/test';
import { fileInput, patternPng } from './home-support';
import { seriousViolations } from './support/axe';
import { SITE_ROUTES } from './support/site-routes';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility in the ${colorScheme} scheme`, () => {
    // No service worker: a precached chunk would bypass the aborted route of the error-page audit.
    test.use({ colorScheme, serviceWorkers: 'block' });

    for (const route of SITE_ROUTES) {
      test(`${route.path} has no serious or critical axe violation`, async ({ page }) => {
        await page.goto(route.path);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('the feedback form with its error messages has no serious or critical violation', async ({ page }) => {
      await page.goto('/feedback');
      await page.getByRole('button', { name: 'Send Feedback' }).click();
      await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the error page has no serious or critical violation', async ({ page }) => {
      await page.route('**/assets/PrivacyPage-*.js', (route) => route.abort());
      await page.goto('/privacy');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the timing extras, Fit under and its result have no serious or critical violation', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/');
      await fileInput(page).setInputFiles([0, 120, 240].map((hue) => patternPng(`f${hue}.png`, 64, 48, hue)));
      await page.getByRole('switch', { name: /^Hold last frame/ }).press('Space');
      await expect(page.getByRole('switch', { name: /^Hold last frame/ })).toBeChecked();
      await page.getByRole('switch', { name: /^Boomerang/ }).press('Space');
      await expect(page.getByRole('switch', { name: /^Boomerang/ })).toBeChecked();
      await page.getByText('Number of plays', { exact: true }).click();
      await page.getByRole('combobox', { name: 'Fit under' }).click();
      await page.getByRole('option', { name: /^Custom size/ }).click();
      await expect(page.getByRole('textbox', { name: 'Custom size' })).toBeVisible();
      await expect(page.getByTestId('play-length')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: /^Convert/ }).click();
      await expect(page.getByTestId('fit-summary')).toBeVisible({ timeout: 90_000 });
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the open mobile menu and the licences dialog have no serious or critical violation', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto('/cookies');
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Open-source licences' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

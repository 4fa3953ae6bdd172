import { expect, test } from '@playwright/test';
import {
  dispatchDrag,
  dropFiles,
  dropzone,
  expectToast,
  fileInput,
  listedFileNames,
  patternPng,
  toast,
  toDropped,
} from './home-support';
import { axeViolations } from './support/axe';

const red = patternPng('red.png', 64, 48, 0);
const green = patternPng('green.png', 64, 48, 120);
const blue = patternPng('blue.png', 64, 48, 240);

test.describe('home page', () => {
  test('shows its sections in order, with title and description', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/PNG to GIF Converter/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /PNG images to static or animated GIFs/,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('PNG to GIF Converter');
    for (const badge of ['Free & Fast', 'No Registration', 'Privacy First', 'Batch Processing']) {
      await expect(page.getByText(badge, { exact: true })).toBeVisible();
    }
    // Settings appear only once files are chosen.
    await expect(page.getByRole('heading', { name: 'Conversion settings' })).toHaveCount(0);
    const sections = [
      page.getByRole('heading', { level: 1 }),
      page.getByText('Free & Fast', { exact: true }),
      dropzone(page),
      page.getByRole('button', { name: /^Convert/ }),
      page.getByRole('heading', { name: 'Share this converter' }),
      page.getByRole('heading', { name: 'Frequently Asked Questions' }),
    ];
    const order: number[] = [];
    for (const section of sections) order.push((await section.boundingBox())!.y);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  test('chooses files with the file dialog, lists them, removes one and clears all', async ({ page }) => {
    await page.goto('/');
    const chooser = page.waitForEvent('filechooser');
    await dropzone(page).click();
    await (await chooser).setFiles([red, green, blue]);
    await expectToast(page, 'Files uploaded: 3 PNG file(s) ready for conversion.');
    // New files arrive in natural name order.
    await expect.poll(() => listedFileNames(page)).toEqual(['blue.png', 'green.png', 'red.png']);
    await expect(page.getByTestId('file-row').first()).toContainText(/\d+(\.\d+)? (Bytes|KB) · image\/png/);
    // The first row's thumbnail is blue.png (64x48) shrunk to 48x36 and centred: a band left empty above it,
    // its left edge at its own blue (240), its disc's (230) in the middle.
    const thumbnail = page.getByTestId('file-row').first().getByTestId('file-thumbnail');
    const pixelAt = (x: number, y: number) =>
      thumbnail.evaluate(
        (canvas: HTMLCanvasElement, [x, y]) => {
          const side = canvas.width / 48;
          return [...canvas.getContext('2d')!.getImageData(x * side, y * side, 1, 1).data];
        },
        [x, y] as const,
      );
    await expect.poll(() => pixelAt(24, 24).then((rgba) => rgba[3])).toBe(255);
    expect((await pixelAt(24, 2))[3]).toBe(0);
    const [edge, middle] = [await pixelAt(1, 24), await pixelAt(24, 24)];
    expect(edge[0]).toBeLessThan(30);
    expect(Math.abs(edge[2]! - 240)).toBeLessThan(12);
    expect(Math.abs(middle[2]! - 230)).toBeLessThan(12);
    expect(Math.abs(middle[0]! - 128)).toBeLessThan(20);
    await expect(page.getByRole('radio', { name: 'Animated GIF' })).toBeChecked();

    await page.getByRole('button', { name: 'Remove green.png' }).click();
    await expect.poll(() => listedFileNames(page)).toEqual(['blue.png', 'red.png']);
    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect(page.getByTestId('file-row')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Conversion settings' })).toHaveCount(0);
  });

  test('reorders frames from the keyboard', async ({ page }) => {
    await page.goto('/');
    await fileInput(page).setInputFiles([red, green, blue]);
    const handle = page.getByRole('button', { name: 'Reorder blue.png, frame 1' });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect.poll(() => listedFileNames(page)).toEqual(['green.png', 'red.png', 'blue.png']);
  });

  test('has no accessibility violations, before and after choosing files', async ({ page }) => {
    await page.goto('/');
    // Landmarks come with the app layout (site branch) and text contrast with the app theme (reported to the lead).
    expect(await axeViolations(page)).toEqual([]);
    await fileInput(page).setInputFiles([red, green]);
    await expect(page.getByRole('heading', { name: 'Conversion settings' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a cancelled file dialog changes nothing', async ({ page }) => {
    await page.goto('/');
    await fileInput(page).setInputFiles([red]);
    await expectToast(page, 'Files uploaded: 1 PNG file(s) ready for conversion.');
    const chooser = page.waitForEvent('filechooser');
    await dropzone(page).click();
    await (await chooser).setFiles([]);
    await page.waitForTimeout(400); // react-dropzone reports a cancel 300 ms after focus returns
    await expect.poll(() => listedFileNames(page)).toEqual(['red.png']);
  });

  test('takes files by drag and drop, with accept and reject styles while dragging', async ({ page }) => {
    await page.goto('/');
    await dispatchDrag(page, 'dragenter', [toDropped(red)]);
    await expect(dropzone(page)).toHaveAttribute('data-accept', 'true');
    await dispatchDrag(page, 'dragleave', [toDropped(red)]);
    await dispatchDrag(page, 'dragenter', [{ name: 'photo.jpg', type: 'image/jpeg', base64: 'AA==' }]);
    await expect(dropzone(page)).toHaveAttribute('data-reject', 'true');
    await dispatchDrag(page, 'dragleave', [{ name: 'photo.jpg', type: 'image/jpeg', base64: 'AA==' }]);
    await expect(dropzone(page)).toHaveAttribute('data-idle', 'true');

    await dropFiles(page, [toDropped(blue), toDropped(red)]);
    await expectToast(page, 'Files uploaded: 2 PNG file(s) ready for conversion.');
    await expect.poll(() => listedFileNames(page)).toEqual(['blue.png', 'red.png']);

    // A new choice replaces the selection.
    await dropFiles(page, [toDropped(green)]);
    await expect.poll(() => listedFileNames(page)).toEqual(['green.png']);
    await expect(page.getByRole('radio', { name: 'Static GIF' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Animated GIF' })).toBeDisabled();
  });

  test('refuses what it must refuse, in its own words', async ({ page }) => {
    await page.goto('/');
    await dropFiles(page, [{ name: 'photo.jpg', type: 'image/jpeg', base64: 'AA==' }, toDropped(red)]);
    await expectToast(page, 'Invalid file type');
    await expectToast(page, 'photo.jpg is not a PNG file.');
    await expectToast(page, 'Files uploaded: 1 PNG file(s) ready for conversion.');

    await dropFiles(page, [{ name: 'huge.png', type: 'image/png', size: 50 * 1024 * 1024 + 1 }]);
    await expectToast(page, 'Some files were rejected');
    await expectToast(page, 'huge.png: File is larger than 52428800 bytes');

    const eleven = [
      ...Array.from({ length: 10 }, (_, i) => toDropped(patternPng(`f${i}.png`, 8, 8))),
      { name: 'notes.txt', type: 'text/plain', base64: 'AA==' },
    ];
    await dropFiles(page, eleven);
    await expectToast(page, 'f0.png: Too many files');
    await expectToast(page, 'notes.txt: File type must be image/png (.png), Too many files');
    // Refused choices leave the earlier selection as it was.
    await expect.poll(() => listedFileNames(page)).toEqual(['red.png']);
  });

  test('asks for files before converting', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /^Convert/ }).click();
    await expectToast(page, 'No files selected');
    await expectToast(page, 'Please upload at least one PNG file to convert.');
  });

  test('keeps out-of-range sizes away from the engine', async ({ page }) => {
    await page.goto('/');
    await fileInput(page).setInputFiles([red]);
    await page.getByRole('switch', { name: /^Resize/ }).check({ force: true });
    const width = page.getByRole('textbox', { name: 'Width', exact: true });
    await width.fill('50');
    await expect(width).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Width must be between 100 and 3840 pixels')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Convert/ })).toBeDisabled();
    await width.fill('640');
    // Maintained aspect ratio: the first image is 64x48.
    await expect(page.getByRole('textbox', { name: 'Height', exact: true })).toHaveValue('480 px');
    await expect(page.getByRole('button', { name: /^Convert/ })).toBeEnabled();
  });

  test('fails visibly on a broken PNG, keeping the files; Reset clears everything', async ({ page }) => {
    await page.goto('/');
    await fileInput(page).setInputFiles([
      { name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not a png at all') },
    ]);
    await page.getByRole('button', { name: /^Convert/ }).click();
    await expectToast(page, 'Conversion failed');
    await expect(page.getByText('Conversion Failed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => listedFileNames(page)).toEqual(['broken.png']);

    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(page.getByText('Conversion Failed', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('file-row')).toHaveCount(0);
  });

  test('answers 10 questions, one at a time', async ({ page }) => {
    await page.goto('/');
    const faq = page
      .getByRole('region', { name: 'Frequently Asked Questions' })
      .or(page.locator('section[aria-labelledby="faq-title"]'));
    const questions = faq.first().getByRole('button');
    await expect(questions).toHaveCount(10);
    await questions.nth(3).click();
    await expect(page.getByText(/70 to 80 percent quality/)).toBeVisible();
    await questions.nth(0).click();
    await expect(questions.nth(3)).toHaveAttribute('aria-expanded', 'false');
    await questions.nth(0).click();
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('share card', () => {
  test('opens the share pages in 600x400 windows', async ({ page, context }) => {
    await context.route(/facebook\.com|twitter\.com|threads\.net|pinterest\.com|instagram\.com|tiktok\.com/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>stub</title>' }),
    );
    await page.goto('/');
    const pageUrl = page.url();
    const expected: [string, RegExp, Record<string, string>][] = [
      ['Facebook', /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?/, { u: pageUrl }],
      ['Twitter', /^https:\/\/twitter\.com\/intent\/tweet\?/, { url: pageUrl }],
      ['Pinterest', /^https:\/\/pinterest\.com\/pin\/create\/button\/\?/, { url: pageUrl }],
      ['Threads', /^https:\/\/www\.threads\.net\/intent\/post\?/, {}],
    ];
    for (const [label, address, params] of expected) {
      const popup = context.waitForEvent('page');
      await page.getByRole('button', { name: `Share on ${label}` }).click();
      const opened = await popup;
      await opened.waitForLoadState();
      const url = new URL(opened.url());
      expect(opened.url()).toMatch(address);
      for (const [key, value] of Object.entries(params)) expect(url.searchParams.get(key)).toBe(value);
      if (label === 'Threads') expect(url.searchParams.get('text')).toContain(pageUrl);
      const size = await opened.evaluate(() => [window.innerWidth, window.innerHeight]);
      expect(size).toEqual([600, 400]);
      await opened.close();
    }
  });

  test('Copy Link copies the page address; Instagram copies it and opens the site', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await context.route(/instagram\.com/, (route) => route.fulfill({ contentType: 'text/html', body: 'stub' }));
    await page.goto('/');
    await page.getByRole('button', { name: 'Copy Link' }).click();
    await expectToast(page, 'Link copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Share on Instagram' }).click();
    expect((await popup).url()).toBe('https://www.instagram.com/');
    await expect(toast(page, 'Link copied!')).toHaveCount(2);
  });

  test('says so when the clipboard refuses', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Copy Link' }).click();
    await expectToast(page, 'Failed to copy: Please copy the URL manually.');
  });
});

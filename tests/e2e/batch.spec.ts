import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { decodePng, encodePng, makeRgba } from '../fixtures/pngs';
import { decodeGif, isGif, meanAbsoluteError } from '../support/gif';
import { expectToast, fileInput, listedFileNames, patternPng, type PagePng } from './home-support';
import { axeViolations } from './support/axe';

// Real conversions, several per test, on a 2-core machine shared with other jobs.
test.setTimeout(180_000);

async function bytesOf(download: Download): Promise<Uint8Array> {
  return new Uint8Array(readFileSync(await download.path()));
}

async function download(page: Page, name: string): Promise<Download> {
  const link = page.getByRole('link', { name, exact: true });
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return file;
}

async function convertBatch(page: Page, files: PagePng[]) {
  await page.goto('/');
  await fileInput(page).setInputFiles(files);
  // Several files switch to Animated; Static is then one GIF per file.
  await expect(page.getByRole('radio', { name: 'Animated GIF' })).toBeChecked();
  await page.locator('label', { hasText: 'Static (one GIF per file)' }).click();
  await expect(page.getByRole('radio', { name: 'Static (one GIF per file)' })).toBeChecked();
  await expect(page.getByText(`${files.length} files → ${files.length} static GIFs, one per file`)).toBeVisible();
  await page.getByRole('button', { name: /^Convert/ }).click();
  await expect(page.getByRole('button', { name: /^Convert/ })).toHaveText('Convert to GIF', { timeout: 150_000 });
  await expect(page.getByTestId('files-done')).toHaveText(` · ${files.length} / ${files.length} files`);
}

test('five stills in Static mode become five GIFs, each downloadable, and one zip of exactly those', async ({
  page,
}) => {
  const sizes = [
    [64, 48],
    [80, 80],
    [120, 60],
    [50, 100],
    [96, 72],
  ] as const;
  const stills = sizes.map(([w, h], i) => patternPng(`still-${i + 1}.png`, w, h, i * 50));
  await convertBatch(page, stills);

  await expect(page.getByText('Your GIFs are ready for download!')).toBeVisible();
  await expect(page.getByText('5 of 5 files converted')).toBeVisible();
  await expectToast(page, 'Conversion successful!');
  await expect(page.getByTestId('batch-item')).toHaveCount(5);
  await expect(page.getByRole('link', { name: 'Download all (.zip)' })).toHaveAttribute('href', /^blob:/);
  expect(await axeViolations(page)).toEqual([]);

  const delivered = new Map<string, Uint8Array>();
  for (const [i, still] of stills.entries()) {
    const name = `still-${i + 1}.gif`;
    await expect(page.getByRole('img', { name: `Preview of ${name}` })).toHaveJSProperty('complete', true);
    const file = await download(page, `Download ${name}`);
    expect(file.suggestedFilename()).toBe(name);
    const bytes = await bytesOf(file);
    expect(isGif(bytes)).toBe(true);
    const gif = decodeGif(bytes);
    expect([gif.width, gif.height]).toEqual(sizes[i]);
    expect(gif.frames).toHaveLength(1);
    expect(meanAbsoluteError(gif.frames[0]!.image, decodePng(still.buffer))).toBeLessThan(12);
    delivered.set(name, bytes);
  }
  await expectToast(page, 'Download started');

  const zip = await download(page, 'Download all (.zip)');
  expect(zip.suggestedFilename()).toMatch(/^converted_\d+\.zip$/);
  const entries = unzipSync(await bytesOf(zip));
  expect(Object.keys(entries).sort()).toEqual([...delivered.keys()].sort());
  for (const [name, bytes] of delivered) expect(Buffer.from(entries[name]!).equals(Buffer.from(bytes))).toBe(true);
});

test('a corrupt file in a batch shows its error, and the other GIFs are delivered', async ({ page }) => {
  const broken: PagePng = {
    name: 'b-broken.png',
    mimeType: 'image/png',
    // A PNG signature followed by garbage: accepted by the upload check, refused by the decoder.
    buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]),
  };
  await convertBatch(page, [patternPng('a-good.png', 64, 48, 0), broken, patternPng('c-good.png', 72, 54, 200)]);

  const failure = page.getByTestId('batch-failure');
  await expect(failure).toHaveCount(1);
  await expect(failure).toContainText('b-broken.png');
  await expect(failure).toContainText(/Failed to load image/);
  await expectToast(page, '1 of 3 files could not be converted.');
  await expect(page.getByText('2 of 3 files converted')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download b-broken.gif' })).toHaveCount(0);

  for (const [name, size] of [
    ['a-good.gif', [64, 48]],
    ['c-good.gif', [72, 54]],
  ] as const) {
    const gif = decodeGif(await bytesOf(await download(page, `Download ${name}`)));
    expect([gif.width, gif.height]).toEqual(size);
  }
  const entries = unzipSync(await bytesOf(await download(page, 'Download all (.zip)')));
  expect(Object.keys(entries).sort()).toEqual(['a-good.gif', 'c-good.gif']);
});

test('Cancel stops the whole batch; the next batch runs on fresh engines', async ({ page }) => {
  // Big enough that the batch is still running when Cancel is pressed, and over what is converted ahead
  // (rules/plan/convert-ahead.ts): Convert starts the batch rather than taking over a finished one.
  const big = [0, 1, 2, 3].map((i) => patternPng(`big-${i}.png`, 2560, 2400, i * 60));
  await page.goto('/');
  await fileInput(page).setInputFiles(big);
  await page.locator('label', { hasText: 'Static (one GIF per file)' }).click();
  await page.getByRole('button', { name: /^Convert/ }).click();
  await expect(page.getByTestId('files-done')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: /^Convert/ })).toHaveText('Convert to GIF');
  await expect(page.getByLabel('Conversion progress')).toHaveCount(0);
  await expect(page.getByTestId('batch-item')).toHaveCount(0);
  await expect(page.getByTestId('file-row')).toHaveCount(4);

  await fileInput(page).setInputFiles([patternPng('x.png', 40, 30, 0), patternPng('y.png', 50, 40, 200)]);
  await page.locator('label', { hasText: 'Static (one GIF per file)' }).click();
  await page.getByRole('button', { name: /^Convert/ }).click();
  await expect(page.getByText('2 of 2 files converted')).toBeVisible({ timeout: 60_000 });
  const gif = decodeGif(await bytesOf(await download(page, 'Download y.gif')));
  expect([gif.width, gif.height]).toEqual([50, 40]);
});

test('one GIF per file chosen while the animation made ahead runs: each GIF is its own picture', async ({ page }) => {
  // Over 4 MP in all: an animation made ahead and called off in its cores' run ends those cores at once.
  const hues = [0, 90, 180, 270];
  const frames = hues.map((hue) => patternPng(`frame-${hue}.png`, 1280, 960, hue));
  await page.goto('/');
  await fileInput(page).setInputFiles(frames);
  await expect(page.getByRole('radio', { name: 'Animated GIF' })).toBeChecked();
  await page.waitForTimeout(700); // the animation is made ahead meanwhile
  await page.locator('label', { hasText: 'Static (one GIF per file)' }).click();
  await page.getByRole('button', { name: /^Convert/ }).click();
  await expect(page.getByText('4 of 4 files converted')).toBeVisible({ timeout: 60_000 });
  for (const [i, hue] of hues.entries()) {
    const gif = decodeGif(await bytesOf(await download(page, `Download frame-${hue}.gif`)));
    expect([gif.width, gif.height, gif.frames.length]).toEqual([1280, 960, 1]);
    expect(meanAbsoluteError(gif.frames[0]!.image, decodePng(frames[i]!.buffer))).toBeLessThan(12);
  }

  // The engine goes on: the same files as one animation.
  await page.locator('label', { hasText: /^Animated GIF$/ }).click();
  await page.getByRole('button', { name: /^Convert/ }).click();
  await expect(page.getByText('Your GIF is ready for download!')).toBeVisible({ timeout: 60_000 });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download', exact: true }).click(),
  ]);
  const animation = decodeGif(await bytesOf(file));
  expect(animation.frames).toHaveLength(4);
});

const COLOURS = {
  red: [220, 30, 30],
  green: [30, 200, 60],
  blue: [40, 60, 230],
  yellow: [240, 220, 40],
} as const;
type Colour = keyof typeof COLOURS;

function solidPng(name: string, colour: Colour): PagePng {
  const [r, g, b] = COLOURS[colour];
  return { name, mimeType: 'image/png', buffer: Buffer.from(encodePng(makeRgba(48, 32, () => [r, g, b, 255]))) };
}

/** The colour a decoded frame shows, by its nearest reference colour. */
function colourOf(image: { data: Uint8Array }): Colour {
  const pixel = [...image.data.subarray(0, 3)];
  const distance = (c: Colour) => COLOURS[c].reduce((sum, v, i) => sum + Math.abs(v - pixel[i]!), 0);
  return (Object.keys(COLOURS) as Colour[]).sort((a, b) => distance(a) - distance(b))[0]!;
}

/** Lets hello-pangea/dnd handle the pointer moves so far: it reads them on animation frames. */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Drags a row by its handle with the mouse, the way a person does (hello-pangea/dnd needs real moves). */
async function dragRow(page: Page, handleName: string, targetRow: number) {
  // The whole list in the middle of a tall viewport: the mouse cannot leave the viewport, and a row near
  // its edge would make the library scroll the page under the pointer.
  await page
    .getByRole('region', { name: /^Selected files/ })
    .evaluate((list) => list.scrollIntoView({ block: 'center' }));
  const handle = page.getByRole('button', { name: handleName });
  const from = (await handle.boundingBox())!;
  const to = (await page.getByTestId('file-row').nth(targetRow).boundingBox())!;
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  // Past the sloppy-click threshold first, then to the target row's middle.
  await page.mouse.move(x, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(x, to.y + to.height / 2 + 4, { steps: 20 });
  await nextFrames(page);
  await page.mouse.up();
}

test.describe('frame strip', () => {
  test.use({ viewport: { width: 1280, height: 1200 } });

  test('an animation keeps the frame order set by drag and keyboard, and each frame its own delay', async ({
    page,
  }) => {
    await page.goto('/');
    await fileInput(page).setInputFiles([
      solidPng('f3.png', 'blue'),
      solidPng('f10.png', 'yellow'),
      solidPng('f1.png', 'red'),
      solidPng('f2.png', 'green'),
    ]);
    // Natural order on arrival.
    await expect.poll(() => listedFileNames(page)).toEqual(['f1.png', 'f2.png', 'f3.png', 'f10.png']);
    await expect(page.getByRole('radio', { name: 'Animated GIF' })).toBeChecked();

    // Drag: f1 from first to third place.
    await dragRow(page, 'Reorder f1.png, frame 1', 2);
    await expect.poll(() => listedFileNames(page)).toEqual(['f2.png', 'f3.png', 'f1.png', 'f10.png']);

    // Keyboard: move the last frame up twice with its button.
    await page.getByRole('button', { name: 'Move frame 4 up' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Move frame 3 up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => listedFileNames(page)).toEqual(['f2.png', 'f10.png', 'f3.png', 'f1.png']);

    // Per-frame delays: 120 ms, 34 ms (shown as 30 ms, the GIF's 10 ms steps), global 500 ms for the others.
    await page.getByRole('textbox', { name: 'Delay of frame 1 in milliseconds' }).fill('120');
    const second = page.getByRole('textbox', { name: 'Delay of frame 2 in milliseconds' });
    await second.fill('34');
    await second.blur();
    await expect(page.getByTestId('effective-delay').nth(1)).toHaveText('In the GIF: 30 ms');
    await page.getByRole('textbox', { name: 'Delay of frame 3 in milliseconds' }).fill('10');
    await expect(page.getByTestId('effective-delay').nth(2)).toHaveText(
      'In the GIF: 10 ms · under 20 ms, browsers slow it down',
    );
    await page.getByRole('textbox', { name: 'Delay of frame 3 in milliseconds' }).fill('');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: /^Convert/ }).click();
    const link = page.getByRole('link', { name: 'Download' });
    await expect(link).toBeVisible({ timeout: 120_000 });
    const gif = decodeGif(await bytesOf(await download(page, 'Download')));
    expect(gif.frames.map((frame) => colourOf(frame.image))).toEqual(['green', 'yellow', 'blue', 'red']);
    expect(gif.frames.map((frame) => frame.delayCs)).toEqual([12, 3, 50, 50]);
  });
});

import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { BLEND, buildApng, DISPOSE, readChunks, solid, writeChunks } from '../fixtures/apng';
import { decodeGif, isGif, type DecodedGif } from '../support/gif';
import {
  converterReady,
  dropzone,
  expectToast,
  fileInput,
  listedFileNames,
  patternPng,
  toast,
  type PagePng,
} from './home-support';

/**
 * Every way in besides the file dialog: animated PNGs, paste, folders, and the installed app's
 * file handler and share target.
 */

const COLOURS: [number, number, number, number][] = [
  [220, 30, 30, 255],
  [30, 200, 30, 255],
  [30, 30, 220, 255],
  [230, 200, 20, 255],
  [200, 30, 200, 255],
];
/** Mixed delays (ms): 10, 20, 30, 15 and 50 centiseconds in the GIF. */
const DELAYS_MS = [100, 200, 300, 150, 500];

/** 5 frames on a grey backdrop: each a coloured square at its own place; "background" disposal between them. */
function fiveFrameApng(): PagePng {
  const bytes = buildApng({
    width: 80,
    height: 60,
    plays: 0,
    // The default image is not part of the animation: Static mode converts it, Animated mode skips it.
    defaultImage: solid(80, 60, [255, 255, 255, 255]),
    frames: [
      { image: solid(80, 60, [128, 128, 128, 255]), delay: [DELAYS_MS[0]!, 1000] },
      ...COLOURS.slice(1).map((colour, index) => ({
        image: solid(20, 20, colour),
        x: 10 + index * 15,
        y: 20,
        delay: [DELAYS_MS[index + 1]!, 1000] as [number, number],
        dispose: DISPOSE.background,
        blend: BLEND.over,
      })),
    ],
  });
  return { name: 'animation.png', mimeType: 'image/png', buffer: Buffer.from(bytes) };
}

const pixelAt = (gif: DecodedGif, frame: number, x: number, y: number) => {
  const { image } = gif.frames[frame]!;
  return [...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4)];
};

const near = (actual: number[], expected: number[]) =>
  expect(Math.max(...actual.map((v, i) => Math.abs(v - expected[i]!)))).toBeLessThan(24);

async function convertAndDecode(page: Page): Promise<DecodedGif> {
  await page.getByRole('button', { name: /^Convert/ }).click();
  const download = page.getByRole('link', { name: 'Download' });
  await expect(download).toBeVisible({ timeout: 45_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const bytes = new Uint8Array(readFileSync(await file.path()));
  expect(isGif(bytes)).toBe(true);
  return decodeGif(bytes);
}

test('an APNG of 5 frames becomes a GIF of its 5 composited frames with their delays', async ({ page }) => {
  await page.goto('/');
  await converterReady(page);
  await fileInput(page).setInputFiles([fiveFrameApng()]);
  await expectToast(page, 'Files uploaded: 1 PNG file(s) ready for conversion.');
  await expect(page.getByTestId('file-row')).toHaveCount(1);
  await expect(page.getByTestId('file-row')).toContainText('5 frames');
  // One APNG is an animation on its own.
  await expect(page.getByRole('radio', { name: 'Animated GIF' })).toBeChecked();

  const gif = await convertAndDecode(page);
  expect([gif.width, gif.height]).toEqual([80, 60]);
  expect(gif.frames.map((frame) => frame.delayCs)).toEqual([10, 20, 30, 15, 50]);
  expect(gif.loopCount).toBe(0);
  near(pixelAt(gif, 0, 40, 30), [128, 128, 128, 255]);
  // Frame 2's square is drawn, then cleared to transparent before frame 3 ("background" disposal).
  near(pixelAt(gif, 1, 15, 25), COLOURS[1]!);
  expect(pixelAt(gif, 2, 12, 22)[3]).toBe(0);
  near(pixelAt(gif, 2, 30, 25), COLOURS[2]!);
  near(pixelAt(gif, 4, 60, 25), COLOURS[4]!);
  // Outside the squares, the first frame's backdrop stays.
  near(pixelAt(gif, 4, 5, 5), [128, 128, 128, 255]);
});

test('expanded, the APNG frames are reordered and timed like files', async ({ page }) => {
  await page.goto('/');
  await converterReady(page);
  await fileInput(page).setInputFiles([fiveFrameApng()]);
  await page.getByRole('button', { name: 'Expand the 5 frames of animation.png' }).click();
  await expect(page.getByTestId('file-row')).toHaveCount(5);
  await expect(page.getByTestId('file-row').nth(4)).toContainText('frame 5 of 5');
  await page.getByRole('button', { name: 'Move frame 5 up' }).click();
  await page.getByRole('textbox', { name: 'Delay of frame 1 in milliseconds' }).fill('700');

  const gif = await convertAndDecode(page);
  expect(gif.frames.map((frame) => frame.delayCs)).toEqual([70, 20, 30, 50, 15]);
  near(pixelAt(gif, 3, 60, 25), COLOURS[4]!);
});

test('expanded, each frame’s row shows that frame as a viewer shows it', async ({ page }) => {
  await page.goto('/');
  await converterReady(page);
  await fileInput(page).setInputFiles([fiveFrameApng()]);
  const rows = page.getByTestId('file-row');
  // The 80x60 animation in a 48-pixel square: 48x36, 6 pixels down; the picture's (x, y) lands there.
  const thumbnailPixel = (row: number, x: number, y: number) =>
    rows
      .nth(row)
      .getByTestId('file-thumbnail')
      .evaluate(
        (canvas: HTMLCanvasElement, [x, y]) => {
          const scale = canvas.width / 48;
          return [...canvas.getContext('2d')!.getImageData(x * scale, y * scale, 1, 1).data];
        },
        [Math.round(x * 0.6), Math.round(6 + y * 0.6)] as const,
      );
  await page.getByRole('button', { name: 'Expand the 5 frames of animation.png' }).click();
  await expect(rows).toHaveCount(5);
  // Frame 5's square is in its row only; frame 2's in its row, and cleared by frame 5's time. Rows decode
  // their thumbnails as they come near the screen.
  await rows.nth(4).scrollIntoViewIfNeeded();
  await expect.poll(() => thumbnailPixel(4, 65, 30).then((rgba) => rgba[3])).toBe(255);
  near(await thumbnailPixel(4, 65, 30), COLOURS[4]!);
  await expect.poll(() => thumbnailPixel(1, 20, 30).then((rgba) => rgba[3])).toBe(255);
  near(await thumbnailPixel(1, 20, 30), COLOURS[1]!);
  expect((await thumbnailPixel(4, 20, 30))[3]).toBe(0);
  await expect.poll(() => thumbnailPixel(0, 65, 30).then((rgba) => rgba[3])).toBe(255);
  near(await thumbnailPixel(0, 65, 30), [128, 128, 128, 255]);
});

test('an APNG in Static mode gives one frame: its default image', async ({ page }) => {
  await page.goto('/');
  await converterReady(page);
  await fileInput(page).setInputFiles([fiveFrameApng()]);
  await page.locator('label', { hasText: 'Static GIF' }).click();
  await expect(page.getByRole('radio', { name: 'Static GIF' })).toBeChecked();
  const gif = await convertAndDecode(page);
  expect(gif.frames).toHaveLength(1);
  near(pixelAt(gif, 0, 40, 30), [255, 255, 255, 255]);
});

test('a malformed APNG is refused with its reason, and the other files stay', async ({ page }) => {
  await page.goto('/');
  await converterReady(page);
  // The last fcTL's x offset (byte 12 of its data) pushed beyond the canvas, with a correct CRC.
  const good = patternPng('good.png', 40, 30);
  const chunks = readChunks(new Uint8Array(fiveFrameApng().buffer));
  const lastFctl = chunks.filter((chunk) => chunk.type === 'fcTL').at(-1)!;
  new DataView(lastFctl.data.buffer, lastFctl.data.byteOffset).setUint32(12, 75);
  await fileInput(page).setInputFiles([
    { name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from(writeChunks(chunks)) },
    good,
  ]);
  await expectToast(page, /Failed to load image: broken\.png \(frame 5 .* lies outside the 80x60 canvas\)/);
  await expectToast(page, 'Files uploaded: 1 PNG file(s) ready for conversion.');
  await expect(page.getByTestId('file-row')).toHaveCount(1);
  expect(await listedFileNames(page)).toEqual(['good.png']);
});

test('Ctrl+V adds a pasted PNG to the selection; a paste without an image says so', async ({ page }) => {
  await page.goto('/');
  await converterReady(page);
  await fileInput(page).setInputFiles([patternPng('first.png', 40, 30)]);
  await expect(page.getByTestId('file-row')).toHaveCount(1);
  const png = patternPng('image.png', 40, 30, 200).buffer.toString('base64');
  const paste = (content: { png?: string; text?: string }) =>
    page.evaluate(({ png, text }) => {
      const data = new DataTransfer();
      if (png)
        data.items.add(
          new File([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], 'image.png', { type: 'image/png' }),
        );
      if (text) data.setData('text/plain', text);
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    }, content);

  await paste({ png });
  await expect(page.getByTestId('file-row')).toHaveCount(2);
  const names = await listedFileNames(page);
  expect(names[0]).toBe('first.png');
  expect(names[1]).toMatch(/^pasted-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.png$/);

  await paste({ text: 'just words' });
  await expectToast(page, 'No image to paste');
  await expect(page.getByTestId('file-row')).toHaveCount(2);
});

test('a dropped folder adds its PNGs in natural order and reports the other files in one toast', async ({ page }) => {
  await page.goto('/');
  await converterReady(page);
  const files = [
    patternPng('frame10.png', 40, 30, 10),
    patternPng('frame2.png', 40, 30, 20),
    patternPng('frame1.png', 40, 30, 30),
  ].map((file) => ({ name: file.name, type: file.mimeType, base64: file.buffer.toString('base64') }));
  files.push({ name: 'notes.txt', type: 'text/plain', base64: btoa('not a picture') });

  // A folder drop as Chromium delivers it: one item whose entry is a directory (what file-selector reads).
  await dropzone(page).evaluate((zone, specs) => {
    const entries = specs.map((spec) => {
      const file = new File([Uint8Array.from(atob(spec.base64), (c) => c.charCodeAt(0))], spec.name, {
        type: spec.type,
      });
      return {
        isDirectory: false,
        isFile: true,
        name: spec.name,
        fullPath: `/shots/${spec.name}`,
        file: (ok: (f: File) => void) => ok(file),
      };
    });
    let read = false;
    const folder = {
      isDirectory: true,
      isFile: false,
      name: 'shots',
      fullPath: '/shots',
      createReader: () => ({
        readEntries: (ok: (batch: unknown[]) => void) => {
          // file-selector reads again until it gets an empty batch, from inside this callback.
          const batch = read ? [] : entries;
          read = true;
          ok(batch);
        },
      }),
    };
    const item = { kind: 'file', type: '', getAsFile: () => null, webkitGetAsEntry: () => folder };
    const dataTransfer = { types: ['Files'], items: [item], files: [], dropEffect: 'copy', effectAllowed: 'all' };
    for (const type of ['dragenter', 'drop']) {
      const event = new DragEvent(type, { bubbles: true, cancelable: true });
      Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
      zone.dispatchEvent(event);
    }
  }, files);

  await expectToast(page, '1 file is not PNG and was skipped: notes.txt');
  await expectToast(page, 'Files uploaded: 3 PNG file(s) ready for conversion.');
  await expect(toast(page, 'Invalid file type')).toHaveCount(0);
  await expect(page.getByTestId('file-row')).toHaveCount(3);
  expect(await listedFileNames(page)).toEqual(['frame1.png', 'frame2.png', 'frame10.png']);
});

test('the manifest declares the file handler and the share target', async ({ page }) => {
  const response = await page.request.get('/manifest.webmanifest');
  const manifest = (await response.json()) as {
    file_handlers: { action: string; accept: Record<string, string[]> }[];
    share_target: { action: string; method: string; enctype: string; params: { files: { name: string }[] } };
  };
  expect(manifest.file_handlers).toEqual([{ action: '/', accept: { 'image/png': ['.png', '.apng'] } }]);
  expect(manifest.share_target).toMatchObject({
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { files: [{ name: 'images' }] },
  });
});

test('a PNG shared to the app is handed to the converter by the service worker, offline', async ({ page, context }) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await converterReady(page);
  await expect(page.getByText('Ready to work offline', { exact: true })).toBeVisible({ timeout: 180_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Offline: the POST can only be answered by the service worker, and nothing can leave the device.
  await context.setOffline(true);

  // What the operating system's share sheet does: a multipart POST of the file to the share target.
  const shared = patternPng('shared.png', 48, 36, 90).buffer.toString('base64');
  await page.evaluate((base64) => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = '/share-target';
    form.enctype = 'multipart/form-data';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'images';
    const data = new DataTransfer();
    data.items.add(
      new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'shared.png', { type: 'image/png' }),
    );
    input.files = data.files;
    form.append(input);
    document.body.append(form);
    form.submit();
  }, shared);

  await expectToast(page, 'Files uploaded: 1 PNG file(s) ready for conversion.');
  await expect(page.getByTestId('file-row')).toHaveCount(1);
  expect(await listedFileNames(page)).toEqual(['shared.png']);
  // The hand-over leaves the address clean: a reload does not wait for files again.
  expect(new URL(page.url()).search).toBe('');
  const gif = await convertAndDecode(page);
  expect([gif.width, gif.height]).toEqual([48, 36]);
  await context.setOffline(false);
});

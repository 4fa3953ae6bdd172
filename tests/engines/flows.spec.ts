/**
 * The product's main flows in each engine (the project says which), on the production build with its CSP,
 * each GIF decoded and checked as the Chromium suite checks it. The GIFs of flows whose output must not
 * depend on the engine are kept for same-bytes.spec.ts.
 */
import { unzipSync } from 'fflate';
import { PNG } from 'pngjs';
import { BLEND, buildApng, DISPOSE, solid } from '../fixtures/apng';
import { flatTiles, photoLike } from '../fixtures/content';
import { makeRgba, testPattern, type Rgba } from '../fixtures/pngs';
import { decodeGif, isGif, meanAbsoluteError, type DecodedGif } from '../support/gif';
import { startPreviewServer } from '../support/preview-server';
import {
  chooseFiles,
  click,
  control,
  convert,
  fill,
  focusSlider,
  linkedFile,
  mainText,
  openApp,
  pick,
  slide,
  sliderSays,
  toastsSeen,
  toggle,
  waitFor,
  type Delivered,
} from './app';
import type { EnginePage } from './drivers';
import { expect, test } from './fixtures';

/** A toast with this title has been shown. */
async function expectToast(page: EnginePage, title: string) {
  expect((await toastsSeen(page)).map((toast) => toast.split('\n')[0])).toContain(title);
}

/** Waits for the success a person sees, and returns the GIF behind the Download link. */
async function resultGif(page: EnginePage): Promise<Delivered & { gif: DecodedGif }> {
  await waitFor(
    page,
    () => document.body.textContent?.includes('Your GIF is ready for download!'),
    undefined,
    'the result',
  );
  const file = await linkedFile(page, 'Download');
  expect(isGif(file.bytes)).toBe(true);
  await expectToast(page, 'Conversion successful!');
  return { ...file, gif: decodeGif(file.bytes) };
}

async function convertToGif(page: EnginePage): Promise<Delivered & { gif: DecodedGif }> {
  expect(await convert(page)).toEqual({ ok: true });
  return resultGif(page);
}

/** Mean blue of the 8x8 corner outside the test pattern's disc, where each frame carries its own hue. */
function cornerBlue(gif: DecodedGif, frame: number): number {
  const { image } = gif.frames[frame]!;
  let sum = 0;
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) sum += image.data[(y * image.width + x) * 4 + 2]!;
  return sum / 64;
}

function pixel(image: Rgba, x: number, y: number): number[] {
  const at = (y * image.width + x) * 4;
  return [...image.data.subarray(at, at + 4)];
}

const near = (actual: number[], expected: readonly number[], tolerance = 24) =>
  expect(Math.max(...actual.map((value, i) => Math.abs(value - expected[i]!)))).toBeLessThan(tolerance);

const delays = (gif: DecodedGif) => gif.frames.map((frame) => frame.delayCs);

test('a still PNG becomes a static GIF of its pixels', async ({ enginePage: page, pngFile, keepGif, baseURL }) => {
  const source = testPattern(160, 120);
  await openApp(page, `${baseURL}/`);
  await chooseFiles(page, [pngFile('still.png', source)]);
  const { gif, bytes, fileName } = await convertToGif(page);
  keepGif('still', bytes);
  expect(fileName).toMatch(/^converted_\d+\.gif$/);
  expect([gif.width, gif.height, gif.frames.length]).toEqual([160, 120, 1]);
  expect(meanAbsoluteError(gif.frames[0]!.image, source)).toBeLessThan(6);
});

test('three PNGs become a looping animation with the chosen delay, in order', async ({
  enginePage: page,
  pngFile,
  keepGif,
  baseURL,
}) => {
  const hues = [0, 120, 240];
  await openApp(page, `${baseURL}/`);
  await chooseFiles(
    page,
    hues.map((hue) => pngFile(`frame-${hue}.png`, testPattern(96, 72, hue))),
  );
  // Each row's thumbnail shows its own picture: its left edge, halfway down, in the row's blue.
  const edges = await waitFor(
    page,
    () => {
      const canvases = [...document.querySelectorAll<HTMLCanvasElement>('[data-testid="file-thumbnail"]')];
      const blues = canvases.map((canvas) => {
        const scale = canvas.width / 48;
        const rgba = canvas.getContext('2d')?.getImageData(scale, 24 * scale, 1, 1).data;
        return rgba && rgba[3] === 255 ? rgba[2]! : null;
      });
      return blues.length === 3 && blues.every((blue) => blue !== null) ? blues : null;
    },
    undefined,
    'the three thumbnails drawn',
  );
  edges.forEach((blue, i) => expect(Math.abs(blue! - hues[i]!)).toBeLessThan(24));
  await slide(page, 'Frame delay', 200);
  const { gif, bytes, fileName } = await convertToGif(page);
  keepGif('animation', bytes);
  expect(fileName).toMatch(/^converted_animated_\d+\.gif$/);
  expect([gif.width, gif.height]).toEqual([96, 72]);
  expect(delays(gif)).toEqual([20, 20, 20]);
  expect(gif.loopCount).toBe(0);
  gif.frames.forEach((_, i) => expect(Math.abs(cornerBlue(gif, i) - hues[i]!)).toBeLessThan(24));
});

test('three stills in Static mode become three GIFs and one zip of exactly those', async ({
  enginePage: page,
  pngFile,
  keepGif,
  baseURL,
}) => {
  const sizes = [
    [64, 48],
    [80, 80],
    [120, 60],
  ] as const;
  const stills = sizes.map(([w, h], i) => testPattern(w, h, i * 80));
  await openApp(page, `${baseURL}/`);
  await chooseFiles(
    page,
    stills.map((image, i) => pngFile(`still-${i + 1}.png`, image)),
  );
  await toggle(page, 'Static (one GIF per file)');
  expect(await convert(page)).toEqual({ ok: true });
  await waitFor(page, () => document.body.textContent?.includes('3 of 3 files converted'), undefined, 'the batch');
  await expectToast(page, 'Conversion successful!');

  const delivered = new Map<string, Uint8Array>();
  for (const [i, still] of stills.entries()) {
    const name = `still-${i + 1}.gif`;
    const { bytes, fileName } = await linkedFile(page, `Download ${name}`);
    keepGif(`batch-${i + 1}`, bytes);
    expect(fileName).toBe(name);
    const gif = decodeGif(bytes);
    expect([gif.width, gif.height, gif.frames.length]).toEqual([...sizes[i]!, 1]);
    expect(meanAbsoluteError(gif.frames[0]!.image, still)).toBeLessThan(12);
    delivered.set(name, bytes);
  }
  const zip = await linkedFile(page, 'Download all (.zip)');
  expect(zip.fileName).toMatch(/^converted_\d+\.zip$/);
  const entries = unzipSync(zip.bytes);
  expect(Object.keys(entries).sort()).toEqual([...delivered.keys()].sort());
  for (const [name, bytes] of delivered) expect(Buffer.from(entries[name]!).equals(Buffer.from(bytes))).toBe(true);
});

/** The squares of an 80x60 APNG's frames 2 to 5, each at its own place over frame 1's grey. */
const SQUARES: [number, number, number, number][] = [
  [30, 200, 30, 255],
  [30, 30, 220, 255],
  [230, 200, 20, 255],
  [200, 30, 200, 255],
];

/** 5 frames: grey, then a square at a time, each cleared to transparent after it shows ("background" disposal). */
const fiveFrameApng = () =>
  buildApng({
    width: 80,
    height: 60,
    plays: 0,
    defaultImage: solid(80, 60, [255, 255, 255, 255]),
    frames: [
      { image: solid(80, 60, [128, 128, 128, 255]), delay: [100, 1000] },
      ...SQUARES.map((colour, index) => ({
        image: solid(20, 20, colour),
        x: 10 + index * 15,
        y: 20,
        delay: [[200, 300, 150, 500][index]!, 1000] as [number, number],
        dispose: DISPOSE.background,
        blend: BLEND.over,
      })),
    ],
  });

test('an APNG becomes a GIF of its composited frames with their delays', async ({
  enginePage: page,
  pngFile,
  keepGif,
  baseURL,
}) => {
  const colours = SQUARES;
  await openApp(page, `${baseURL}/`);
  await chooseFiles(page, [pngFile('animation.png', fiveFrameApng())]);
  await waitFor(page, () => document.body.textContent?.includes('5 frames'), undefined, 'the APNG read as 5 frames');
  const { gif, bytes } = await convertToGif(page);
  keepGif('apng', bytes);
  expect([gif.width, gif.height]).toEqual([80, 60]);
  expect(delays(gif)).toEqual([10, 20, 30, 15, 50]);
  expect(gif.loopCount).toBe(0);
  near(pixel(gif.frames[0]!.image, 40, 30), [128, 128, 128, 255]);
  near(pixel(gif.frames[1]!.image, 15, 25), colours[0]!);
  // Frame 2's square was cleared to transparent before frame 3 ("background" disposal).
  expect(pixel(gif.frames[2]!.image, 12, 22)[3]).toBe(0);
  near(pixel(gif.frames[2]!.image, 30, 25), colours[1]!);
  near(pixel(gif.frames[4]!.image, 60, 25), colours[3]!);
});

test("expanded, an APNG's rows show their own frames as thumbnails", async ({ enginePage: page, pngFile, baseURL }) => {
  await openApp(page, `${baseURL}/`);
  await chooseFiles(page, [pngFile('animation.png', fiveFrameApng())]);
  await click(page, { selector: 'button', name: 'Expand the 5 frames of animation.png' });
  // The 80x60 frames in 48-pixel squares: 48x36, 6 pixels down. Rows draw as they come near the screen.
  const seen = await waitFor(
    page,
    () => {
      const canvases = [...document.querySelectorAll<HTMLCanvasElement>('[data-testid="file-thumbnail"]')];
      if (canvases.length !== 5) return null;
      canvases[4]!.scrollIntoView({ block: 'center' });
      const at = (canvas: HTMLCanvasElement, x: number, y: number) => {
        const scale = canvas.width / 48;
        const [px, py] = [Math.round(x * 0.6) * scale, Math.round(6 + y * 0.6) * scale];
        return [...(canvas.getContext('2d')?.getImageData(px, py, 1, 1).data ?? [])];
      };
      const [fifth, second] = [at(canvases[4]!, 65, 30), at(canvases[1]!, 20, 30)];
      return fifth[3] === 255 && second[3] === 255 ? { fifth, second, cleared: at(canvases[4]!, 20, 30)[3] } : null;
    },
    undefined,
    'the frames’ thumbnails drawn',
  );
  near(seen.fifth, SQUARES[3]!);
  near(seen.second, SQUARES[0]!);
  expect(seen.cleared).toBe(0);
});

test('the compare view shows each GIF frame beside its own PNG', async ({ enginePage: page, pngFile, baseURL }) => {
  const colours: [number, number, number][] = [
    [220, 40, 40],
    [40, 200, 60],
    [40, 60, 220],
  ];
  await openApp(page, `${baseURL}/`);
  await chooseFiles(
    page,
    colours.map((rgb, i) =>
      pngFile(
        `flat-${i + 1}.png`,
        makeRgba(64, 48, () => [...rgb, 255]),
      ),
    ),
  );
  await convertToGif(page);
  await waitFor(page, control, { selector: '[role="group"]', name: 'Comparison', prefix: true }, 'the compare view');
  await sliderSays(page, 'Frame', 'Frame 1 of 3');
  await toggle(page, '1:1');
  const canvas = () => document.querySelector('[data-testid="compare-viewport"] canvas');
  /** The colour the screen shows in the middle of the picture. */
  const shown = async () => {
    const png = PNG.sync.read(Buffer.from(await page.screenshot(canvas)));
    // At 1:1 the canvas is the picture's size (a screenshot may take in a row or column more at a fractional offset).
    expect(Math.abs(png.width - 64) + Math.abs(png.height - 48)).toBeLessThanOrEqual(2);
    const at = (Math.floor(png.height / 2) * png.width + Math.floor(png.width / 2)) * 4;
    return [...png.data.subarray(at, at + 3)];
  };
  // All PNG, then frame 2: the second PNG's colour.
  await focusSlider(page, 'Divider between the PNG and the GIF');
  await page.press('End');
  await focusSlider(page, 'Frame');
  await page.press('ArrowRight');
  await sliderSays(page, 'Frame', 'Frame 2 of 3');
  await expect.poll(shown).toEqual(colours[1]);
  // All GIF: the GIF's second frame (a flat colour comes through exactly).
  await focusSlider(page, 'Divider between the PNG and the GIF');
  await page.press('Home');
  await expect.poll(shown).toEqual(colours[1]);
  await focusSlider(page, 'Frame');
  await page.press('ArrowRight');
  await sliderSays(page, 'Frame', 'Frame 3 of 3');
  await expect.poll(shown).toEqual(colours[2]);
});

test('Fit under a custom size gives a GIF under it', async ({ enginePage: page, pngFile, baseURL }) => {
  const budget = 30 * 1024;
  await openApp(page, `${baseURL}/`);
  await chooseFiles(page, [pngFile('photo.png', photoLike(640, 480, 3))]);
  await pick(page, 'Fit under', 'Custom size');
  await fill(page, 'Custom size', '30');
  const { gif, bytes } = await convertToGif(page);
  expect(bytes.length).toBeLessThanOrEqual(budget);
  expect(gif.frames).toHaveLength(1);
  expect(gif.width / gif.height).toBeCloseTo(640 / 480, 1);
  const summary = await page.run(() => document.querySelector('[data-testid="fit-summary"]')?.textContent ?? '');
  expect(summary).toContain('Fits under 30 KB');
});

test('soft transparency: the Transparency card shows, and the GIF keeps the outside transparent', async ({
  enginePage: page,
  pngFile,
  keepGif,
  baseURL,
}) => {
  // A dark red disc whose edge fades out, on a transparent square.
  const logo = makeRgba(120, 120, (x, y) => {
    const r = Math.hypot(x + 0.5 - 60, y + 0.5 - 60);
    return [150, 0, 0, Math.round(255 * Math.min(1, Math.max(0, (50 - r) / 20)))];
  });
  await openApp(page, `${baseURL}/`);
  await chooseFiles(page, [pngFile('logo.png', logo)]);
  await waitFor(
    page,
    () => [...document.querySelectorAll('h2, h3')].some((h) => h.textContent?.trim() === 'Transparency'),
    undefined,
    'the Transparency card',
  );
  const { gif, bytes } = await convertToGif(page);
  keepGif('transparency', bytes);
  const image = gif.frames[0]!.image;
  expect(pixel(image, 2, 2)[3]).toBe(0);
  expect(pixel(image, 60, 5)[3]).toBe(0);
  near(pixel(image, 60, 60), [150, 0, 0, 255]);
});

test('timing extras: a held last frame and a number of plays', async ({
  enginePage: page,
  pngFile,
  keepGif,
  baseURL,
}) => {
  await openApp(page, `${baseURL}/`);
  await chooseFiles(
    page,
    [0, 80, 160, 240].map((hue) => pngFile(`f${hue}.png`, testPattern(64, 48, hue))),
  );
  await toggle(page, 'Hold last frame');
  await fill(page, 'Hold for', '1500');
  await toggle(page, 'Number of plays');
  await fill(page, 'Total plays', '4');
  await waitFor(
    page,
    () => document.body.textContent?.includes('Plays 4 times in total, then stops on the last frame'),
    undefined,
    'four plays',
  );
  const { gif, bytes } = await convertToGif(page);
  keepGif('timing', bytes);
  expect(delays(gif)).toEqual([50, 50, 50, 150]);
  // N plays are written as NETSCAPE2.0 repeat count N − 1.
  expect(gif.loopCount).toBe(3);
});

test('crop, rotate and flip: a 4:3 box moved by a key, turned right and mirrored, gives exactly those pixels', async ({
  enginePage: page,
  pngFile,
  keepGif,
  baseURL,
}) => {
  // Flat tiles: the GIF keeps every pixel, so where the crop fell is exact.
  const source = flatTiles(120, 80);
  await openApp(page, `${baseURL}/`);
  await chooseFiles(page, [pngFile('tiles.png', source)]);
  // The largest 4:3 box in 120×80 is 107×80, centred: x = 6; one key to the right makes it 7.
  await pick(page, 'Aspect ratio', '4:3');
  const focusBox = () => {
    const box = document.querySelector('[role="group"][aria-label="Crop box"]');
    if (!(box instanceof HTMLElement)) return false;
    box.focus();
    return document.activeElement === box;
  };
  await waitFor(page, focusBox, undefined, 'the crop box');
  await page.press('ArrowRight');
  await click(page, { selector: 'button', name: 'Rotate right' });
  await click(page, { selector: 'button', name: 'Flip horizontally' });
  const output = () =>
    document.querySelector('[data-testid="crop-output-size"]')?.textContent === 'Output size: 80 × 107 px';
  await waitFor(page, output, undefined, 'the output size 80 × 107');
  // The preview decoded and drew the picture turned (a canvas left undrawn keeps its 300×150).
  const previewIs = (size: string) => {
    const canvas = document.querySelector('[data-testid="crop-box"]')?.parentElement?.querySelector('canvas');
    return canvas !== null && canvas !== undefined && `${canvas.width}x${canvas.height}` === size;
  };
  await waitFor(page, previewIs, '80x120', 'the preview, turned');
  const { gif, bytes } = await convertToGif(page);
  keepGif('crop', bytes);
  // Cropped to x 7–113, turned clockwise (the top row is the left column read upwards), then mirrored.
  const expected = makeRgba(80, 107, (x, y) => pixel(source, 7 + y, x) as [number, number, number, number]);
  expect([gif.width, gif.height, gif.frames.length]).toEqual([80, 107, 1]);
  expect(Buffer.from(gif.frames[0]!.image.data).equals(Buffer.from(expected.data))).toBe(true);
});

test('Cancel returns to idle quietly, and the next conversion works', async ({
  enginePage: page,
  pngFile,
  baseURL,
}) => {
  await openApp(page, `${baseURL}/`);
  // Big enough frames that the job is still running when Cancel is pressed, and a size to fit under: a
  // conversion to fit is never made ahead, so Convert starts it rather than taking over a finished one.
  await chooseFiles(
    page,
    [0, 60, 120, 180, 240].map((hue) => pngFile(`big-${hue}.png`, testPattern(1280, 960, hue))),
  );
  await pick(page, 'Fit under', 'Custom size');
  await fill(page, 'Custom size', '30');
  await click(page, { selector: 'button', name: 'Convert', prefix: true });
  await click(page, { selector: 'button', name: 'Cancel' });
  await waitFor(
    page,
    () =>
      [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Convert to GIF' && !b.disabled),
    undefined,
    'Convert to GIF, enabled',
  );
  const after = await page.run(() => ({
    failed: document.querySelector('[data-testid="conversion-failed"]') !== null,
    download: [...document.querySelectorAll('a')].some((a) => a.textContent?.trim() === 'Download'),
    rows: document.querySelectorAll('[data-testid="file-row"]').length,
  }));
  expect(after).toEqual({ failed: false, download: false, rows: 5 });
  expect((await toastsSeen(page)).filter((text) => /fail/i.test(text))).toEqual([]);

  await chooseFiles(page, [pngFile('after-cancel.png', testPattern(64, 48))]);
  const { gif } = await convertToGif(page);
  expect([gif.width, gif.height]).toEqual([64, 48]);
});

test('after one visit, the app converts with its server gone (service worker)', async ({
  enginePage: page,
  pngFile,
}) => {
  const server = await startPreviewServer();
  try {
    await openApp(page, `${server.origin}/`);
    await waitFor(
      page,
      () => document.body.textContent?.includes('Ready to work offline'),
      undefined,
      'Ready to work offline',
      90_000,
    );
  } finally {
    await server.stop();
  }
  await openApp(page, `${server.origin}/`);
  expect(await page.run(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const hues = [0, 120, 240];
  await chooseFiles(
    page,
    hues.map((hue) => pngFile(`offline-${hue}.png`, testPattern(120, 90, hue))),
  );
  const { gif } = await convertToGif(page);
  expect(delays(gif)).toEqual([50, 50, 50]);
  gif.frames.forEach((_, i) => expect(Math.abs(cornerBlue(gif, i) - hues[i]!)).toBeLessThan(24));
});

test('the feedback form hands over to the mail client and thanks the visitor', async ({
  enginePage: page,
  baseURL,
}) => {
  await openApp(page, `${baseURL}/feedback`);
  await fill(page, 'Name', 'Ada Lovelace');
  await fill(page, 'Subject', 'Frame delay & loops?');
  await fill(page, 'Message', 'Could the frame delay go below 50 ms?');
  // WebKitGTK's MiniBrowser has no mail client to hand the mailto: URL to and replaces the page with
  // about:blank (Safari and GNOME Web open the mail app): the page notes what it showed as it goes.
  await page.run(() => {
    const shown = () => ({
      thanks: [...document.querySelectorAll('h2')].some((h) => h.textContent?.trim() === 'Thank You!'),
      toast: (document.querySelector('.Toastify__toast') as HTMLElement | null)?.innerText.split('\n')[0] ?? '',
    });
    (window as unknown as { shown: typeof shown }).shown = shown;
    addEventListener('pagehide', () => sessionStorage.setItem('shown', JSON.stringify(shown())));
  });
  await click(page, { selector: 'button', name: 'Send Feedback' });
  const outcome = await waitFor(
    page,
    () =>
      location.href === 'about:blank'
        ? 'left'
        : document.querySelector('.Toastify__toast') && document.querySelector('main h2')?.textContent === 'Thank You!'
          ? 'stayed'
          : null,
    undefined,
    'the hand-over',
  );
  // MiniBrowser may replace the page a moment after it showed the thanks: then it is read as having left.
  const stayed =
    outcome === 'stayed'
      ? await page.run(() =>
          location.pathname === '/feedback' ? (window as unknown as { shown(): unknown }).shown() : null,
        )
      : null;
  if (stayed !== null) {
    expect(stayed).toEqual({ thanks: true, toast: 'Feedback prepared!' });
  } else {
    expect(page.engine).toBe('webkit');
    await page.goto(`${baseURL}/terms`);
    expect(await page.run(() => JSON.parse(sessionStorage.getItem('shown') ?? 'null'))).toEqual({
      thanks: true,
      toast: 'Feedback prepared!',
    });
  }
});

test('the legal pages and the 404 page', async ({ enginePage: page, baseURL }) => {
  for (const [path, heading, sections] of [
    ['/terms', 'Terms of Service', 11],
    ['/privacy', 'Privacy Policy', 11],
    ['/cookies', 'Cookie Policy', 9],
  ] as const) {
    await openApp(page, `${baseURL}${path}`);
    const page_ = await page.run(() => ({
      heading: document.querySelector('main h1')?.textContent?.trim(),
      sections: document.querySelectorAll('main h2').length,
      title: document.title,
    }));
    expect(page_).toEqual({ heading, sections, title: `${heading} - PNG to GIF Converter` });
    expect(await mainText(page)).toContain('Last updated: ');
  }
  await openApp(page, `${baseURL}/this/path/does/not/exist`);
  const text = await mainText(page);
  expect(text).toContain('404');
  expect(text).toContain('Oops! Page not found');
  await click(page, { selector: 'a', name: 'Return to Home' });
  await waitFor(
    page,
    () => location.pathname === '/' && document.querySelector('input[type="file"]') !== null,
    undefined,
    'the home page',
  );
});

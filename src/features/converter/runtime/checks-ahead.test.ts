import { describe, expect, it } from 'vitest';
import { buildApng, solid } from '../../../../tests/fixtures/apng';
import { encodePng, testPattern } from '../../../../tests/fixtures/pngs';
import { ChecksAhead, MAX_FILE_BYTES } from './checks-ahead';

const pngFile = (name: string, bytes: Uint8Array) => new File([bytes as Uint8Array<ArrayBuffer>], name);
const still = (name: string, width = 40, height = 30) => pngFile(name, encodePng(testPattern(width, height)));

/** Checks run when the test says so, as the page runs them in idle time. */
function checksAhead() {
  const tasks: (() => void)[] = [];
  const checks = new ChecksAhead((task) => {
    tasks.push(task);
    return () => tasks.splice(tasks.indexOf(task), 1);
  });
  const runIdle = () => tasks.splice(0).forEach((task) => task());
  return { checks, runIdle };
}

describe('ChecksAhead: the files just chosen, checked while the person looks at the settings', () => {
  it('knows nothing before the idle time came, then every still PNG’s header', async () => {
    const { checks, runIdle } = checksAhead();
    const files = [still('a.png', 40, 30), still('b.png', 20, 10)];
    checks.prepare(files);
    await expect(checks.headers(files)).resolves.toBeNull();
    runIdle();
    // A conversion started while a check reads its file waits for it instead of reading again.
    await expect(checks.headers(files)).resolves.toEqual([
      { width: 40, height: 30, bitDepth: 8, colorType: 6, interlaced: false },
      { width: 20, height: 10, bitDepth: 8, colorType: 6, interlaced: false },
    ]);
    // Some file not checked ahead: the conversion checks them all itself.
    await expect(checks.headers([...files, still('c.png')])).resolves.toBeNull();
  });

  it('keeps what a broken file’s check found, word for word, for the conversion to report', async () => {
    const { checks, runIdle } = checksAhead();
    const bytes = encodePng(testPattern(40, 30));
    bytes[bytes.length - 20] = bytes[bytes.length - 20]! ^ 0xff; // inside the image data: its CRC no longer holds
    const files = [still('good.png'), pngFile('broken.png', bytes)];
    checks.prepare(files);
    runIdle();
    await expect(checks.headers(files)).rejects.toThrow(/^Failed to load image: broken\.png \(/);
  });

  it('leaves animated PNGs, files too big to check in one task and an earlier choice to the conversion', async () => {
    const { checks, runIdle } = checksAhead();
    const apng = pngFile(
      'moving.png',
      buildApng({ width: 8, height: 8, frames: [{ image: solid(8, 8, [255, 0, 0, 255]) }] }),
    );
    const big = pngFile('big.png', new Uint8Array(MAX_FILE_BYTES + 1));
    const earlier = still('earlier.png');
    checks.prepare([earlier]);
    checks.prepare([apng, big]); // a new choice before the idle time came
    runIdle();
    await expect(checks.headers([apng])).resolves.toBeNull();
    await expect(checks.headers([big])).resolves.toBeNull();
    await expect(checks.headers([earlier])).resolves.toBeNull();
  });

  it('hands a conversion the checks still under way, and none once every check has settled', async () => {
    const { checks, runIdle } = checksAhead();
    const files = [still('a.png', 40, 30), still('b.png', 20, 10)];
    checks.prepare(files);
    expect(checks.underWay(files)).toBeNull(); // not started: the conversion checks them itself
    runIdle();
    const underWay = checks.underWay(files);
    expect(underWay).toHaveLength(2);
    await expect(Promise.all(underWay!)).resolves.toEqual([
      { width: 40, height: 30, bitDepth: 8, colorType: 6, interlaced: false },
      { width: 20, height: 10, bitDepth: 8, colorType: 6, interlaced: false },
    ]);
    expect(checks.underWay(files)).toBeNull();
    await expect(checks.headers(files)).resolves.toHaveLength(2);
    expect(checks.underWay([...files, still('c.png')])).toBeNull();
  });

  it('remembers a check the conversion made, for the next conversion of the same file', async () => {
    const { checks } = checksAhead();
    const file = still('a.png');
    checks.remember(file, { width: 40, height: 30, bitDepth: 8, colorType: 6, interlaced: false });
    await expect(checks.headers([file])).resolves.toEqual([
      { width: 40, height: 30, bitDepth: 8, colorType: 6, interlaced: false },
    ]);
  });
});

/**
 * What cutting a frame costs the decode worker (rules/png/framed-pixels.ts), under Node: a picture copied
 * (what an uncut frame of a kept decode gets), cropped 2 % at each side, turned a quarter, and both; the
 * fastest of `runs`, in ms.
 *
 *   npx tsx tests/bench/probes/framed-pixels.ts [runs=15]
 */
import { framedPixels } from '@/features/converter/rules/png/framed-pixels';
import { rotateRight, UPRIGHT, type CropRect, type Orientation } from '@/features/converter/rules/framing';

const runs = Number(process.argv[2] ?? 15);
for (const [width, height] of [
  [800, 600],
  [1920, 1080],
  [4000, 3000],
] as const) {
  const rgba = new Uint8Array(width * height * 4).map((_, i) => i & 255);
  const size = { width, height };
  const [dx, dy] = [Math.round(width * 0.02), Math.round(height * 0.02)];
  const crop = { x: dx, y: dy, width: width - 2 * dx, height: height - 2 * dy };
  const whole = { x: 0, y: 0, width, height };
  const ways: [string, (() => unknown) | [CropRect, Orientation]][] = [
    ['copied', () => rgba.slice()],
    ['cropped', [crop, UPRIGHT]],
    ['turned', [whole, rotateRight(UPRIGHT)]],
    ['cropped and turned', [crop, rotateRight(UPRIGHT)]],
  ];
  const line = ways.map(([name, way]) => {
    let best = Infinity;
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      if (typeof way === 'function') way();
      else framedPixels(rgba, size, way[0], way[1]);
      best = Math.min(best, performance.now() - started);
    }
    return `${name} ${best.toFixed(1)}`;
  });
  console.log(`${width}x${height}: ${line.join(', ')} ms`);
}

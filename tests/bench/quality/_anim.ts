import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { decodePng } from '../../fixtures/pngs';
import { decodeGif } from '../../support/gif';
import { optimiseGif } from '../../../src/features/converter/engine/gif-optimise';
import { butteraugli, referenceAt, ssimY } from './scores';
const I = '/root/.cache/png-to-gif-bench/quality-inputs-v1';
const id = process.argv[2]!;
const srcs = Array.from({ length: 10 }, (_, i) => decodePng(readFileSync(`${I}/${id}/${String(i + 1).padStart(3, '0')}.png`)));
for (const r of process.argv[3]!.split(',')) {
  const [c, d, l] = r.split('/');
  const gif = new Uint8Array(execFileSync('ffmpeg', ['-v', 'error', '-framerate', '2', '-i', `${I}/${id}/%03d.png`, '-filter_complex',
    `split[a][b];[a]palettegen=max_colors=${c}:stats_mode=full[p];[b][p]paletteuse=dither=${d!.replace('bayer', 'bayer:bayer_scale=')}`, '-f', 'gif', '-'], { maxBuffer: 1 << 28 }));
  const out = optimiseGif(gif, { lossiness: Number(l) });
  const frames = decodeGif(out).frames;
  const s = frames.reduce((a, f, i) => a + ssimY(referenceAt(srcs[i]!, f.image.width, f.image.height), f.image), 0) / frames.length;
  console.log(id, r, gif.length, out.length, s.toFixed(4), butteraugli(referenceAt(srcs[5]!, srcs[5]!.width, srcs[5]!.height), frames[5]!.image)?.toFixed(2));
}

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { decodePng } from '../../fixtures/pngs';
import { decodeGif } from '../../support/gif';
import { optimiseGif } from '../../../src/features/converter/engine/gif-optimise';
import { butteraugli, referenceAt, ssimY } from './scores';
const I = '/root/.cache/png-to-gif-bench/quality-inputs-v1';
const ids = process.argv[2]!.split(',');
const colours = (process.argv[3] ?? '256,128').split(',');
const dithers = (process.argv[4] ?? 'none,sierra2').split(',');
const lossies = (process.argv[5] ?? '0,30,60').split(',').map(Number);
for (const id of ids) {
  const src = decodePng(readFileSync(`${I}/${id}/001.png`));
  const ref = referenceAt(src, src.width, src.height);
  for (const c of colours) for (const d of dithers) {
    const gif = new Uint8Array(execFileSync('ffmpeg', ['-v', 'error', '-i', `${I}/${id}/001.png`, '-filter_complex',
      `split[a][b];[a]palettegen=max_colors=${c}:stats_mode=full[p];[b][p]paletteuse=dither=${d.replace('bayer', 'bayer:bayer_scale=')}`, '-f', 'gif', '-'], { maxBuffer: 1 << 28 }));
    for (const l of lossies) {
      const out = l ? optimiseGif(gif, { lossiness: l }) : gif;
      const img = decodeGif(out).frames[0]!.image;
      console.log([id, c, d, l, out.length, ssimY(ref, img).toFixed(4), butteraugli(ref, img)?.toFixed(2)].join(' '));
    }
  }
}

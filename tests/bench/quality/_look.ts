import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { decodePng } from '../../fixtures/pngs';
import { decodeGif } from '../../support/gif';
import { optimiseGif } from '../../../src/features/converter/engine/gif-optimise';
import { referenceAt } from './scores';
import { crop, regions, writeSheet, type SheetRow } from './sheet';
const I = '/root/.cache/png-to-gif-bench/quality-inputs-v1';
const ids = process.argv[2]!.split(',');
const recipes = process.argv[3]!.split(','); // colours/dither/lossy
const rows: SheetRow[] = [];
for (const id of ids) {
  const src = decodePng(readFileSync(`${I}/${id}/001.png`));
  const ref = referenceAt(src, src.width, src.height);
  const { smooth, busy } = regions(ref);
  const pics = recipes.map((r) => {
    const [c, d, l] = r.split('/');
    const gif = new Uint8Array(execFileSync('ffmpeg', ['-v', 'error', '-i', `${I}/${id}/001.png`, '-filter_complex',
      `split[a][b];[a]palettegen=max_colors=${c}:stats_mode=full[p];[b][p]paletteuse=dither=${d!.replace('bayer', 'bayer:bayer_scale=')}`, '-f', 'gif', '-'], { maxBuffer: 1 << 28 }));
    const out = Number(l) ? optimiseGif(gif, { lossiness: Number(l) }) : gif;
    return { label: `${r} ${Math.round(out.length / 1024)}K`, image: decodeGif(out).frames[0]!.image };
  });
  for (const [n, reg] of [['smooth', smooth], ['busy', busy]] as const)
    rows.push({ label: `${id} ${n}`, pictures: [{ label: 'source', image: crop(ref, reg) }, ...pics.map((p) => ({ label: p.label, image: crop(p.image, reg) }))] });
}
writeSheet(process.argv[4]!, rows, '/tmp/qx/crops-' + Date.now());

import { describe, expect, it } from 'vitest';
import { nativeArgs } from './native-ffmpeg';

describe('nativeArgs', () => {
  it('reads an animation as an image sequence at the app frame rate', () => {
    const args = nativeArgs({ sequence: 'in/%03d.png', frameRate: 2 }, { width: 800, height: 600 }, 'out.gif');
    expect(args.slice(args.indexOf('-framerate'), args.indexOf('-i') + 2)).toEqual([
      '-framerate',
      '2',
      '-i',
      'in/%03d.png',
    ]);
    expect(args.slice(-3)).toEqual(['-loop', '0', 'out.gif']);
  });

  it('runs the classic recipe at the given output size', () => {
    const args = nativeArgs({ file: 'still.png' }, { width: 1920, height: 1440 }, 'out.gif');
    expect(args).not.toContain('-framerate');
    expect(args[args.indexOf('-filter_complex') + 1]).toBe(
      '[0:v]scale=1920:1440:flags=lanczos,split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a',
    );
  });
});

import type { FFmpeg } from '@ffmpeg/ffmpeg';
import { convertEachFile } from '../engine/batch-convert';
import type { ConversionOutput, ConversionRequest, ConvertOptions, ConverterEngine } from '../engine/contracts';
import { outputFileName } from '../engine/file-name';
import { loadFFmpeg } from './ffmpeg-instance';

/** First slice: one PNG → one static GIF with a generated palette. */
export function createBrowserEngine(): ConverterEngine {
  let instance: Promise<FFmpeg> | null = null;
  const getInstance = () => (instance ??= loadFFmpeg());

  const engine: ConverterEngine = {
    warmUp() {
      void getInstance();
    },
    // One instance, so one file at a time.
    convertEach: (request, options) => convertEachFile(engine.convert, 1, request, options),
    async convert(request: ConversionRequest, options: ConvertOptions = {}): Promise<ConversionOutput> {
      const file = request.files[0];
      if (!file) throw new Error('No files provided');
      options.onProgress?.({ stage: 'preparing', progress: 10, message: 'Loading the engine...' });
      const ffmpeg = await getInstance();
      // writeFile transfers (detaches) the buffer: it is ours alone, freshly read from the file.
      await ffmpeg.writeFile('input.png', new Uint8Array(await file.arrayBuffer()));
      options.onProgress?.({ stage: 'processing', progress: 50, message: 'Building the palette...' });
      const code = await ffmpeg.exec([
        '-i',
        'input.png',
        '-filter_complex',
        'split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse=dither=none',
        '-frames:v',
        '1',
        '-f',
        'gif',
        'output.gif',
      ]);
      if (code !== 0) throw new Error('Failed to load image');
      options.onProgress?.({ stage: 'finalizing', progress: 90, message: 'Finalizing...' });
      const bytes = (await ffmpeg.readFile('output.gif')) as Uint8Array<ArrayBuffer>;
      await ffmpeg.deleteFile('input.png');
      await ffmpeg.deleteFile('output.gif');
      const width = bytes[6]! | (bytes[7]! << 8);
      const height = bytes[8]! | (bytes[9]! << 8);
      options.onProgress?.({ stage: 'complete', progress: 100, message: 'Done' });
      return {
        gif: new Blob([bytes], { type: 'image/gif' }),
        fileName: outputFileName('static'),
        width,
        height,
        frameCount: 1,
      };
    },
  };
  return engine;
}

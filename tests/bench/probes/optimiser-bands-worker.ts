// The lower bands' thread for optimiser-bands.ts.
import { lzw } from '../../support/node-lzw';
import { parentPort } from 'node:worker_threads';
import { encodeLzw, type LzwBandRequest } from '@/features/converter/rules/gif/lzw';

parentPort!.on('message', ({ id, request }: { id: number; request: LzwBandRequest }) => {
  const result = encodeLzw(lzw, request.image, request.errorBudget, request.band);
  parentPort!.postMessage({ id, result }, [result.data.buffer as ArrayBuffer, result.written.buffer as ArrayBuffer]);
});

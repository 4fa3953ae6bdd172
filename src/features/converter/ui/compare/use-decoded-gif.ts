import { useEffect, useState } from 'react';
import type { DecodedGif } from '../../rules/contracts';
import { useConverter } from '../../store/use-converter';

export type DecodedGifState = { status: 'loading' } | { status: 'ready'; gif: DecodedGif } | { status: 'failed' };

/**
 * The GIF's frames, composed as a browser shows them; decoded once per blob, in a worker (a 100-frame
 * 1080p GIF takes seconds), and dropped when the blob changes or the view closes before it is done.
 */
export function useDecodedGif(blob: Blob): DecodedGifState {
  const decodeGif = useConverter((s) => s.decodeGif);
  const [state, setState] = useState<{ blob: Blob; value: DecodedGifState } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    decodeGif(blob, controller.signal).then(
      (gif) => !controller.signal.aborted && setState({ blob, value: { status: 'ready', gif } }),
      () => !controller.signal.aborted && setState({ blob, value: { status: 'failed' } }),
    );
    return () => controller.abort();
  }, [blob, decodeGif]);
  return state?.blob === blob ? state.value : { status: 'loading' };
}

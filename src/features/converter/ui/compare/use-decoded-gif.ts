import { useEffect, useState } from 'react';
import { decodeGif, type DecodedGif } from '../../rules/gif-decode';

export type DecodedGifState = { status: 'loading' } | { status: 'ready'; gif: DecodedGif } | { status: 'failed' };

/** The GIF's frames, composed as a browser shows them; decoded once per blob. */
export function useDecodedGif(blob: Blob): DecodedGifState {
  const [state, setState] = useState<{ blob: Blob; value: DecodedGifState } | null>(null);
  useEffect(() => {
    let current = true;
    blob
      .arrayBuffer()
      .then((buffer) => decodeGif(new Uint8Array(buffer)))
      .then(
        (gif) => current && setState({ blob, value: { status: 'ready', gif } }),
        () => current && setState({ blob, value: { status: 'failed' } }),
      );
    return () => {
      current = false;
    };
  }, [blob]);
  return state?.blob === blob ? state.value : { status: 'loading' };
}

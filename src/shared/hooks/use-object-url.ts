import { useEffect, useState } from 'react';

/**
 * An object URL for a blob, revoked when the blob changes and on unmount.
 * Created in an effect (not during render) so StrictMode's double mount never leaves a revoked URL on screen.
 */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is an external resource bound to this effect's lifetime
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

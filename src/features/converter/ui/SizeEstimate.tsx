import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatBytes } from '@/shared/lib/format-bytes';
import { useConverter } from '../store/use-converter';

/** Settings and files settle for this long before a sample is encoded, so dragging a slider costs nothing. */
const SETTLE_MS = 500;

/** The GIF's size at the current settings, from a quick sample encode, clearly marked as an estimate. */
export function SizeEstimate() {
  const files = useConverter((s) => s.files);
  const settings = useConverter((s) => s.settings);
  const converting = useConverter((s) => s.machine.status === 'converting');
  const estimateSize = useConverter((s) => s.estimateSize);
  // 'pending' until the first sample answers; afterwards the last answer stays until the next one.
  const [estimate, setEstimate] = useState<number | null | 'pending'>('pending');

  useEffect(() => {
    if (converting) return;
    let current = true;
    const timer = setTimeout(() => {
      void estimateSize().then((bytes) => {
        if (current) setEstimate(bytes);
      });
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [files, settings, converting, estimateSize]);

  // The line is always there, so nothing below it moves (the Convert button least of all) when it fills in.
  if (estimate === 'pending' || estimate === null)
    return (
      <Text size="xs" c="dimmed" mt={6} data-testid="size-estimate">
        {estimate === 'pending' ? 'Estimating the size at these settings…' : '\u00a0'}
      </Text>
    );
  const budget = settings.targetBytes;
  return (
    <Text size="xs" c="dimmed" mt={6} data-testid="size-estimate">
      Estimated size at these settings: about {formatBytes(estimate)} (an estimate from a small sample)
      {budget !== null &&
        (estimate > budget ? ' · over the limit: the engine will make it smaller' : ' · should fit as it is')}
    </Text>
  );
}

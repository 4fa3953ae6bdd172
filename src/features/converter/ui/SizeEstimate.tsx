import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatBytes } from '@/shared/lib/format-bytes';
import { useConverter } from '../store/use-converter';
import classes from './SizeEstimate.module.css';

/** Settings and files settle for this long before a sample is encoded, so dragging a slider costs nothing. */
const SETTLE_MS = 500;

/** The widest size formatBytes writes: the hidden copy that sizes the line uses it. */
const WIDEST_SIZE = 1023.99 * 1024 * 1024;

function sentence(bytes: number, budget: number | null): string {
  const fit =
    budget === null
      ? ''
      : bytes > budget
        ? ' · over the limit: the engine will make it smaller'
        : ' · should fit as it is';
  return `Estimated size at these settings: about ${formatBytes(bytes)} (an estimate from a small sample)${fit}`;
}

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

  const budget = settings.targetBytes;
  const shown =
    estimate === 'pending'
      ? 'Estimating the size at these settings…'
      : estimate === null
        ? '\u00a0'
        : sentence(estimate, budget);
  // Always there, and as tall as its longest wording: nothing below it moves when it fills in.
  return (
    <Text component="div" size="xs" c="dimmed" mt={6} className={classes.line}>
      <span data-testid="size-estimate">{shown}</span>
      <span className={classes.sizer} aria-hidden="true">
        {sentence(WIDEST_SIZE, budget === null ? null : 0)}
      </span>
    </Text>
  );
}

import { setConversionBusy } from '@/features/offline';

/**
 * An update never reloads the page in the middle of a conversion: the offline feature is told when one runs.
 * The converter's code is loaded with the home page's converter, not with every page's first screen.
 */
export async function connectConverterToOffline(): Promise<() => void> {
  const { converterStore } = await import('@/features/converter');
  return converterStore.subscribe((state) => setConversionBusy(state.machine.status === 'converting'));
}

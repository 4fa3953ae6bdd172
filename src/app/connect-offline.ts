import { converterStore } from '@/features/converter';
import { setConversionBusy } from '@/features/offline';

/** An update never reloads the page in the middle of a conversion: the offline feature is told when one runs. */
export function connectConverterToOffline(): () => void {
  return converterStore.subscribe((state) => setConversionBusy(state.machine.status === 'converting'));
}

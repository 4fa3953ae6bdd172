// The offline feature's public surface: status UI to mount once, and the conversion-busy signal.
export { OfflineBadge } from './ui/OfflineBadge';
export { OfflineStatus } from './ui/OfflineStatus';
export { setConversionBusy } from './store/use-offline';

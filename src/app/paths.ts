/** The router's paths; the object lives in shared/ so pages can link without importing app/. */
export { PATHS } from '@/shared/lib/paths';

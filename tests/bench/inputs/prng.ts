// The bench draws its pictures with the fixtures' seeded generator (mulberry32), so every run is identical.
export { random as createPrng } from '../../fixtures/content';

/** Approximately normal noise (sum of three uniforms), mean 0 and standard deviation `sigma`. */
export function gaussianNoise(random: () => number, sigma: number): number {
  return (random() + random() + random() - 1.5) * 2 * sigma;
}

/** mulberry32: a tiny seeded PRNG, so every run of the bench draws the same pictures. */
export function createPrng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Approximately normal noise (sum of three uniforms), mean 0 and standard deviation `sigma`. */
export function gaussianNoise(random: () => number, sigma: number): number {
  return (random() + random() + random() - 1.5) * 2 * sigma;
}

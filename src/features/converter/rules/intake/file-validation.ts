/** The upload rule: a file is a PNG when its type says so or its name ends in .png. */
export function isPngFile(file: { name: string; type: string }): boolean {
  return file.type === 'image/png' || file.name.toLowerCase().endsWith('.png');
}

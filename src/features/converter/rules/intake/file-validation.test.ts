import { describe, expect, it } from 'vitest';
import { isPngFile } from './file-validation';

describe('isPngFile', () => {
  it('accepts the PNG type whatever the name', () => {
    expect(isPngFile({ name: 'picture', type: 'image/png' })).toBe(true);
  });
  it('accepts a .png name whatever the type, in any case', () => {
    expect(isPngFile({ name: 'photo.PNG', type: '' })).toBe(true);
    expect(isPngFile({ name: 'photo.png', type: 'application/octet-stream' })).toBe(true);
  });
  it('refuses other types and names', () => {
    expect(isPngFile({ name: 'photo.jpg', type: 'image/jpeg' })).toBe(false);
    expect(isPngFile({ name: 'png', type: 'text/plain' })).toBe(false);
    expect(isPngFile({ name: 'photo.png.txt', type: 'text/plain' })).toBe(false);
  });
});

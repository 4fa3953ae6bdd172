import { describe, expect, it } from 'vitest';
import { canChooseFolder, canShareFiles, launchQueueOf, sharedFilesHandOver } from './browser-features';

const gif = () => new File([new Uint8Array([0x47, 0x49, 0x46])], 'a.gif', { type: 'image/gif' });

describe('browser features', () => {
  it('offers folder choice only where the file input has webkitdirectory', () => {
    expect(canChooseFolder({ webkitdirectory: false })).toBe(true);
    expect(canChooseFolder(Object.create({ webkitdirectory: false }) as object)).toBe(true);
    expect(canChooseFolder({})).toBe(false);
    expect(canChooseFolder(undefined)).toBe(false);
  });

  it('uses a launch queue only when it can take a consumer', () => {
    const queue = { setConsumer: () => {} };
    expect(launchQueueOf({ launchQueue: queue })).toBe(queue);
    expect(launchQueueOf({})).toBeNull();
    expect(launchQueueOf({ launchQueue: null })).toBeNull();
    expect(launchQueueOf({ launchQueue: {} })).toBeNull();
  });

  it('waits for shared files only from a service worker in control', () => {
    expect(sharedFilesHandOver('', { controller: {} })).toBe('none');
    expect(sharedFilesHandOver('?q=1', undefined)).toBe('none');
    expect(sharedFilesHandOver('?share-target', { controller: {} })).toBe('wait');
    expect(sharedFilesHandOver('?share-target', { controller: null })).toBe('forget');
    expect(sharedFilesHandOver('?x=1&share-target', undefined)).toBe('forget');
  });

  it('shares files only where canShare says yes for them', () => {
    const share = () => Promise.resolve();
    expect(canShareFiles({ canShare: () => true, share }, [gif()])).toBe(true);
    // Firefox on the desktop: the API is there, files are refused.
    expect(canShareFiles({ canShare: () => false, share }, [gif()])).toBe(false);
    expect(canShareFiles({ share }, [gif()])).toBe(false);
    expect(canShareFiles({ canShare: () => true }, [gif()])).toBe(false);
    expect(canShareFiles(undefined, [gif()])).toBe(false);
    const throwing = () => {
      throw new TypeError('files are not supported');
    };
    expect(canShareFiles({ canShare: throwing, share }, [gif()])).toBe(false);
  });
});

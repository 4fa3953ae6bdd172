import { describe, expect, it } from 'vitest';
import { readInOrder } from './read-ahead';

/** A Blob that counts when its bytes are asked for and answers when the test says so. */
class SlowBlob extends Blob {
  asked = false;
  #answer!: () => void;
  readonly #answered = new Promise<void>((resolve) => (this.#answer = resolve));

  constructor(
    readonly label: number,
    size: number,
  ) {
    super([new Uint8Array(size).fill(label)]);
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    this.asked = true;
    await this.#answered;
    return super.arrayBuffer();
  }

  answer(): void {
    this.#answer();
  }
}

describe('readInOrder', () => {
  it('gives the files in order and asks for the next ones while they fit in the budget', async () => {
    const files = [1, 2, 3, 4].map((label) => new SlowBlob(label, 10));
    const read = readInOrder(files, 30);
    const first = read();
    expect(files.map((f) => f.asked)).toEqual([true, true, true, false]);
    files.forEach((f) => f.answer());
    expect([...(await first)]).toEqual(new Array(10).fill(1));
    const second = await read();
    expect(second[0]).toBe(2);
    // The first file's bytes are no longer in flight: the fourth fits now.
    expect(files[3]!.asked).toBe(true);
    expect((await read())[0]).toBe(3);
    expect((await read())[0]).toBe(4);
    await expect(read()).rejects.toThrow(RangeError);
  });

  it('reads big files one at a time', async () => {
    const files = [1, 2, 3].map((label) => new SlowBlob(label, 50));
    const read = readInOrder(files, 30);
    const first = read();
    expect(files.map((f) => f.asked)).toEqual([true, false, false]);
    files[0]!.answer();
    await first;
    const second = read();
    expect(files.map((f) => f.asked)).toEqual([true, true, false]);
    files[1]!.answer();
    expect((await second)[0]).toBe(2);
  });

  it('a failed read fails its own turn, not an earlier one', async () => {
    const good = new Blob([new Uint8Array([7])]);
    const bad = new Blob([new Uint8Array([8])]);
    bad.arrayBuffer = () => Promise.reject(new Error('unreadable'));
    const read = readInOrder([good, bad], 100);
    expect([...(await read())]).toEqual([7]);
    await expect(read()).rejects.toThrow('unreadable');
  });
});

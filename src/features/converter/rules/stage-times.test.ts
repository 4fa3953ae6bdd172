import { describe, expect, it } from 'vitest';
import { noStageTimes, StageClock, STAGES } from './stage-times';

describe('StageClock', () => {
  it('charges the time of each piece of work to its stage, and adds repeated stages up', async () => {
    let now = 0;
    const clock = new StageClock(() => now);
    await clock.time('decode', async () => {
      now += 30;
    });
    clock.timeSync('analyse', () => {
      now += 5;
    });
    await clock.time('decode', async () => {
      now += 12;
    });
    expect(clock.times).toMatchObject({ decode: 42, analyse: 5, palette: 0 });
  });

  it('charges failed work too', async () => {
    let now = 0;
    const clock = new StageClock(() => now);
    await expect(
      clock.time('hand-over', async () => {
        now += 7;
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(clock.times['hand-over']).toBe(7);
  });

  it('starts every stage at zero', () => {
    expect(Object.keys(noStageTimes())).toEqual([...STAGES]);
    expect(Object.values(noStageTimes()).every((ms) => ms === 0)).toBe(true);
  });
});

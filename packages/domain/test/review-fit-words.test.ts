import { describe, expect, it } from 'vitest';
import { FIT_BAR_MIN_ANSWERS, fitBarWords, type FitShares } from '../src/review-fit-words.ts';

const fit = (overrides: Partial<FitShares> = {}): FitShares => ({
  count: 3,
  trueToSize: 100,
  runsSmall: 0,
  runsLarge: 0,
  band: { tight: 0, right: 0, loose: 0 },
  cup: { small: 0, right: 0, big: 0 },
  ...overrides,
});

describe('fitBarWords', () => {
  it('says nothing below three fit answers', () => {
    expect(FIT_BAR_MIN_ANSWERS).toBe(3);
    expect(fitBarWords(fit({ count: 2 }))).toBeNull();
    expect(fitBarWords(fit({ count: 0 }))).toBeNull();
    expect(fitBarWords(fit({ count: 3 }))?.line).toBe('100 % say true to size');
  });

  it('names a band that most found tight as running small', () => {
    const words = fitBarWords(
      fit({
        count: 25,
        trueToSize: 72,
        runsSmall: 20,
        runsLarge: 8,
        band: { tight: 60, right: 40, loose: 0 },
      }),
    );
    expect(words?.line).toBe('72 % say true to size · band runs small');
  });

  it('leads with a side when more say it runs small or large', () => {
    expect(fitBarWords(fit({ trueToSize: 33, runsSmall: 0, runsLarge: 67 }))?.overall).toBe(
      '67 % say it runs large',
    );
    expect(
      fitBarWords(fit({ trueToSize: 20, runsSmall: 80, cup: { small: 0, right: 0, big: 100 } }))
        ?.line,
    ).toBe('80 % say it runs small · cups run large');
  });

  it('keeps quiet about a band or cups most found right, or split evenly', () => {
    const words = fitBarWords(
      fit({ band: { tight: 20, right: 80, loose: 0 }, cup: { small: 50, right: 0, big: 50 } }),
    );
    expect(words).toMatchObject({ band: null, cup: null, line: '100 % say true to size' });
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_SIDE, targetSize } from './upload';

describe('targetSize', () => {
  it('keeps the long side at most 1600 px and the proportions', () => {
    expect(MAX_SIDE).toBe(1600);
    expect(targetSize(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(targetSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(targetSize(8000, 10)).toEqual({ width: 1600, height: 2 });
  });

  it('never enlarges a small photo', () => {
    expect(targetSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(targetSize(1600, 1600)).toEqual({ width: 1600, height: 1600 });
  });
});

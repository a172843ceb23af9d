/** The character counter's rule: a text is invalid when longer than its limit (Unicode characters). */
import { describe, expect, it } from 'vitest';
import { isOverLimit } from './character-counter';

describe('isOverLimit', () => {
  it('is false up to the limit and true above it', () => {
    expect(isOverLimit('a'.repeat(10), 10)).toBe(false);
    expect(isOverLimit('a'.repeat(11), 10)).toBe(true);
    expect(isOverLimit('', 0)).toBe(false);
    expect(isOverLimit(null, 5)).toBe(false);
  });
  it('counts characters, not UTF-16 units (an emoji is one)', () => {
    expect(isOverLimit('🙂🙂', 2)).toBe(false);
    expect(isOverLimit('ñáé', 3)).toBe(false);
  });
});

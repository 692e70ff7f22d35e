import { formatFileSize } from './fileSize';

describe('formatFileSize', () => {
  it('shows bytes under 1 KB, whole KB with separators under 1 MB, one decimal above', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(123_456)).toBe('121 KB');
    expect(formatFileSize(1_048_575)).toBe('1,024 KB');
    expect(formatFileSize(2_621_440)).toBe('2.5 MB');
    expect(formatFileSize(20 * 1024 * 1024)).toBe('20.0 MB');
  });

  it('shows nothing for a size that is not one', () => {
    expect(formatFileSize(Number.NaN)).toBe('');
    expect(formatFileSize(-1)).toBe('');
  });
});

/** A file's size as both the console and the portal show it: 12 B, 1,023 KB, 2.5 MB (1 KB = 1024 B). */
export const formatFileSize = (size: number): string => {
  if (!Number.isFinite(size) || size < 0) return '';
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024).toLocaleString('ja-JP')} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
};

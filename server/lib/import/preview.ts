/**
 * What the import job keeps of a row for the console's preview: each text cut to PREVIEW_CHARS
 * with an ellipsis. The preview is read by every poll of the job and by the import list, so a
 * file of long cells must not make them megabytes (issue 29: 20 cells of 990 k characters made
 * each poll 19.8 MB). The full values are in the file and, for a failing row, in the error file.
 */
export const PREVIEW_CHARS = 200;

export const clipText = (text: string) => (text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text);

export function previewValues(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [clipText(k), typeof v === 'string' ? clipText(v) : v]));
}

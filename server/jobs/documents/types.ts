/** An export that is one document rather than rows (issue 35): its file name stem and its bytes. */
export interface ExportDocument {
  /** file name stem, e.g. 議事録_第75回 通常議員総会_第1版 */
  fileLabel: string;
  render(): Promise<Buffer>;
}

/**
 * A .docx read as Word would (issue 35): the zip opened with unzipper, word/document.xml parsed with
 * saxes — each paragraph's text (its w:t runs joined, a w:tab as a tab) and the page size.
 */
import { SaxesParser } from 'saxes';
import { Open } from 'unzipper';

export interface DocxText {
  paragraphs: string[];
  /** w:pgSz in twentieths of a point */
  page: { width: number; height: number } | null;
  /** every part's text (footers included), for what the body does not hold */
  parts: Record<string, string[]>;
}

function paragraphsOf(xml: string): { paragraphs: string[]; page: DocxText['page'] } {
  const parser = new SaxesParser();
  const paragraphs: string[] = [];
  let current: string[] | null = null;
  let inText = false;
  // a w:tab inside a run is a tab; inside w:tabs (the paragraph's tab stops) it is not text
  let inRun = false;
  let page: DocxText['page'] = null;
  parser.on('opentag', (tag) => {
    if (tag.name === 'w:p') current = [];
    else if (tag.name === 'w:r') inRun = true;
    else if (tag.name === 'w:t') inText = true;
    else if (tag.name === 'w:tab' && inRun && current) current.push('\t');
    else if (tag.name === 'w:pgSz') page = { width: Number(tag.attributes['w:w']), height: Number(tag.attributes['w:h']) };
  });
  parser.on('text', (text) => {
    if (inText && current) current.push(text);
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'w:t') inText = false;
    else if (tag.name === 'w:r') inRun = false;
    else if (tag.name === 'w:p' && current) {
      paragraphs.push(current.join(''));
      current = null;
    }
  });
  parser.write(xml).close();
  return { paragraphs, page };
}

export async function docxText(body: Buffer): Promise<DocxText> {
  const zip = await Open.buffer(body);
  const parts: Record<string, string[]> = {};
  let main: ReturnType<typeof paragraphsOf> | null = null;
  for (const file of zip.files) {
    if (!/^word\/(document|footer\d*|header\d*)\.xml$/.test(file.path)) continue;
    const read = paragraphsOf((await file.buffer()).toString('utf8'));
    parts[file.path] = read.paragraphs;
    if (file.path === 'word/document.xml') main = read;
  }
  if (!main) throw new Error('no word/document.xml: not a Word file');
  return { paragraphs: main.paragraphs, page: main.page, parts };
}

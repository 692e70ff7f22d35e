/**
 * One message body, written once as blocks and rendered twice: plain text and HTML alternatives
 * (issue 13). The HTML is simple, inline-styled, escaped and loads nothing from outside: its only
 * images are parts of the message itself (`cid:`, the 受付票 of issue 14).
 */

/**
 * An item of a list with an image under it: HTML shows the caption and the inline image; plain
 * text, which cannot show it, the line `instead` (where to see it: a link) under the item.
 */
export interface ImageItem {
  text: string;
  image: { cid: string; alt: string; caption: string };
  instead: string;
}

export type Block =
  | { type: 'lines'; lines: string[] }
  /** ■label：value rows (会議名, 日時, …); a value may hold several lines */
  | { type: 'fields'; rows: Array<[label: string, value: string]> }
  /** a heading and its ・items */
  | { type: 'list'; title: string; items: Array<string | ImageItem> }
  | { type: 'link'; label: string; url: string }
  | { type: 'signature'; lines: string[] };

const RULE = '─'.repeat(30);

const textItem = (item: string | ImageItem): string =>
  typeof item === 'string' ? `\u3000・${item}` : `\u3000・${item.text}\n\u3000\u3000${item.instead}`;

export function toText(blocks: Block[]): string {
  const parts = blocks.map((b): string => {
    switch (b.type) {
      case 'lines':
        return b.lines.join('\n');
      case 'fields':
        return b.rows.map(([label, value]) => `■${label}：${value.split('\n').join('\n　　')}`).join('\n');
      case 'list':
        return [`■${b.title}`, ...b.items.map(textItem)].join('\n');
      case 'link':
        return `▼${b.label}\n${b.url}`;
      case 'signature':
        return [RULE, ...b.lines, RULE].join('\n');
    }
  });
  return `${parts.join('\n\n')}\n`;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const lines = (s: string) => s.split('\n').map(escapeHtml).join('<br>');

const QR_SIZE = 200;

const htmlItem = (item: string | ImageItem): string =>
  typeof item === 'string'
    ? `<li>${escapeHtml(item)}</li>`
    : `<li>${escapeHtml(item.text)}<div style="margin:8px 0 12px">${escapeHtml(item.image.caption)}<br>` +
      `<img src="cid:${escapeHtml(item.image.cid)}" alt="${escapeHtml(item.image.alt)}" width="${QR_SIZE}" height="${QR_SIZE}" style="display:block;margin-top:4px;border:0"></div></li>`;

export function toHtml(blocks: Block[], title: string): string {
  const body = blocks.map((b): string => {
    switch (b.type) {
      case 'lines':
        return `<p>${b.lines.map(escapeHtml).join('<br>')}</p>`;
      case 'fields':
        return `<table style="border-collapse:collapse;margin:0 0 1em">${b.rows
          .map(
            ([label, value]) =>
              `<tr><th style="text-align:left;vertical-align:top;padding:4px 12px 4px 0;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:4px 0">${lines(value)}</td></tr>`,
          )
          .join('')}</table>`;
      case 'list':
        return `<p style="margin:0">${escapeHtml(b.title)}</p><ul>${b.items.map(htmlItem).join('')}</ul>`;
      case 'link':
        return `<p><a href="${escapeHtml(b.url)}">${escapeHtml(b.label)}</a><br>${escapeHtml(b.url)}</p>`;
      case 'signature':
        return `<hr><p style="color:#444">${b.lines.map(escapeHtml).join('<br>')}</p>`;
    }
  });
  return [
    '<!DOCTYPE html>',
    '<html lang="ja"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family:sans-serif;font-size:15px;line-height:1.6;color:#222">',
    ...body,
    '</body></html>',
    '',
  ].join('\n');
}

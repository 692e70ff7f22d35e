/**
 * 事業所コード and テンプレートコード as Kaigi stores them (issue 15 §4, issue 18 §7): `w239329`,
 * `W239329` and `Ｗ２３９３２９` are one code. The forms, the server's body normaliser, the list
 * filters and imports (DESIGN.md §11.4) fold alike: NFKC (全角 → 半角), trimmed, a–z upper-cased.
 * Only ASCII letters change case: what the code pattern allows, and what PostgreSQL's upper() does
 * to a COLLATE "C" column (the unique indexes of migration 0008 fold the same way).
 * docs/decisions/0012-code-folding.md says why codes are stored folded. Pure: no React, no Node APIs.
 */
export const foldCode = (s: string): string =>
  s
    .normalize('NFKC')
    .trim()
    .replace(/[a-z]+/g, (letters) => letters.toUpperCase());

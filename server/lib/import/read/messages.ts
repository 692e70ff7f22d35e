/**
 * The Japanese reasons the import reader gives (issue 17): one place for every text a user sees
 * when a file cannot be read, keyed by the stable code the API returns beside it.
 */
const at = (row?: number) => (row ? `${row.toLocaleString('ja-JP')} 行目: ` : '');
const quote = (names: readonly string[]) => names.map((n) => `「${n}」`).join('');

export const importReadMessages = {
  import_empty_file: () => 'ファイルが空です。データの入ったファイルを選んでください。',
  import_unsupported_format: () =>
    'このファイルの形式は取り込めません。Excel（.xlsx）または CSV（.csv）で保存して選び直してください。',
  import_not_xlsx: () =>
    'Excel ファイル（.xlsx）として読めません。ファイルが壊れているか、別の形式です。Excel で開いて「Excel ブック（*.xlsx）」で保存し直してください。',
  import_not_csv: () =>
    'CSV ファイルとして読めません（Excel などの別の形式のようです）。拡張子を確かめるか、CSV で保存し直してください。',
  import_zip_bomb: () =>
    'Excel ファイルの展開後の大きさが上限を超えるため、取り込めません。不要なシートや書式を削除して保存し直してください。',
  import_unknown_encoding: (guess?: string) =>
    `CSV の文字コードを判別できません${guess ? `（${guess} のようです）` : ''}。UTF-8 または Shift_JIS（Excel の「CSV（コンマ区切り）」）で保存し直してください。`,
  import_csv_malformed: (line: number) =>
    `CSV の ${line} 行目付近を読めません（" で囲まれた値が閉じていないなど）。Excel で開いて保存し直してください。`,
  import_too_many_rows: (max: number) =>
    `データが ${max.toLocaleString('ja-JP')} 行を超えています。ファイルを分けて取り込んでください。`,
  import_cell_too_long: (max: number, row?: number) =>
    `${at(row)}1 つのセルの文字数が ${max.toLocaleString('ja-JP')} 文字（Excel の上限）を超えているため、取り込めません。セルの内容を短くして保存し直してください。`,
  import_row_too_long: (max: number, row?: number) =>
    `${at(row)}1 行の文字数が ${max.toLocaleString('ja-JP')} 文字を超えているため、取り込めません。不要な列や長すぎる値を削除して保存し直してください。`,
  import_too_many_columns: (max: number) => `列が ${max.toLocaleString('ja-JP')} 列を超えています。不要な列を削除してください。`,
  import_header_not_found: (required: readonly string[]) =>
    `見出しの行が見つかりません。先頭 30 行のうちに${quote(required)}などの見出しを書いた行を置いてください。`,
  import_missing_column: (names: readonly string[]) => `必須の列${quote(names)}がありません。`,
  import_duplicate_column: (name: string) => `列「${name}」が 2 つ以上あります。1 つにしてください。`,
  import_unknown_column: (name: string) => `列「${name}」は取り込み対象ではないため、読み飛ばします。`,
  import_unheaded_column: (letter: string, row: number) =>
    `${letter} 列には見出しがないため、値を取り込みません（${row.toLocaleString('ja-JP')} 行目など）。取り込む値なら、見出しを付けるか見出しのある列に移してください。`,
  import_note_row: (row: number, text: string) => `${at(row)}「${text}」は注記・合計の行と見なし、読み飛ばしました。`,
} as const;

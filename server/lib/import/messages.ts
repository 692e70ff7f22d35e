/** The import's Japanese row messages (DESIGN.md §11.4): what is wrong, and in which column. */
export const importMessages = {
  required: (label: string) => `${label}を入力してください`,
  tooLong: (label: string, limit: number) => `${label}は${limit}文字以内で入力してください`,
  email: () => 'メールアドレスの形式が正しくありません',
  format: (label: string) => `${label}の形式が正しくありません`,
  range: (label: string) => `${label}は0〜1000000の整数で入力してください`,
  choice: (label: string) => `${label}の値が正しくありません`,
  invalidText: (label: string) => `${label}に使用できない文字が含まれています`,
  date: (label: string) => `${label}の日付が正しくありません（例: 2026/4/1、令和8年4月1日）`,
  period: (start: string, end: string) => `${end}は${start}以降の日付を指定してください`,
  duplicateInFile: (label: string) => `この${label}はファイル内で重複しています`,
  companyNotFound: () => 'この事業所コードの事業所が見つかりません',
  memberNotFound: () => 'この会員IDの会員が見つかりません',
  positionNotFound: () => 'この役職IDの役職が見つかりません',
  idFormat: (label: string) => `${label}は半角数字で入力してください`,
  /** issue 33: a Shift_JIS export's 〓 read back as the character it stands for */
  getaMatched: (label: string, kept: string) =>
    `${label}の「〓」は Shift_JIS で保存できない文字の代わりとみなし、登録済みの「${kept}」のままにします`,
  getaRestored: (label: string, restored: string) =>
    `${label}の変更のない部分の「〓」は Shift_JIS で保存できない文字の代わりとみなし、登録済みの文字に戻して「${restored}」とします`,
  /** the job itself (not a row) */
  rowsInvalid: (n: number) =>
    `${n} 行にエラーがあるため、何も取り込みませんでした。エラーの行を直すか、エラーの行を除いて取り込んでください。`,
  fileMissing: () => '取込ファイルが見つかりません。もう一度アップロードしてください。',
  retry: () => '取込中にエラーが発生しました。自動的に再試行します。',
  failed: () => '取込中にエラーが発生しました。再試行の上限に達したため中止しました。',
  unstorable: () =>
    'ファイルの内容に保存できない値（長すぎる値、使えない文字など）があるため、中止しました。ファイルを直して取り込み直してください。',
  abandoned: () => '取込が中断されました（処理中のワーカーが停止したため再試行しましたが、上限に達しました）。',
  errorFileReason: '理由',
  errorFileSheet: '取込エラー',
};

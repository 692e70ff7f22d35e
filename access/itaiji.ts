/**
 * 異体字 folding for keyword search (issue 15 §4): 髙橋 and 高橋 are one name to whoever searches,
 * so the search index (search_text) and the query both fold each variant to the everyday form.
 * Pure: no React, no Node APIs; the server's normalizeSearchText runs it, and SQL runs the same table
 * through translate() (SEARCH_VARIANTS_FROM/TO) where a text is folded in the query.
 *
 * Where the table comes from: the 康熙字典体 printed beside their 常用漢字 in the 常用漢字表 (2010) and
 * the 許容字体 pairs of the 人名用漢字 (戸籍法施行規則 別表第二), narrowed to the characters seen in
 * names of people, places and companies, plus the 俗字 of surnames that 戸籍 and JIS X 0213 keep
 * apart (髙 﨑 嵜 濵 邉 𠮷 𡈽 嶌 冨 舘 靍 靏). Each variant maps to one character, so SQL's translate()
 * folds exactly as this module does. 齊 folds to 斉 and 齋 to 斎: 斉藤 and 斎藤 are different names.
 * CJK compatibility ideographs that NFKC already maps (塚 U+FA10, 神 U+FA19, 隆 U+F9DC…) are not
 * listed: folding runs after NFKC. Extending the table means a migration that folds the stored
 * search_text again (as server/db/migrations/0008_code_folding.sql does).
 */
const PAIRS = [
  '髙高 﨑崎 嵜崎 德徳 邊辺 邉辺 濵浜 濱浜 𠮷吉 𡈽土 齋斎 齊斉 櫻桜 廣広 嶋島 嶌島 澤沢 國国 眞真 惠恵',
  '瀨瀬 槇槙 冨富 榮栄 關関 瀧滝 龜亀 條条 實実 萬万 禮礼 壽寿 豐豊 藏蔵 澁渋 黑黒 圓円 寬寛 曾曽 峯峰',
  '穗穂 淸清 靜静 傳伝 與与 彌弥 來来 學学 會会 應応 縣県 兒児 驛駅 亞亜 檜桧 蘆芦 邨村 嶽岳 晉晋 勳勲',
  '稻稲 莊荘 將将 顯顕 鐵鉄 戶戸 靍鶴 靏鶴 舘館 鄕郷 步歩 淺浅 增増 團団 樂楽 氣気 佛仏 遙遥',
]
  .join(' ')
  .split(' ')
  .map((pair) => [...pair] as [variant: string, standard: string]);

/** Variant → everyday form. */
export const SEARCH_VARIANTS: ReadonlyMap<string, string> = new Map(PAIRS);

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');
/** Variation selectors (VS1–16, and the IVS of 邉󠄄 and its kin) say which glyph, not which character: dropped. */
const SELECTORS = range(0xfe00, 0xfe0f) + range(0xe0100, 0xe01ef);

/**
 * The table for SQL `translate(text, FROM, TO)`: each variant of FROM becomes the character at the
 * same place in TO; the selectors after them (FROM is longer) are deleted.
 */
export const SEARCH_VARIANTS_FROM = PAIRS.map(([variant]) => variant).join('') + SELECTORS;
export const SEARCH_VARIANTS_TO = PAIRS.map(([, standard]) => standard).join('');

const FOLDED = new RegExp(`[${SEARCH_VARIANTS_FROM}]`, 'gu');

/** Every listed variant to its everyday form, variation selectors dropped. Run after NFKC. */
export const foldVariants = (s: string): string => s.replace(FOLDED, (c) => SEARCH_VARIANTS.get(c) ?? '');

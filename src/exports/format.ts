const numberFormat = new Intl.NumberFormat('ja-JP');

/** A count with digit grouping (5,000). */
export const formatCount = (n: number) => numberFormat.format(n);

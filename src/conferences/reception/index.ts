/**
 * 受付 (issue 14, DESIGN.md §11.3): the reception desk page and the conference page's buttons to
 * it and to the quorum board. The page is lazy (App.tsx), so @zxing/browser stays out of the first load.
 */
export { ReceptionButtons } from './ReceptionButtons';

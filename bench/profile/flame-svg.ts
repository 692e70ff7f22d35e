/**
 * An icicle graph (root at the top, callees below) of a profile's busy samples, as one static SVG.
 *
 * Written here rather than taken from npm: the maintained renderers either draw in a browser
 * (d3-flame-graph, speedscope, @platformatic/flame), launch the profiled process themselves (0x), or
 * print text only (flamebearer 2.x); none turns a .cpuprofile slice into an SVG file offline.
 */
import type { CallFrame, ProfileNode, Slice } from './read.ts';
import { IDLE, selfGroup } from './groups.ts';

interface FlameNode {
  frame: CallFrame;
  /** the frames from the root to this one, for its colour group */
  path: CallFrame[];
  us: number;
  children: Map<string, FlameNode>;
}

export interface FlameOptions {
  title: string;
  requests: number;
  /** frames narrower than this share of the total are left out (their time stays in the parent's width) */
  minShare?: number;
  width?: number;
}

const ROW = 16;
const CHAR = 6.6;
const HEAD = 54;

const keyOf = (f: CallFrame) => `${f.functionName}\u0000${f.url}\u0000${f.lineNumber}`;

/** The merged call tree of the slice's busy samples (idle ones left out). */
export function flameTree(slice: Slice, stacks: Map<number, ProfileNode[]>): FlameNode {
  const root: FlameNode = {
    frame: { functionName: 'all busy samples', url: '', lineNumber: -1, columnNumber: -1 },
    path: [],
    us: 0,
    children: new Map(),
  };
  for (const { node, weightUs } of slice.samples) {
    const stack = stacks.get(node) ?? [];
    if (stack.at(-1)?.callFrame.functionName === IDLE) continue;
    root.us += weightUs;
    let at = root;
    for (const { callFrame } of stack) {
      const key = keyOf(callFrame);
      let next = at.children.get(key);
      if (!next) {
        next = { frame: callFrame, path: [...at.path, callFrame], us: 0, children: new Map() };
        at.children.set(key, next);
      }
      next.us += weightUs;
      at = next;
    }
  }
  return root;
}

const escapeXml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** a colour per self-time group (bench/profile/groups.ts): the same package has the same colour in every graph */
function colourOf(group: string): string {
  let h = 0;
  for (const c of group) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  if (group.startsWith('Kaigi: ')) return `hsl(${200 + (h % 40)},60%,70%)`;
  if (group === '(garbage collector)') return 'hsl(0,0%,70%)';
  if (group === 'node internals') return 'hsl(50,35%,78%)';
  if (group === 'socket writes and reads (syscalls)') return 'hsl(340,70%,70%)';
  if (group === '(program) and native') return 'hsl(280,25%,78%)';
  return `hsl(${h % 60},${70 + (h % 20)}%,${60 + (h % 15)}%)`;
}

export function flameSvg(tree: FlameNode, options: FlameOptions): string {
  const width = options.width ?? 1200;
  const minUs = tree.us * (options.minShare ?? 0.001);
  const scale = tree.us > 0 ? width / tree.us : 0;
  const requests = Math.max(1, options.requests);
  const rects: string[] = [];
  let depth = 0;
  const draw = (node: FlameNode, x: number, level: number) => {
    depth = Math.max(depth, level + 1);
    const w = node.us * scale;
    const y = HEAD + level * ROW;
    const f = node.frame;
    const where = f.url
      ? ` ${f.url.replace(/^file:\/\/.*?\/(node_modules|server|bench|scripts|access)\//, '$1/')}:${f.lineNumber + 1}`
      : '';
    const name = f.functionName || `(anonymous${f.url ? ` ${f.url.slice(f.url.lastIndexOf('/') + 1)}` : ''})`;
    const ms = node.us / 1000 / requests;
    const share = tree.us > 0 ? (100 * node.us) / tree.us : 0;
    const title = `${name}${where}\n${ms.toFixed(4)} ms/request, ${share.toFixed(2)} %`;
    const label = w > 3 * CHAR ? name.slice(0, Math.floor((w - 4) / CHAR)) : '';
    rects.push(
      `<g><title>${escapeXml(title)}</title><rect x="${x.toFixed(1)}" y="${y}" width="${Math.max(0.5, w - 0.5).toFixed(1)}" height="${ROW - 1}" fill="${colourOf(node.path.length ? selfGroup(node.path) : 'root')}"/>` +
        (label ? `<text x="${(x + 2).toFixed(1)}" y="${y + ROW - 4}">${escapeXml(label)}</text>` : '') +
        '</g>',
    );
    let cx = x;
    for (const child of [...node.children.values()].sort((a, b) => b.us - a.us)) {
      if (child.us < minUs) continue;
      draw(child, cx, level + 1);
      cx += child.us * scale;
    }
  };
  draw(tree, 0, 0);
  const height = HEAD + depth * ROW + 4;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="monospace" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="4" y="16" font-size="14">${escapeXml(options.title)}</text>`,
    `<text x="4" y="32" fill="#555">busy samples only, root at the top; width = sampled time; hover a frame: file:line, ms per request (${requests} requests), share of busy time; frames under ${((options.minShare ?? 0.001) * 100).toFixed(1)} % left out</text>`,
    `<text x="4" y="46" fill="#555">colours: blue Kaigi's files, warm one per npm package, pale yellow node internals, pink socket system calls, grey GC, lilac native</text>`,
    ...rects,
    '</svg>',
    '',
  ].join('\n');
}

/**
 * Issue 30 item 3, spec §9 "List defaults: page 1, page size 10": every console list of the SPA
 * (react-admin's List, ListBase, InfiniteList, and a paginated ReferenceManyField) asks for 10 rows
 * unless the user picks another size. Read from the sources, so a new list cannot slip past.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SRC = path.resolve(__dirname, '..');
const LIST_COMPONENTS = new Set(['List', 'ListBase', 'InfiniteList', 'ReferenceManyField']);
const SPEC_PAGE_SIZE = 10;

const sources = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.tsx') && !file.includes('.test.'))
  .map((file) => path.join(SRC, file));

/** The react-admin names a file imports (List from @mui/material is another component). */
const reactAdminImports = (file: ts.SourceFile) =>
  new Set(
    file.statements.flatMap((statement) =>
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text === 'react-admin' &&
      statement.importClause?.namedBindings &&
      ts.isNamedImports(statement.importClause.namedBindings)
        ? statement.importClause.namedBindings.elements.map((e) => e.name.text)
        : [],
    ),
  );

interface ListUse {
  where: string;
  component: string;
  /** the perPage attribute's text, or undefined when absent (react-admin's default, 10) */
  perPage: string | undefined;
}

const listUses = (fileName: string): ListUse[] => {
  const file = ts.createSourceFile(fileName, readFileSync(fileName, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const imported = reactAdminImports(file);
  const uses: ListUse[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const component = node.tagName.getText(file);
      const attribute = (name: string) =>
        node.attributes.properties.find((p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText(file) === name);
      const paginated = component !== 'ReferenceManyField' || attribute('pagination') !== undefined;
      if (LIST_COMPONENTS.has(component) && imported.has(component) && paginated) {
        const perPage = attribute('perPage')?.initializer;
        const value = perPage && ts.isJsxExpression(perPage) ? perPage.expression?.getText(file) : perPage?.getText(file);
        const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
        uses.push({ where: `${path.relative(SRC, fileName)}:${line + 1}`, component, perPage: value });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return uses;
};

const uses = sources.flatMap(listUses);

describe('spec §9: every console list asks for 10 rows by default', () => {
  it('finds the console lists', () => {
    const pages = uses.map((u) => u.where.split(':')[0]);
    for (const list of [
      'positions/PositionList.tsx',
      'master-data/MasterDataList.tsx',
      'exports/ExportList.tsx',
      'imports/ImportList.tsx',
      'notifications/NotificationList.tsx',
      'companies/CompanyList.tsx',
    ]) {
      expect(pages).toContain(list);
    }
  });

  it.each(uses.map((u) => [u.where, u] as const))('%s', (_where, use) => {
    expect(use.perPage === undefined || Number(use.perPage) === SPEC_PAGE_SIZE, `${use.component} perPage={${use.perPage}}`).toBe(
      true,
    );
  });
});

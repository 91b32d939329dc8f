/**
 * Table ownership (issue 48): a table is written only by its owner's code (`src/db/table-owners.ts`). Reads the non-test
 * source of `src/modules`, `src/platform` and `src/db/*.ts` with the TypeScript compiler and finds every write: drizzle's
 * `.insert(t)`, `.update(t)`, `.delete(t)` (the table known by its type, so through any variable, alias or `tx`), and raw
 * `insert into`, `update … set`, `delete from`, `truncate` in templates and strings (a table spelled out, or an
 * interpolated drizzle table). Shared SQL in `src/db/*.ts` composes reads only: a write there is refused too.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { OWNERSHIP_EXCEPTIONS, SCHEMA_OWNERS, type TableOwner } from '../src/db/table-owners.ts';

const srcDir = path.resolve(import.meta.dirname, '../src');
const schemaDir = path.join(srcDir, 'db/schema');
const relative = (file: string) => path.relative(srcDir, file).split(path.sep).join('/');

/** What a write names when its table is chosen at run time (`update ${sql.identifier(name)} set …`). */
const RUN_TIME_TABLE = '(named at run time)';

function tsFiles(dir: string, recursive = true): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return recursive ? tsFiles(file) : [];
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** Every table's SQL name with the schema file that declares it (`pgTable('name', …)`). */
function declaredTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of tsFiles(schemaDir, false)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'pgTable') {
        const [name] = node.arguments;
        if (name && ts.isStringLiteralLike(name)) tables.set(name.text, path.basename(file));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return tables;
}

const tables = declaredTables();

function ownerOf(table: string): TableOwner | undefined {
  const file = tables.get(table);
  const entry = file === undefined ? undefined : SCHEMA_OWNERS[file];
  return entry?.tables?.[table] ?? entry?.owner;
}

/** The owner a file writes as: `modules/<m>`, `platform/<p>`, or `db` for the shared SQL of `src/db/*.ts`. */
function writerOf(file: string): string {
  const [top, part] = file.split('/');
  return top === 'db' ? 'db' : `${top}/${part}`;
}

interface Write {
  file: string;
  line: number;
  table: string;
  how: string;
}

/** Parses the files (and any virtual ones) in one program, so that expressions have their types. */
function program(roots: string[], virtual: Record<string, string> = {}): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(srcDir, '../tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('apps/server/tsconfig.json could not be read');
  const host = ts.createCompilerHost(config.options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => file in virtual || fileExists.call(host, file);
  host.readFile = (file) => virtual[file] ?? readFile.call(host, file);
  host.getSourceFile = (file, language, ...rest) =>
    file in virtual ? ts.createSourceFile(file, virtual[file] ?? '', language) : getSourceFile.call(host, file, language, ...rest);
  return ts.createProgram({ rootNames: [...roots, ...Object.keys(virtual)], options: config.options, host });
}

/** The SQL name of a drizzle table the expression is (any expression whose type is a `Table`), else undefined. */
function tableOfExpression(checker: ts.TypeChecker, expression: ts.Expression): string | undefined {
  const meta = checker.getTypeAtLocation(expression).getProperty('_');
  if (!meta) return undefined;
  const metaType = checker.getTypeOfSymbolAtLocation(meta, expression);
  const literal = (name: string) => {
    const property = metaType.getProperty(name);
    const type = property && checker.getTypeOfSymbolAtLocation(property, expression);
    return type?.isStringLiteral() ? type.value : undefined;
  };
  return literal('brand') === 'Table' ? literal('name') : undefined;
}

/** `"public".` optional, then a name (quoted or not) or an interpolation (its index between NUL characters). */
const TARGET = String.raw`(?:"?public"?\.)?(?:"([a-z_][a-z0-9_]*)"|([a-z_][a-z0-9_]*)|\u0000(\d+)\u0000)`;
const RAW_WRITES: [string, RegExp][] = [
  ['insert into', new RegExp(String.raw`\binsert\s+into\s+${TARGET}`, 'gi')],
  ['delete from', new RegExp(String.raw`\bdelete\s+from\s+(?:only\s+)?${TARGET}`, 'gi')],
  ['truncate', new RegExp(String.raw`\btruncate\s+(?:table\s+)?(?:only\s+)?${TARGET}`, 'gi')],
  // `update t [as] [alias] set`: not `for update`, `do update set`, `for update of t`.
  ['update', new RegExp(String.raw`\bupdate\s+(?:only\s+)?${TARGET}(?:\s+(?:as\s+)?(?!set\b)[a-z_][a-z0-9_]*)?\s+set\b`, 'gi')],
];

/** Every write of a file: drizzle calls on a table, and the raw SQL of its strings and templates. */
function writesOf(source: ts.SourceFile, checker: ts.TypeChecker): Write[] {
  const file = relative(source.fileName);
  const writes: Write[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;

  /** Raw SQL: `pieces` are the literal texts with where each starts in the file, `holes` the expressions between them. */
  const scanText = (pieces: { text: string; at: number }[], holes: readonly ts.Expression[]) => {
    let text = '';
    const starts: { index: number; at: number }[] = [];
    pieces.forEach((piece, i) => {
      starts.push({ index: text.length, at: piece.at });
      text += piece.text + (i < holes.length ? `\u0000${i}\u0000` : '');
    });
    for (const [how, pattern] of RAW_WRITES) {
      for (const match of text.matchAll(pattern)) {
        const [, quoted, word, hole] = match;
        const name = quoted ?? word;
        const table =
          hole === undefined
            ? name && tables.has(name.toLowerCase())
              ? name.toLowerCase()
              : undefined
            : (tableOfExpression(checker, holes[Number(hole)] as ts.Expression) ?? RUN_TIME_TABLE);
        if (table === undefined) continue;
        const start = starts.findLast((s) => s.index <= match.index) ?? { index: 0, at: 0 };
        writes.push({ file, line: lineOf(start.at + match.index - start.index), table, how: `raw SQL ${how}` });
      }
    }
  };

  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
      node.arguments[0]
    ) {
      const table = tableOfExpression(checker, node.arguments[0]);
      if (table)
        writes.push({ file, line: lineOf(node.expression.name.getStart(source)), table, how: `drizzle .${node.expression.name.text}()` });
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      scanText([{ text: node.text, at: node.getStart(source) + 1 }], []);
    } else if (ts.isTemplateExpression(node)) {
      const pieces = [node.head, ...node.templateSpans.map((span) => span.literal)].map((piece) => ({
        text: piece.text,
        at: piece.getStart(source) + 1,
      }));
      scanText(
        pieces,
        node.templateSpans.map((span) => span.expression),
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
}

/** The writes a file's owner may not make, as the failure names them. */
function violations(writes: readonly Write[]): string[] {
  return writes.flatMap(({ file, line, table, how }) => {
    const writer = writerOf(file);
    const owner = ownerOf(table);
    if (owner === writer) return [];
    if (OWNERSHIP_EXCEPTIONS.some((exception) => exception.file === file && exception.table === table)) return [];
    const where = `${file}:${line} writes ${table} (${how})`;
    if (table === RUN_TIME_TABLE) return [`${where}: a table named at run time cannot be checked; write through each owner`];
    if (owner === undefined) return [`${where}, a table without an owner: name one in src/db/table-owners.ts`];
    if (writer === 'db') return [`${where}, owned by ${owner}: shared SQL in src/db/ only reads; the write belongs in ${owner}`];
    return [`${where}, owned by ${owner}: only ${owner} writes it; call its service (or, for a platform part, its functions)`];
  });
}

const scanned = [
  ...tsFiles(path.join(srcDir, 'modules')),
  ...tsFiles(path.join(srcDir, 'platform')),
  ...tsFiles(path.join(srcDir, 'db'), false),
];

/** A module's file that makes every kind of write the test must see (it is never on disk). */
const FIXTURE = path.join(srcDir, 'modules/relatives/ownership-fixture.ts');
const FIXTURE_SOURCE = `import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { auditEvents, orders as booked, profiles } from '../../db/schema/index.ts';

export async function writes(db: Db, tx: Db) {
  const table = booked;
  await tx.insert(booked).values({} as never);
  await db.update(table).set({});
  await db.delete(schema.orderDetails);
  await db.update(profiles).set({});
  await db.execute(sql\`insert into audit_events (action) values ('x')\`);
  await db.execute(sql\`with moved as (UPDATE "orders" o SET status = 1 returning 1) select 1\`);
  await db.execute(sql\`delete from \${auditEvents} where true\`);
  await db.execute(sql.raw('truncate table public.idempotency_keys'));
  await db.execute(sql\`update \${sql.identifier('x')} set y = 1\`);
  await db.execute(sql\`select 1 from orders for update of orders skip locked\`);
  await db.execute(sql\`insert into profiles default values on conflict do update set id = profiles.id\`);
  new Set<string>().delete('orders');
}
`;

const built = program(scanned, { [FIXTURE]: FIXTURE_SOURCE });
const checker = built.getTypeChecker();
const writesIn = (file: string) => {
  const source = built.getSourceFile(file);
  if (!source) throw new Error(`${file} is not in the program`);
  return writesOf(source, checker);
};

describe('table ownership', () => {
  it('gives every table an owner that exists', () => {
    const declaredFiles = new Set(tables.values());
    expect(
      [...declaredFiles].filter((file) => !(file in SCHEMA_OWNERS)),
      'schema files to add to src/db/table-owners.ts',
    ).toEqual([]);
    const problems = Object.entries(SCHEMA_OWNERS).flatMap(([file, entry]) => [
      ...(declaredFiles.has(file) ? [] : [`${file} declares no table`]),
      ...Object.keys(entry.tables ?? {})
        .filter((table) => tables.get(table) !== file)
        .map((table) => `${table} is not a table of ${file}`),
      ...[entry.owner, ...Object.values(entry.tables ?? {})]
        .filter((owner) => !fs.existsSync(path.join(srcDir, owner)))
        .map((owner) => `${owner} (owner in ${file}) is not a folder of src`),
    ]);
    expect(problems).toEqual([]);
    for (const table of tables.keys()) expect(ownerOf(table), table).toBeDefined();
  });

  it('sees drizzle writes through any name, raw SQL writes, and no reads', () => {
    const found = writesIn(FIXTURE).map(({ line, table, how }) => `${line} ${table} ${how}`);
    expect(found).toEqual([
      '8 orders drizzle .insert()',
      '9 orders drizzle .update()',
      '10 order_details drizzle .delete()',
      '11 profiles drizzle .update()',
      '12 audit_events raw SQL insert into',
      '13 orders raw SQL update',
      '14 audit_events raw SQL delete from',
      '15 idempotency_keys raw SQL truncate',
      `16 ${RUN_TIME_TABLE} raw SQL update`,
      '18 profiles raw SQL insert into',
    ]);
    expect(violations(writesIn(FIXTURE))[0]).toBe(
      'modules/relatives/ownership-fixture.ts:8 writes orders (drizzle .insert()), owned by modules/orders: only modules/orders writes it; call its service (or, for a platform part, its functions)',
    );
  });

  it('lets only its owner write a table', () => {
    const writes = scanned.flatMap(writesIn);
    expect(violations(writes)).toEqual([]);
    const stale = OWNERSHIP_EXCEPTIONS.filter((exception) => !writes.some((w) => w.file === exception.file && w.table === exception.table));
    expect(stale, 'exceptions of src/db/table-owners.ts that no longer happen: remove them').toEqual([]);
  });
});

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The database functions, one file each (apps/api/sql/functions/<name>.sql, decision 0072): the
 * current `CREATE OR REPLACE FUNCTION` of every owo_ function. The migrations that first created
 * them stay as they ran; the files are applied after them on every migrate, so a change to a
 * function is an edit of its file, not a new migration that copies its body.
 */
export interface FunctionFile {
  /** The function's name, which is also the file's. */
  name: string;
  /** The whole file: comments and one CREATE OR REPLACE FUNCTION statement. */
  sql: string;
}

/**
 * apps/api/sql/functions, found from the module that asks, as the migrations folder is: the
 * sources run from apps/api/src/db, the compiled build from apps/api/dist or its chunks/, and the
 * build copies the files to dist/sql/functions (build.mjs).
 */
export function findFunctionsFolder(fromModuleUrl: string): string {
  const start = path.dirname(fileURLToPath(fromModuleUrl));
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'sql', 'functions');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) {
      throw new Error(`No sql/functions above ${start}: the database functions are missing`);
    }
  }
}

const DEFINITION = /\bcreate\s+(or\s+replace\s+)?function\s+(?:public\.)?"?(\w+)"?\s*\(/gi;

/**
 * The files in name order, each checked to hold exactly one CREATE OR REPLACE FUNCTION of the
 * function it is named after: a second definition, a misnamed file or a plain CREATE (which
 * fails on the second run) stops the migration before anything is applied.
 */
export function readFunctionFiles(folder: string): FunctionFile[] {
  const names = readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  if (names.length === 0) throw new Error(`No .sql files in ${folder}`);
  return names.map((file) => {
    const name = file.slice(0, -'.sql'.length);
    const sql = readFileSync(path.join(folder, file), 'utf8');
    // Comment lines may mention other functions' definitions; only the statement counts.
    const code = sql.replace(/--[^\n]*/g, '');
    const definitions = [...code.matchAll(DEFINITION)];
    const [only] = definitions;
    if (definitions.length !== 1 || !only?.[1] || only[2] !== name) {
      throw new Error(
        `${file} must hold exactly one CREATE OR REPLACE FUNCTION ${name}(…), the function it is named after`,
      );
    }
    return { name, sql };
  });
}

/** The file without its heading comment: the statement, from its first line. */
function statementOf(sql: string): string {
  const lines = sql.split('\n');
  const first = lines.findIndex((line) => line.trim() !== '' && !line.startsWith('--'));
  return lines.slice(first).join('\n');
}

/** The body between the dollar quotes, as PostgreSQL keeps it in pg_proc.prosrc. */
export function functionBody(file: FunctionFile): string {
  const match = /\bAS\s+(\$\w*\$)([\s\S]*?)\1/i.exec(statementOf(file.sql));
  if (!match?.[2]) throw new Error(`${file.name}.sql: no dollar-quoted body`);
  return match[2];
}

/** The set's digest: every file's name and text, in name order. */
export function digestOfFiles(files: FunctionFile[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.name}\0${file.sql}\0`);
  return hash.digest('hex');
}

/** What a migration did with the function files. */
export type FunctionFilesOutcome =
  | 'applied'
  /** The database has had a newer set since this one: a node of an older release left it. */
  | 'superseded';

/** The statements of one database transaction, on either driver. */
export interface FunctionFilesTx {
  /** One file: comments and a statement, sent as a simple query. */
  exec(sql: string): Promise<unknown>;
  query(sql: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * Applies the set inside the caller's transaction (and, on PostgreSQL, its migration lock), and
 * records it as the newest. A node that starts after a newer release applied its own set, still
 * running or restarting until it is replaced, finds its set among the older ones and applies
 * nothing: the newer bodies stay (the newer nodes call them). `always` is for the release's own
 * step (`cli migrate`) and the embedded database (one process, nothing older beside it): what
 * it applies is the newest by definition, even a set that had been replaced before (a revert).
 */
export async function applyFunctionFileSet(
  tx: FunctionFilesTx,
  files: FunctionFile[],
  always: boolean,
): Promise<FunctionFilesOutcome> {
  const digest = digestOfFiles(files);
  if (!always) {
    const { rows } = await tx.query(
      `select digest from function_file_sets order by applied_at desc, digest`,
      [],
    );
    const seen = rows.map((row) => row.digest as string);
    if (seen.includes(digest) && seen[0] !== digest) return 'superseded';
  }
  for (const file of files) await tx.exec(file.sql);
  await tx.query(
    `insert into function_file_sets (digest) values ($1)
     on conflict (digest) do update set applied_at = now()`,
    [digest],
  );
  return 'applied';
}

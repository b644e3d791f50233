import path from "node:path";
import ts from "typescript";

/**
 * Finds reads of the six access-controlled tables (timelines, memories, media_files,
 * notifications, relationships, users) in server/src: repository and entity-manager reads,
 * query builders, and raw SQL that SELECTs from them. Type-aware (the TypeScript checker tells
 * a `Repository<Timeline>` from any other), so `this.repo.findOneBy(…)` behind a getter is seen.
 * A write's own sub-select (`UPDATE … WHERE EXISTS (SELECT …)`, `INSERT … SELECT`) is part of the
 * write and is not reported; a statement that starts with SELECT or WITH is a read.
 */

export const ENTITIES = ["Timeline", "Memory", "MediaFile", "Notification", "User"] as const;
export const TABLES = ["timelines", "memories", "media_files", "notifications", "relationships", "users"] as const;

const READ_METHODS = new Set([
  "find",
  "findBy",
  "findOne",
  "findOneBy",
  "findOneOrFail",
  "findOneByOrFail",
  "findAndCount",
  "findAndCountBy",
  "count",
  "countBy",
  "exists",
  "existsBy",
  "sum",
  "average",
  "minimum",
  "maximum",
  "createQueryBuilder",
]);
const ENTITY_RE = new RegExp(`^Repository<(${ENTITIES.join("|")})>$`);
const TABLE_RE = new RegExp(`\\b(FROM|JOIN)\\s+"?(${TABLES.join("|")})"?\\b`, "i");

export interface ReadSite {
  /** path relative to server/src, with forward slashes */
  file: string;
  line: number;
  /** the enclosing function or method, "" at top level */
  fn: string;
  what: string;
}

/** A raw statement that reads one of the tables: it starts with SELECT or WITH and names one after FROM/JOIN. */
export function isTableRead(sql: string): boolean {
  const s = sql.replace(/--[^\n]*/g, "").trim();
  return /^\(?\s*(SELECT|WITH)\b/i.test(s) && TABLE_RE.test(s);
}

function enclosingName(node: ts.Node): string {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if ((ts.isMethodDeclaration(n) || ts.isFunctionDeclaration(n) || ts.isGetAccessor(n)) && n.name) {
      return n.name.getText();
    }
  }
  return "";
}

/** The text of a SQL argument: a literal, a template (its literal parts), or a const it names. */
function sqlText(arg: ts.Expression | undefined, checker: ts.TypeChecker, depth = 0): string | null {
  if (!arg || depth > 3) return null;
  if (ts.isStringLiteralLike(arg)) return arg.text;
  if (ts.isTemplateExpression(arg))
    return arg.head.text + arg.templateSpans.map((s) => ` ? ${s.literal.text}`).join("");
  if (ts.isIdentifier(arg) || ts.isPropertyAccessExpression(arg)) {
    const symbol = checker.getSymbolAtLocation(arg);
    const decl = symbol?.valueDeclaration;
    if (decl && ts.isVariableDeclaration(decl)) return sqlText(decl.initializer, checker, depth + 1);
  }
  return null;
}

function typeName(checker: ts.TypeChecker, expr: ts.Expression): string {
  return checker.typeToString(checker.getNonNullableType(checker.getTypeAtLocation(expr)));
}

/** One type-checked program over the given files (absolute paths), with the options of tsconfig. */
export function readScanner(files: string[], tsconfig: string) {
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  )!;
  const program = ts.createProgram({ rootNames: files, options: { ...config.options, noEmit: true } });
  return {
    reads: (srcDir: string, subset: string[]) => scanReads(program, srcDir, subset),
    breaches: (srcDir: string, subset: string[]) => readerBreaches(program, srcDir, subset),
  };
}

/** Scans files of the program; reports paths relative to srcDir. */
function scanReads(program: ts.Program, srcDir: string, files: string[]): ReadSite[] {
  const checker = program.getTypeChecker();
  const sites: ReadSite[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`not in the program: ${file}`);
    const rel = path.relative(srcDir, file).split(path.sep).join("/");
    const report = (node: ts.Node, what: string) =>
      sites.push({
        file: rel,
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        fn: enclosingName(node),
        what,
      });
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const receiver = node.expression.expression;
        if (READ_METHODS.has(method) || method === "query" || method === "getRepository") {
          const type = typeName(checker, receiver);
          const first = node.arguments[0];
          const entityArg = first && ts.isIdentifier(first) && (ENTITIES as readonly string[]).includes(first.text);
          if (READ_METHODS.has(method) && ENTITY_RE.test(type)) {
            report(node, `${type}.${method}`);
          } else if (READ_METHODS.has(method) && /^(EntityManager|DataSource)$/.test(type) && entityArg) {
            report(node, `${type}.${method}(${first.getText()})`);
          } else if (method === "query") {
            const sql = sqlText(first, checker);
            if (sql && isTableRead(sql)) report(node, `${type}.query: ${sql.replace(/\s+/g, " ").slice(0, 60)}`);
          }
        }
      } else if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === "queryRows"
      ) {
        const sql = sqlText(node.arguments[1], checker);
        if (sql && isTableRead(sql)) report(node, `queryRows: ${sql.replace(/\s+/g, " ").slice(0, 60)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return sites;
}

/** A public read of a `*.reads.ts` file that does not take the caller, or a reach around the readers. */
export interface ReadBreach {
  /** path relative to server/src (or the fixture's folder), with forward slashes */
  file: string;
  line: number;
  what: string;
}

const CALLER_TYPE = /(Viewer|Asker)$/;

/** Exported functions and public methods of exported classes of the `*.reads.ts` files. */
function publicReads(source: ts.SourceFile): Array<ts.FunctionDeclaration | ts.MethodDeclaration> {
  const exported = (n: ts.Node) =>
    ts.canHaveModifiers(n) && !!ts.getModifiers(n)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const hidden = (m: ts.ClassElement) =>
    (ts.canHaveModifiers(m) &&
      !!ts
        .getModifiers(m)
        ?.some((x) => x.kind === ts.SyntaxKind.PrivateKeyword || x.kind === ts.SyntaxKind.ProtectedKeyword)) ||
    (!!m.name && ts.isPrivateIdentifier(m.name));
  const found: Array<ts.FunctionDeclaration | ts.MethodDeclaration> = [];
  for (const s of source.statements) {
    if (ts.isFunctionDeclaration(s) && exported(s)) found.push(s);
    if (ts.isClassDeclaration(s) && exported(s)) {
      for (const m of s.members) if (ts.isMethodDeclaration(m) && !hidden(m)) found.push(m);
    }
  }
  return found;
}

/**
 * The read rule's other half: every public read of a `*.reads.ts` file takes the caller first
 * (a `Viewer`, or an `Asker` when only who asks matters, a type with `userId`), and the row readers
 * of the features (`modules/<feature>/*-rows.ts`, which take no viewer) are imported for their
 * values only by `*.reads.ts` files.
 */
export function readerBreaches(program: ts.Program, srcDir: string, files: string[]): ReadBreach[] {
  const checker = program.getTypeChecker();
  const breaches: ReadBreach[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`not in the program: ${file}`);
    const rel = path.relative(srcDir, file).split(path.sep).join("/");
    const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    if (file.endsWith(".reads.ts")) {
      for (const fn of publicReads(source)) {
        const first = fn.parameters[0];
        const typeText = first?.type?.getText() ?? "";
        const takesCaller =
          !!first && CALLER_TYPE.test(typeText) && !!checker.getTypeAtLocation(first).getProperty("userId");
        if (!takesCaller) {
          breaches.push({
            file: rel,
            line: at(fn),
            what: `${fn.name?.getText() ?? "(anonymous)"} does not take the caller (a Viewer or an Asker) first`,
          });
        }
      }
    } else {
      for (const s of source.statements) {
        if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier)) continue;
        const target = path
          .relative(srcDir, path.resolve(path.dirname(file), s.moduleSpecifier.text.replace(/\.js$/, ".ts")))
          .split(path.sep)
          .join("/");
        // a feature's row readers; db/ and the access policy have their own plain-row helpers
        if (!/-rows\.ts$/.test(target) || /^(db|modules\/access)\//.test(target)) continue;
        const clause = s.importClause;
        const typeOnly =
          !!clause &&
          (clause.isTypeOnly ||
            (!clause.name &&
              !!clause.namedBindings &&
              ts.isNamedImports(clause.namedBindings) &&
              clause.namedBindings.elements.every((e) => e.isTypeOnly)));
        if (!typeOnly) {
          breaches.push({
            file: rel,
            line: at(s),
            what: `imports the row readers ${s.moduleSpecifier.text} around a *.reads.ts file`,
          });
        }
      }
    }
  }
  return breaches;
}

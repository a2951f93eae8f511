/**
 * The API report of `@vidkeep/plugin-kit` (in the spirit of api-extractor's reports): every name
 * each entry point exports, with its kind and its type as the TypeScript checker sees it, written
 * to `kit/api-report.md`. `kit/src/api-report.test.ts` compares the file with the sources, so a
 * change to what plugin authors get (a renamed member, a narrowed parameter, a removed export)
 * fails until the report is regenerated and the change is reviewed in the diff:
 *
 *   npm run kit:api-report
 *
 * Comments and descriptions do not appear: only what a plugin's code can depend on.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const KIT_DIR = fileURLToPath(new URL('../', import.meta.url));
export const REPORT_PATH = join(KIT_DIR, 'api-report.md');

/** The kit's entry points: the subpath and its source file. */
export const ENTRY_POINTS: [subpath: string, file: string][] = [
  ['@vidkeep/plugin-kit', 'src/index.ts'],
  ['@vidkeep/plugin-kit/migration', 'src/migration.ts'],
  ['@vidkeep/plugin-kit/worker', 'src/worker.ts'],
  ['@vidkeep/plugin-kit/testing', 'src/testing.ts'],
];

const FLAGS =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.UseFullyQualifiedType |
  ts.TypeFormatFlags.WriteArrayAsGenericType |
  ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;

function compilerOptions(): ts.CompilerOptions {
  const configPath = join(KIT_DIR, '..', 'tsconfig.json');
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, join(KIT_DIR, '..'));
  return { ...parsed.options, noEmit: true };
}

/**
 * Strips the absolute import paths the checker writes for types of other modules (a `typeof
 * import("…")` keeps the package path only: the report must read the same in every clone).
 */
const clean = (text: string) =>
  text
    .replace(/import\("[^"]*"\)\./g, '')
    .replace(/import\("(?:[^"]*\/node_modules\/)?([^"]*)"\)/g, 'import("$1")')
    .replace(/\s+/g, ' ');

function members(checker: ts.TypeChecker, type: ts.Type, at: ts.Node): string[] {
  return checker
    .getPropertiesOfType(type)
    .filter((p) => !p.getName().startsWith('#') && !p.getName().startsWith('__'))
    .map((p) => {
      const declaration = p.valueDeclaration ?? p.declarations?.[0];
      const modifiers = declaration && ts.canHaveModifiers(declaration) ? ts.getModifiers(declaration) : undefined;
      if (modifiers?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword))
        return '';
      const optional = p.flags & ts.SymbolFlags.Optional ? '?' : '';
      const readonly = modifiers?.some((m) => m.kind === ts.SyntaxKind.ReadonlyKeyword) ? 'readonly ' : '';
      return `  ${readonly}${p.getName()}${optional}: ${clean(checker.typeToString(checker.getTypeOfSymbolAtLocation(p, at), at, FLAGS))}`;
    })
    .filter((line) => line !== '')
    .sort();
}

/**
 * Interfaces listed by name only: `AppConfig` is every key of `config.json`, which grows with the
 * built-in plugins' settings (docs/configuration.md lists them); a plugin reads keys by name.
 */
const NAME_ONLY = new Set(['AppConfig']);

/**
 * Whether a name is deprecated: a `@deprecated` tag on its declaration or on any re-export on the
 * way to it (the kit deprecates some contracts' names on its own re-export).
 */
function isDeprecated(checker: ts.TypeChecker, exported: ts.Symbol): boolean {
  for (let symbol: ts.Symbol | undefined = exported; symbol;) {
    if (symbol.declarations?.some((d) => ts.getJSDocDeprecatedTag(d) !== undefined)) return true;
    if (!(symbol.flags & ts.SymbolFlags.Alias)) return false;
    const next: ts.Symbol | undefined = checker.getImmediateAliasedSymbol(symbol);
    symbol = next === symbol ? undefined : next;
  }
  return false;
}

function describeExport(checker: ts.TypeChecker, exported: ts.Symbol, at: ts.Node): string[] {
  const lines = describeDeclaration(checker, exported, at);
  return isDeprecated(checker, exported) ? ['/** @deprecated */', ...lines] : lines;
}

function describeDeclaration(checker: ts.TypeChecker, exported: ts.Symbol, at: ts.Node): string[] {
  const name = exported.getName();
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const lines: string[] = [];
  if (symbol.flags & ts.SymbolFlags.Class) {
    const declared = checker.getDeclaredTypeOfSymbol(symbol);
    const statics = checker.getTypeOfSymbolAtLocation(symbol, at);
    const ctor = statics
      .getConstructSignatures()
      .map((s) => clean(checker.signatureToString(s, at, FLAGS)))
      .join(' | ');
    lines.push(`class ${name}${ctor ? ` constructor${ctor}` : ''}`, ...members(checker, declared, at));
  } else if (symbol.flags & ts.SymbolFlags.Function) {
    const type = checker.getTypeOfSymbolAtLocation(symbol, at);
    for (const signature of type.getCallSignatures()) {
      lines.push(`function ${name}${clean(checker.signatureToString(signature, at, FLAGS))}`);
    }
  } else if (symbol.flags & ts.SymbolFlags.Variable) {
    lines.push(
      `const ${name}: ${clean(checker.typeToString(checker.getTypeOfSymbolAtLocation(symbol, at), at, FLAGS))}`,
    );
  }
  if (symbol.flags & ts.SymbolFlags.Interface) {
    const declared = checker.getDeclaredTypeOfSymbol(symbol);
    const params = (declared as ts.InterfaceType).typeParameters?.map((t) => checker.typeToString(t)) ?? [];
    lines.push(`interface ${name}${params.length ? `<${params.join(', ')}>` : ''}`);
    if (!NAME_ONLY.has(name)) lines.push(...members(checker, declared, at));
  } else if (symbol.flags & ts.SymbolFlags.TypeAlias) {
    const declared = checker.getDeclaredTypeOfSymbol(symbol);
    lines.push(`type ${name} = ${clean(checker.typeToString(declared, at, FLAGS | ts.TypeFormatFlags.InTypeAlias))}`);
  }
  if (lines.length === 0) lines.push(`export ${name}`);
  return lines;
}

/** The report's text, from the sources as they are now. */
export function apiReport(): string {
  const files = ENTRY_POINTS.map(([, file]) => join(KIT_DIR, file));
  const program = ts.createProgram(files, compilerOptions());
  const checker = program.getTypeChecker();
  const out = [
    '# API report of @vidkeep/plugin-kit',
    '',
    "Generated by `npm run kit:api-report` from the kit's sources; a test fails when it is out of date.",
    'Review every change to this file as a change to the promise made to plugin authors',
    '(docs/writing-plugins.md, "Stability").',
  ];
  for (const [subpath, file] of ENTRY_POINTS) {
    const source = program.getSourceFile(join(KIT_DIR, file));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!source || !moduleSymbol) throw new Error(`cannot read ${file}`);
    const exports = checker.getExportsOfModule(moduleSymbol).sort((a, b) => a.getName().localeCompare(b.getName()));
    out.push('', `## ${subpath}`, '', `${exports.length} exports.`, '', '```ts');
    for (const exported of exports) out.push(...describeExport(checker, exported, source));
    out.push('```');
  }
  return `${out.join('\n')}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(REPORT_PATH, apiReport());
  console.log(`wrote ${REPORT_PATH}`);
}
